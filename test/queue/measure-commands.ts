/**
 * By hand, not in CI: Redis commands per job (INFO commandstats before/after N jobs: one at a
 * time, or COUNT_BATCH at once) for axn's queue beside bare BullMQ running the same function
 * (bench row 22: `{ n } → { n }`, a worker of concurrency 8), each on a Redis of its own. Commands
 * scripts run count too (a script's calls are listed beside its EVALSHA). Both sides are the bench's
 * own (test/bench/scenarios/queue.ts).
 *
 *   node --import tsx test/queue/measure-commands.ts                   # N=200, one at a time
 *   COUNT_BATCH=100 node --import tsx test/queue/measure-commands.ts   # 200 jobs, 100 at once
 */
import { Redis } from "ioredis";
import { axnSide, bareSide, type QueueSide } from "../bench/scenarios/queue.js";
import { startRedis } from "../support/redis.js";

const N = Number(process.env["COUNT_N"] ?? 200);
const BATCH = Number(process.env["COUNT_BATCH"] ?? 1);

/** N jobs through `one`, BATCH at a time. */
async function jobs(one: (n: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < N; i += BATCH) await Promise.all(Array.from({ length: BATCH }, (_, k) => one(i + k)));
}

async function stats(client: Redis): Promise<Map<string, number>> {
  const text = (await client.info("commandstats")) as string;
  const out = new Map<string, number>();

  for (const line of text.split("\n")) {
    const match = /^cmdstat_([^:]+):calls=(\d+)/.exec(line.trim());
    if (match !== null) out.set(match[1]!, Number(match[2]));
  }
  return out;
}

/**
 * The commands clients send while it runs (MONITOR, which tags a script's own calls "lua": those are
 * left out), by name.
 */
async function watchSent(url: string): Promise<{ stop(): Promise<string> }> {
  const sent = new Map<string, number>();
  const client = new Redis(url);
  const monitor = await client.monitor();
  monitor.on("monitor", (_time: string, args: string[], source: string) => {
    if (source === "lua" || args[0] === undefined) return;
    const name = args[0].toLowerCase();
    sent.set(name, (sent.get(name) ?? 0) + 1);
  });
  return {
    async stop() {
      monitor.disconnect();
      client.disconnect();
      let total = 0;
      const rows: string[] = [];
      for (const [name, count] of sent) {
        if (name === "info") continue;
        total += count;
        rows.push(`${name}=${(count / N).toFixed(2)}`);
      }
      return `${(total / N).toFixed(2)} sent (${rows.sort().join(" ")})`;
    },
  };
}

function perJob(before: Map<string, number>, after: Map<string, number>): string {
  const rows: string[] = [];
  let total = 0;
  for (const [name, calls] of after) {
    const delta = calls - (before.get(name) ?? 0) - (name === "info" ? 1 : 0);
    if (delta <= 0) continue;
    total += delta;
    rows.push(`${name}=${(delta / N).toFixed(2)}`);
  }
  return `${(total / N).toFixed(2)} run, the scripts' own calls included (${rows.sort().join(" ")})`;
}

/** One side's commands per job, on a Redis of its own: the bench's setup (test/bench/scenarios/queue.ts). */
async function count(side: (url: string, name: string) => Promise<QueueSide>): Promise<string> {
  const redis = await startRedis();
  const run = await side(redis.url, "count");
  for (let i = 0; i < 20; i++) await run.one(i);
  const probe = new Redis(redis.url);
  const before = await stats(probe);
  const watch = await watchSent(redis.url);
  await jobs((n) => run.one(n));
  // axn's input strip runs after the completion: let it land before counting.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const sent = await watch.stop();
  const after = await stats(probe);
  await run.close();
  probe.disconnect();
  await redis.stop();
  return `${sent}; ${perJob(before, after)}`;
}

process.stdout.write(`bare BullMQ: ${await count(bareSide)}\n`);
process.stdout.write(`axn:         ${await count(axnSide)}\n`);
