/**
 * By hand, not in CI: one side of bench row 22 (one job at a time, `{ n } → { n }`, a worker of
 * concurrency 8 in this process: the bench's own setup, test/bench/scenarios/queue.ts) in a loop on
 * a Redis of its own, for a profiler — axn's `A.enqueue → job.result()` or bare BullMQ's
 * `queue.add → waitUntilFinished` (`kept`: its worker keeping what axn keeps, row 22f). Prints the
 * mean wall time, this process's CPU (user and system apart: a socket write's cost shows as system
 * time) and Redis's (INFO cpu) per job; `COUNT_BATCH=n`: n jobs at once (row 22b's shape) instead
 * of one at a time.
 *
 *   node --import tsx test/queue/measure-cpu.ts axn|bare|kept [jobs]     # PROFILE_COMMANDS=1: Redis time by command
 *   PROFILE_SCRIPTS=1 node --import tsx test/queue/measure-cpu.ts axn|bare [jobs]   # Redis time by script
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx test/queue/measure-cpu.ts axn|bare [jobs]
 *   MEASURE_REDIS_URL=redis://127.0.0.1:6390 node --import tsx test/queue/measure-cpu.ts axn   # a Redis of yours
 */
import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import { axnSide, bareSide, KEEP_AS_AXN } from "../bench/scenarios/queue.js";
import { startRedis } from "../support/redis.js";

const [side = "axn", count] = process.argv.slice(2);
const N = Number(count ?? 3000);
const BATCH = Number(process.env["COUNT_BATCH"] ?? 1);

// MEASURE_REDIS_URL: a Redis started by hand (under valgrind, say, for its instruction counts).
const given = process.env["MEASURE_REDIS_URL"];
const redis = given === undefined ? await startRedis() : { url: given, stop: async () => undefined };
const name = `profile-${side}-${process.pid}`;
const run =
  side === "axn"
    ? await axnSide(redis.url, name)
    : await bareSide(redis.url, name, side === "kept" ? KEEP_AS_AXN : undefined);
let i = 0;
const op = () => (BATCH === 1 ? run.one(++i) : run.batch(BATCH));
const ops = Math.ceil(N / BATCH);
for (let k = 0; k < Math.max(5, 200 / BATCH); k++) await op();
const admin = new Redis(redis.url);
/** Redis's own CPU so far (µs): the scripts and commands each side makes it run. */
const redisCpu = async (): Promise<number> => {
  const info = (await admin.info("cpu")) as string;
  const field = (key: string) => Number(new RegExp(`${key}:([0-9.]+)`).exec(info)?.[1] ?? 0);
  return (field("used_cpu_user") + field("used_cpu_sys")) * 1e6;
};
const scripts = process.env["PROFILE_SCRIPTS"] !== undefined;
if (scripts) {
  // Every command in the slow log with its duration: EVALSHA's are told apart by their SHA.
  await admin.config("SET", "slowlog-log-slower-than", "0");
  await admin.config("SET", "slowlog-max-len", String(200 * N));
  await admin.slowlog("RESET");
}
await admin.config("RESETSTAT");
const r0 = await redisCpu();
const { user: u0, system: s0 } = process.cpuUsage();
const t0 = performance.now();
for (let k = 0; k < ops; k++) await op();
const jobs = ops * BATCH;
const wall = (performance.now() - t0) / jobs;
const { user, system } = process.cpuUsage();
const redisPerJob = ((await redisCpu()) - r0) / jobs;
if (process.env["PROFILE_COMMANDS"] !== undefined) {
  // Where Redis's time goes: each command's total µs a job (a script's own calls listed beside it).
  const rows = ((await admin.info("commandstats")) as string)
    .split("\r\n")
    .map((line) => /^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/.exec(line))
    .filter((match) => match !== null)
    .map((match) => [match[1]!, Number(match[2]) / jobs, Number(match[3]) / jobs] as const)
    .sort((a, b) => b[2] - a[2]);
  for (const [command, calls, usec] of rows.slice(0, 25))
    console.log(`  ${command}: ${calls.toFixed(2)} calls, ${usec.toFixed(1)} µs a job`);
}
if (scripts) {
  await admin.config("SET", "slowlog-log-slower-than", "10000");
  // BullMQ's scripts by name (the SHA of each script's text); axn's by the keys they are sent with.
  const bullmqScripts = (await import("bullmq/dist/esm/scripts/index.js")) as unknown as Record<
    string,
    { readonly content: string }
  >;
  const names = new Map<string, string>();
  for (const [scriptName, script] of Object.entries(bullmqScripts))
    names.set(createHash("sha1").update(script.content).digest("hex"), scriptName);
  const entries = (await admin.slowlog("GET", -1)) as [number, number, number, string[]][];
  const bySha = new Map<string, { calls: number; usec: number }>();
  for (const [, , usec, args] of entries) {
    if (args[0]?.toLowerCase() !== "evalsha") continue;
    const label = names.get(args[1]!) ?? `other ${args[1]!.slice(0, 8)} (first key ${args[3] ?? "none"})`;
    const seen = bySha.get(label) ?? { calls: 0, usec: 0 };
    seen.calls++;
    seen.usec += usec;
    bySha.set(label, seen);
  }
  for (const [label, { calls, usec }] of [...bySha].sort((a, b) => b[1].usec - a[1].usec))
    console.log(
      `  ${label}: ${(calls / jobs).toFixed(2)} calls, ${(usec / jobs).toFixed(1)} µs a job, ${(usec / calls).toFixed(1)} µs a call`,
    );
}
admin.disconnect();
console.log(
  `${side}: ${(wall * 1000).toFixed(0)} µs a job, CPU ${((user - u0 + system - s0) / jobs).toFixed(0)} µs a job here (${((user - u0) / jobs).toFixed(0)} user, ${((system - s0) / jobs).toFixed(0)} system), ${redisPerJob.toFixed(0)} µs in Redis (${jobs} jobs${BATCH === 1 ? "" : `, ${BATCH} at once`})`,
);
await run.close();
await redis.stop();
