/**
 * By hand, not in CI: enqueue→complete latency (p50/p99, one job at a time) and throughput (many
 * jobs at once) for axn's queue on BullMQ beside bare BullMQ running the same function, with 1 and 2
 * workers, on a real Redis (test/support/redis.ts). docs/scaling.md reports its output.
 *
 *   node --import tsx test/queue/measure.ts            # N=300 sequential, M=2000 concurrent
 *   MEASURE_N=1000 MEASURE_M=5000 node --import tsx test/queue/measure.ts
 */
import { performance } from "node:perf_hooks";
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import { defineAxn } from "@axn/core";
import { createHost } from "@axn/sdk";
import { startQueueWorker, type QueueWorker } from "@axn/sdk/queue";
import { resetKernel } from "@axn/sdk/testing";
import { startRedis } from "../support/redis.js";

const N = Number(process.env["MEASURE_N"] ?? 300);
const M = Number(process.env["MEASURE_M"] ?? 2000);

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
function summary(samples: number[]): { p50: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

const redis = await startRedis();
const rows: string[] = [];
try {
  for (const workers of [1, 2]) {
    // axn: A.enqueue → job.result()
    const name = `measure-axn-${workers}`;
    resetKernel();
    await createHost({ config: { queue: { connection: redis.url, name } } });
    const Echo = defineAxn({
      name: "Measure.Echo",
      expects: { n: z.number().int() },
      exposes: { n: z.number().int() },
      call: ({ n }) => ({ n }),
    });
    const started: QueueWorker[] = [];
    for (let i = 0; i < workers; i++)
      started.push(await startQueueWorker({ connection: redis.url, name, concurrency: 8 }));
    for (let i = 0; i < 20; i++) await (await Echo.enqueue({ n: i })).result(); // warm-up
    const axnLatency: number[] = [];
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      await (await Echo.enqueue({ n: i })).result();
      axnLatency.push(performance.now() - t0);
    }
    let t0 = performance.now();
    const jobs = await Promise.all(Array.from({ length: M }, (_, i) => Echo.enqueue({ n: i })));
    await Promise.all(jobs.map((job) => job.result()));
    const axnRate = M / ((performance.now() - t0) / 1000);
    await Promise.all(started.map((worker) => worker.close()));

    // bare BullMQ: queue.add → job.waitUntilFinished(events), the same function
    const bare = `measure-bare-${workers}`;
    const connection = () => new Redis(redis.url, { maxRetriesPerRequest: null });
    const queue = new Queue(bare, { connection: connection() });
    const events = new QueueEvents(bare, { connection: connection() });
    await events.waitUntilReady();
    const bareWorkers = Array.from(
      { length: workers },
      () =>
        new Worker(bare, async (job) => ({ n: (job.data as { n: number }).n }), {
          connection: connection(),
          concurrency: 8,
        }),
    );
    for (let i = 0; i < 20; i++) await (await queue.add("echo", { n: i })).waitUntilFinished(events);
    const bareLatency: number[] = [];
    for (let i = 0; i < N; i++) {
      const s = performance.now();
      await (await queue.add("echo", { n: i })).waitUntilFinished(events);
      bareLatency.push(performance.now() - s);
    }
    t0 = performance.now();
    const bareJobs = await Promise.all(Array.from({ length: M }, (_, i) => queue.add("echo", { n: i })));
    await Promise.all(bareJobs.map((job) => job.waitUntilFinished(events)));
    const bareRate = M / ((performance.now() - t0) / 1000);
    await Promise.all(bareWorkers.map((worker) => worker.close()));
    await events.close();
    await queue.close();

    const a = summary(axnLatency);
    const b = summary(bareLatency);
    rows.push(
      `| ${workers} × 8 | axn | ${a.p50.toFixed(2)} ms | ${a.p99.toFixed(2)} ms | ${Math.round(axnRate)} jobs/s | ${(a.p50 / b.p50).toFixed(2)}× p50, ${(a.p99 / b.p99).toFixed(2)}× p99 |`,
      `| ${workers} × 8 | bare BullMQ | ${b.p50.toFixed(2)} ms | ${b.p99.toFixed(2)} ms | ${Math.round(bareRate)} jobs/s | 1.00× |`,
    );
  }
} finally {
  await redis.stop();
}
process.stdout.write(
  `N=${N} sequential, M=${M} at once\n| workers | runner | p50 | p99 | throughput | vs bare |\n|---|---|---|---|---|---|\n${rows.join("\n")}\n`,
);
process.exit(0);
