/**
 * Scenario 22 (issue 22): background calls on BullMQ over a real Redis (test/support/redis.ts
 * starts Debian's `redis-server` on a free loopback port), axn beside bare BullMQ running the same
 * function (`{ n } → { n }`) in the same process on the same Redis:
 *
 * - 22: latency, one job at a time. Candidate `A.enqueue(args)` then `job.result()`, worked by
 *   `startQueueWorker` (the `axn worker` loop, 1 × 8); baseline `queue.add` then
 *   `job.waitUntilFinished(queueEvents)`, a bare `Worker` (1 × 8). The figure is each round's **p50**
 *   per job (the measure; a mean would be one 30 ms outlier of a loaded machine), rounds
 *   alternating sides. Commands per job (test/queue/measure-commands.ts): bare BullMQ sends the add
 *   script and one read before waiting (its `isFinished`), its worker the move-to-active and
 *   move-to-finished scripts, and the completed event comes through a `QueueEvents` stream read;
 *   axn sends the same but for the read (a job its producer stored and has not heard end needs
 *   none), plus its admission (sent with the add, one round trip) and its worker's step (the job's
 *   count-out and an ended job's input strip, not waited for).
 * - 22b / 22c: throughput, a batch of jobs enqueued at once and awaited, with one and then two
 *   workers of concurrency 8 a side (both in this process, so the second adds concurrency, not
 *   CPU): time per job over the batch, so the ratio reads like the latency's (lower is better).
 * - 22f / 22g: 22 and 22b against bare BullMQ keeping what axn keeps by default — a worker with
 *   `removeOnComplete` / `removeOnFail` of axn's `keepEnded` (1,000 ended jobs, a day) — where
 *   bare BullMQ's default keeps every ended job for ever, work axn is asked to do and it is not (as
 *   row 5d gives fastify the Host check axn makes). 22 and 22b keep BullMQ's defaults.
 *
 * Not in the smoke pass (it needs Redis and a few seconds of round trips); in a quick or full run
 * without `redis-server` on PATH the rows are skipped with the reason — the bench never installs it.
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import { createEmbeddedQueue, DEFAULT_QUEUE_LIMITS, defineAxn, Jobs } from "@axn/core";
import { createHost } from "@axn/sdk";
import { startQueueWorker, type QueueWorker } from "@axn/sdk/queue";
import { startRedis } from "../../support/redis.js";
import type { PairResult } from "../lib/measure.js";
import { latencyRow, skippedRow } from "../lib/rows.js";
import { median, spread } from "../lib/stats.js";
import { versionOf } from "../peers/versions.js";
import type { Row, ScenarioContext } from "../lib/types.js";

const BULLMQ = versionOf("bullmq");
// The target for the queue over bare BullMQ, applied to latency and throughput alike.
const TARGET = { kind: "max", value: 1.15 } as const;

const HEAD = {
  id: "22",
  title: "Queue enqueue → complete, p50 (BullMQ on Redis)",
  candidate: "A.enqueue → job.result(), startQueueWorker 1 × 8",
  baseline: `queue.add → waitUntilFinished, Worker 1 × 8 (${BULLMQ})`,
  target: TARGET,
} as const;

const throughputHead = (id: string, workers: number, batch: number) =>
  ({
    id,
    title: `Queue throughput, ${workers} worker${workers === 1 ? "" : "s"} × 8 (${batch} jobs at once, per job)`,
    candidate: `A.enqueue × ${batch} → results, startQueueWorker ${workers} × 8`,
    baseline: `queue.add × ${batch} → waitUntilFinished, Worker ${workers} × 8 (${BULLMQ})`,
    target: TARGET,
  }) as const;

/** What axn keeps of ended jobs by default (`keepEnded`), as BullMQ's worker options say it. */
export const KEEP_AS_AXN = {
  count: DEFAULT_QUEUE_LIMITS.keepEnded.count,
  age: DEFAULT_QUEUE_LIMITS.keepEnded.ageSeconds,
} as const;

const KEPT = `Worker 1 × 8 keeping ${KEEP_AS_AXN.count.toLocaleString("en-US")} ended jobs, a day`;

const KEPT_HEAD = {
  ...HEAD,
  id: "22f",
  title: "Queue enqueue → complete, p50, vs BullMQ keeping what axn keeps",
  baseline: `queue.add → waitUntilFinished, ${KEPT} (${BULLMQ})`,
} as const;

