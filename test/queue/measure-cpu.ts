/**
 * By hand, not in CI: one side of bench row 22 (one job at a time, `{ n } → { n }`, a worker of
 * concurrency 8 in this process) in a loop on a Redis of its own, for a profiler — axn's
 * `A.enqueue → job.result()` or bare BullMQ's `queue.add → waitUntilFinished`. Prints the mean wall
 * time, this process's CPU and Redis's (INFO cpu) per job.
 *
 *   node --import tsx test/queue/measure-cpu.ts axn|bare [jobs]                 # PROFILE_COMMANDS=1: Redis time by command
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx test/queue/measure-cpu.ts axn|bare [jobs]
 */
import { performance } from "node:perf_hooks";
import { Queue, QueueEvents, Worker } from "bullmq";
import { Redis } from "ioredis";
import { z } from "zod";
import { createEmbeddedQueue, defineAxn, Jobs } from "@axn/core";
import { createHost } from "@axn/sdk";
import { startQueueWorker } from "@axn/sdk/queue";
import { startRedis } from "../support/redis.js";

const [side = "axn", count] = process.argv.slice(2);
const N = Number(count ?? 3000);

const redis = await startRedis();
const name = `profile-${side}-${process.pid}`;
let op: () => Promise<void>;
let close: () => Promise<void>;
if (side === "axn") {
  await createHost({ config: { queue: { connection: redis.url, name } } });
  const Echo = defineAxn({
    name: "Profile.QueueEcho",
    expects: { n: z.number().int() },
    exposes: { n: z.number().int() },
    call: ({ n }) => ({ n }),
  });
  const worker = await startQueueWorker({ connection: redis.url, name, concurrency: 8 });
  let i = 0;
  op = async () => {
    const result = await (await Echo.enqueue({ n: ++i })).result();
    if (!result.ok) throw new Error(result.message);
  };
  close = async () => {
    await worker.close();
    await Jobs.use(createEmbeddedQueue());
  };
} else {
  const clients: Redis[] = [];
  const connection = () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    clients.push(client);
    return client;
  };
  const queue = new Queue(name, { connection: connection() });
  const events = new QueueEvents(name, { connection: connection() });
  const worker = new Worker(name, async (job) => ({ n: (job.data as { n: number }).n }), {
    connection: connection(),
    concurrency: 8,
  });
  await events.waitUntilReady();
  let i = 0;
  op = async () => {
    await (await queue.add("echo", { n: ++i })).waitUntilFinished(events);
  };
  close = async () => {
    await worker.close();
    await events.close();
    await queue.close();
    for (const client of clients) client.disconnect();
  };
}
for (let i = 0; i < 200; i++) await op();
const admin = new Redis(redis.url);
/** Redis's own CPU so far (µs): the scripts and commands each side makes it run. */
const redisCpu = async (): Promise<number> => {
  const info = (await admin.info("cpu")) as string;
  const field = (key: string) => Number(new RegExp(`${key}:([0-9.]+)`).exec(info)?.[1] ?? 0);
  return (field("used_cpu_user") + field("used_cpu_sys")) * 1e6;
};
const r0 = await redisCpu();
const { user: u0, system: s0 } = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < N; i++) await op();
const wall = (performance.now() - t0) / N;
const { user, system } = process.cpuUsage();
const redisPerJob = ((await redisCpu()) - r0) / N;
if (process.env["PROFILE_COMMANDS"] !== undefined) {
  // Where Redis's time goes: each command's total µs a job (a script's own calls listed beside it).
  const rows = ((await admin.info("commandstats")) as string)
    .split("\r\n")
    .map((line) => /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, Number(match[2]) / N, Number(match[3]) / N] as const)
    .sort((a, b) => b[2] - a[2]);
  for (const [command, calls, usec] of rows.slice(0, 25))
    console.log(`  ${command}: ${calls.toFixed(2)} calls, ${usec.toFixed(1)} µs a job`);
}
admin.disconnect();
console.log(
  `${side}: ${(wall * 1000).toFixed(0)} µs a job, CPU ${((user - u0 + system - s0) / N).toFixed(0)} µs a job here, ${redisPerJob.toFixed(0)} µs in Redis (${N} jobs)`,
);
await close();
await redis.stop();
