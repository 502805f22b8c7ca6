/**
 * Scenario 22 (issue 22): one background call, enqueue → complete, on BullMQ over a real Redis
 * (test/support/redis.ts starts Debian's `redis-server` on a free loopback port). Candidate:
 * `A.enqueue(args)` then `job.result()`, worked by `startQueueWorker` (the `axn worker` loop, 1 × 8)
 * in this process. Baseline: bare BullMQ — `queue.add` then `job.waitUntilFinished(queueEvents)`,
 * a `Worker` (1 × 8) running the same function. One job at a time, so the figure is latency; rounds
 * alternate sides. The hand-run test/queue/measure.ts adds throughput and a second worker.
 *
 * Not in the smoke pass (it needs Redis and a few seconds of round trips); in a quick or full run
 * without `redis-server` on PATH the row is skipped with the reason — the bench never installs it.
 */
import { spawnSync } from "node:child_process";
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import { createEmbeddedQueue, defineAxn, Jobs } from "@axn/core";
import { createHost } from "@axn/sdk";
import { startQueueWorker } from "@axn/sdk/queue";
import { startRedis } from "../../support/redis.js";
import { measurePair } from "../lib/measure.js";
import { latencyRow, skippedRow } from "../lib/rows.js";
import { versionOf } from "../peers/versions.js";
import type { Row, ScenarioContext } from "../lib/types.js";

const HEAD = {
  id: "22",
  title: "Queue enqueue → complete (BullMQ on Redis)",
  candidate: "A.enqueue → job.result(), startQueueWorker 1 × 8",
  baseline: `queue.add → waitUntilFinished, Worker 1 × 8 (${versionOf("bullmq")})`,
  // The target for the queue's latency over bare BullMQ.
  target: { kind: "max", value: 1.15 },
} as const;

const redisInstalled = (): boolean => spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim() !== "";

export async function queueScenario(ctx: ScenarioContext): Promise<readonly Row[]> {
  if (!ctx.ownProcess) return [];
  if (!redisInstalled()) return [skippedRow(HEAD, "µs/op", "skipped: redis-server is not on PATH (apt-get install redis-server)")];
  const redis = await startRedis();
  const connection = () => new Redis(redis.url, { maxRetriesPerRequest: null });
  const name = `bench-axn-${process.pid}`;
  const bare = `bench-bare-${process.pid}`;
  const queue = new Queue(bare, { connection: connection() });
  const events = new QueueEvents(bare, { connection: connection() });
  const worker = new Worker(bare, async (job) => ({ n: (job.data as { n: number }).n }), { connection: connection(), concurrency: 8 });
  try {
    await createHost({ config: { queue: { connection: redis.url, name } } });
    const Echo = defineAxn({ name: "Bench.QueueEcho", expects: { n: z.number().int() }, exposes: { n: z.number().int() }, call: ({ n }) => ({ n }) });
    const axnWorker = await startQueueWorker({ connection: redis.url, name, concurrency: 8 });
    try {
      await events.waitUntilReady();
      let i = 0;
      const candidate = async () => {
        const result = await (await Echo.enqueue({ n: ++i })).result();
        if (!result.ok) throw new Error(`bench workload broken: ${result.message}`);
      };
      const baseline = async () => {
        const done = (await (await queue.add("echo", { n: ++i })).waitUntilFinished(events)) as { n: number };
        if (typeof done.n !== "number") throw new Error("bench workload broken: bare BullMQ returned no n");
      };
      ctx.log("22 queue enqueue → complete (Redis)");
      return [latencyRow(HEAD, await measurePair(baseline, candidate, ctx.pair), ctx.pair.rounds)];
    } finally {
      await axnWorker.close();
    }
  } finally {
    // Back to the embedded queue: closes the BullMQ backend createHost opened.
    await Jobs.use(createEmbeddedQueue());
    await worker.close();
    await events.close();
    await queue.close();
    await redis.stop();
  }
}