const keptThroughputHead = (batch: number) =>
  ({
    ...throughputHead("22g", 1, batch),
    title: `Queue throughput, 1 worker × 8 (${batch} jobs at once, per job), vs BullMQ keeping what axn keeps`,
    baseline: `queue.add × ${batch} → waitUntilFinished, ${KEPT} (${BULLMQ})`,
  }) as const;

const redisInstalled = (): boolean =>
  spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim() !== "";

type Op = () => Promise<void>;

/** CPU time of this process, µs. */
const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Alternating rounds of `perRound` ops a side; a round's figure is `figure(samples)` of its op
 * times (ms), its CPU figure the process's CPU per op. Shaped as the shared harness's result.
 */
async function pairedRounds(
  baseline: Op,
  candidate: Op,
  rounds: number,
  perRound: number,
  figure: (ms: number[]) => number,
): Promise<PairResult> {
  for (let i = 0; i < Math.max(5, perRound / 5); i++) {
    await baseline();
    await candidate();
  }
  const side = async (op: Op): Promise<{ value: number; cpu: number }> => {
    const times: number[] = [];
    const cpu0 = cpuNow();
    for (let i = 0; i < perRound; i++) {
      const t0 = performance.now();
      await op();
      times.push(performance.now() - t0);
    }
    return { value: figure(times), cpu: (cpuNow() - cpu0) / perRound };
  };
  const base: number[] = [];
  const cand: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let b: { value: number; cpu: number };
    let c: { value: number; cpu: number };
    if (round % 2 === 0) {
      b = await side(baseline);
      c = await side(candidate);
    } else {
      c = await side(candidate);
      b = await side(baseline);
    }
    base.push(b.value);
    cand.push(c.value);
    ratios.push(c.value / b.value);
    cpuRatios.push(c.cpu / b.cpu);
  }
  return {
    baselineMs: spread(base),
    candidateMs: spread(cand),
    ratio: spread(ratios),
    cpuRatio: spread(cpuRatios),
    samples: 2 * rounds * perRound,
  };
}

/**
 * One side of the rows: `{ n } → { n }` on BullMQ, a worker of concurrency 8 (more with
 * `addWorker`) in this process. The bench runs both; test/queue/measure-cpu.ts and
 * measure-commands.ts run one or both the same way, so a figure measured by hand is the row's.
 */
export interface QueueSide {
  /** One job, enqueued and awaited. */
  one(n: number): Promise<void>;
  /** `size` jobs enqueued at once, then all awaited. */
  batch(size: number): Promise<void>;
  /** Another worker of concurrency 8, in this process. */
  addWorker(): Promise<void>;
  close(): Promise<void>;
}

/**
 * axn's side: a host whose config's queue is BullMQ on `url` (queue `name`), `A.enqueue → job.result()`,
 * `startQueueWorker` (the `axn worker` loop). One a process: it installs the host's queue.
 */
export async function axnSide(url: string, name: string): Promise<QueueSide> {
  await createHost({ config: { queue: { connection: url, name } } });
  const Echo = defineAxn({
    name: "Bench.QueueEcho",
    expects: { n: z.number().int() },
    exposes: { n: z.number().int() },
    call: ({ n }) => ({ n }),
  });
  const workers: QueueWorker[] = [];
  const addWorker = async () => {
    workers.push(await startQueueWorker({ connection: url, name, concurrency: 8 }));
  };
  await addWorker();
  return {
    async one(n) {
      const result = await (await Echo.enqueue({ n })).result();
      if (!result.ok || (result as unknown as { n: unknown }).n !== n)
        throw new Error(`bench workload broken: ${result.message}`);
    },
    async batch(size) {
      const jobs = await Promise.all(Array.from({ length: size }, (_, k) => Echo.enqueue({ n: k })));
      const results = await Promise.all(jobs.map((job) => job.result()));
      if (results.some((result) => !result.ok)) throw new Error("bench workload broken: a batch job failed");
    },
    addWorker,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      // Back to the embedded queue: closes the BullMQ backend createHost opened.
      await Jobs.use(createEmbeddedQueue());
    },
  };
}

/**
 * Bare BullMQ's side: `queue.add → job.waitUntilFinished(queueEvents)`, a bare `Worker` — with
 * BullMQ's defaults, or keeping ended jobs as `keep` says (the worker's `removeOnComplete` and
 * `removeOnFail`).
 */
export async function bareSide(
  url: string,
  name: string,
  keep?: { readonly count: number; readonly age: number },
): Promise<QueueSide> {
  // BullMQ closes what it made, not a connection it was given: these are cut at close.
  const clients: Redis[] = [];
  const connection = () => {
    const client = new Redis(url, { maxRetriesPerRequest: null });
    clients.push(client);
    return client;
  };
  const queue = new Queue(name, { connection: connection() });
  const events = new QueueEvents(name, { connection: connection() });
  // Every waitUntilFinished listens on both: a batch would otherwise print Node's leak warning.
  queue.setMaxListeners(0);
  events.setMaxListeners(0);
  const echo = async (job: { data: unknown }) => ({ n: (job.data as { n: number }).n });
  const workers: Worker[] = [];
  const addWorker = async () => {
    const worker = new Worker(name, echo, {
      connection: connection(),
      concurrency: 8,
      ...(keep === undefined ? {} : { removeOnComplete: keep, removeOnFail: keep }),
    });
    workers.push(worker);
    await worker.waitUntilReady();
  };
  await addWorker();
  await events.waitUntilReady();
  return {
    async one(n) {
      const done = (await (await queue.add("echo", { n })).waitUntilFinished(events)) as { n: number };
      if (done.n !== n) throw new Error("bench workload broken: bare BullMQ returned another n");
    },
    async batch(size) {
      const jobs = await Promise.all(Array.from({ length: size }, (_, k) => queue.add("echo", { n: k })));
      await Promise.all(jobs.map((job) => job.waitUntilFinished(events)));
    },
    addWorker,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await events.close();
      await queue.close();
      // Cut before Redis stops: left open they would dial it for the rest of the run.
      for (const client of clients) client.disconnect();
    },
  };
}

export async function queueScenario(ctx: ScenarioContext): Promise<readonly Row[]> {
  if (!ctx.ownProcess) return [];
  const rounds = ctx.quick ? 3 : 7;
  const perRound = ctx.quick ? 60 : 300;
  const batch = ctx.quick ? 100 : 500;
  const batches = ctx.quick ? 2 : 4;
  const heads = [
    HEAD,
    throughputHead("22b", 1, batch),
    throughputHead("22c", 2, batch),
    KEPT_HEAD,
    keptThroughputHead(batch),
  ];
  if (!redisInstalled())
    return heads.map((head) =>
      skippedRow(head, "µs/op", "skipped: redis-server is not on PATH (apt-get install redis-server)"),
    );
  const redis = await startRedis();
  const sides: QueueSide[] = [];
  try {
    const axn = await axnSide(redis.url, `bench-axn-${process.pid}`);
    sides.push(axn);
    const bare = await bareSide(redis.url, `bench-bare-${process.pid}`);
    sides.push(bare);
    const kept = await bareSide(redis.url, `bench-kept-${process.pid}`, KEEP_AS_AXN);
    sides.push(kept);
    let i = 0;
    const candidate = () => axn.one(++i);
    ctx.log("22 queue enqueue → complete (Redis), p50");
    const latency = latencyRow(
      HEAD,
      await pairedRounds(() => bare.one(++i), candidate, rounds, perRound, median),
      rounds,
    );
    ctx.log("22f queue enqueue → complete, vs BullMQ keeping what axn keeps");
    const keptLatency = latencyRow(
      KEPT_HEAD,
      await pairedRounds(() => kept.one(++i), candidate, rounds, perRound, median),
      rounds,
    );
    // Per job over a batch: the batch's time divided by its size.
    const perJob = (ms: number[]) => median(ms) / batch;
    const candidateBatch = () => axn.batch(batch);
    const throughput = async (baseline: QueueSide) =>
      pairedRounds(() => baseline.batch(batch), candidateBatch, rounds, batches, perJob);
    ctx.log("22b queue throughput, 1 worker");
    const one = latencyRow(heads[1]!, await throughput(bare), rounds);
    ctx.log("22g queue throughput, 1 worker, vs BullMQ keeping what axn keeps");
    const keptOne = latencyRow(heads[4]!, await throughput(kept), rounds);
    await axn.addWorker();
    await bare.addWorker();
    ctx.log("22c queue throughput, 2 workers");
    const two = latencyRow(heads[2]!, await throughput(bare), rounds);
    return [latency, one, two, keptLatency, keptOne];
  } finally {
    for (const side of sides) await side.close();
    await redis.stop();
  }
}
