/**
 * By hand, not in CI: bench row 22's two sides (test/bench/scenarios/queue.ts: one job at a time,
 * `{ n } → { n }`, a worker of concurrency 8 in the same process) by instructions per job, a figure
 * the machine's load does not move — the Node process and redis-server each under
 * `valgrind --tool=callgrind`:
 *
 *   node --import tsx test/queue/measure-instructions.ts [from=300] [to=1300] [--axn-only] [--save=<file>] [--keep]
 *
 * Per side, a Redis of its own starts under callgrind, then the side's child: it runs `from` jobs,
 * waits on its stdin while both counters are zeroed (`callgrind_control`), runs the jobs up to `to`,
 * and waits again while both are dumped — start-up and exit excluded. V8 runs `--single-threaded`
 * (compilation and GC counted) with `--perf-basic-prof` (JIT code named). Printed: Node's
 * instructions a job by area (axn's packages, BullMQ, ioredis, V8's builtins, GC, compiler), Redis's
 * a job, and the functions where axn's Node process spends most beyond bare's (`--keep`: the
 * callgrind dumps are left for callgrind_annotate, their paths printed). Slow: a minute or
 * two per side. Start it with the Node to measure; the children run on the same binary.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { Redis } from "ioredis";
import { axnSide, bareSide } from "../bench/scenarios/queue.js";
import { freePort } from "../support/redis.js";
import { areaOf, callgrindArgs, jitNamer, selfInstructions } from "../bench/lib/callgrind.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SIDES = ["bare", "axn"] as const;
type Side = (typeof SIDES)[number];
/** valgrind's programs, installed on the machine (apt's `valgrind`), not npm packages. */
const VALGRIND = { run: "valgrind", control: "callgrind_control" } as const;

/** The child: one side on the Redis at `url`, its jobs in two windows, a line on stdout after each. */
async function child(side: Side, url: string, from: number, to: number): Promise<void> {
  const name = `instructions-${side}`;
  const run = side === "axn" ? await axnSide(url, name) : await bareSide(url, name);
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  let n = 0;
  const jobs = async (count: number) => {
    for (let i = 0; i < count; i++) await run.one(++n);
  };
  await jobs(from);
  process.stdout.write("ready\n");
  await lines.next();
  await jobs(to - from);
  process.stdout.write("done\n");
  await lines.next();
  await run.close();
  process.exit(0);
}

/** Each function's own instructions a job in a dump, JIT code named by `jsAt` when given. */
function perJob(file: string, jobs: number, jsAt?: (address: number) => string): Map<string, number> {
  const costs = new Map<string, number>();
  for (const [name, cost] of selfInstructions(readFileSync(file, "utf8"))) {
    const named = jsAt !== undefined && /^0x[0-9a-f]+/.test(name) ? jsAt(Number.parseInt(name.slice(2), 16)) : name;
    costs.set(named, (costs.get(named) ?? 0) + cost / jobs);
  }
  return costs;
}

/** One side: its Node process's and its Redis's instructions a job, by function, jobs `from + 1` to `to`. */
async function counted(side: Side, from: number, to: number) {
  const base = join(tmpdir(), `queue-instructions-${side}-${process.pid}`);
  const port = await freePort();
  const redis: ChildProcess = spawn(
    VALGRIND.run,
    [
      "--tool=callgrind",
      `--callgrind-out-file=${base}.redis`,
      "redis-server",
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
    ],
    { stdio: "ignore" },
  );
  const url = `redis://127.0.0.1:${port}`;
  // Up once it answers (valgrind takes a few seconds to start it); errors until then are the retries'.
  const probe = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: () => 100 });
  probe.on("error", () => undefined);
  await probe.ping();
  probe.disconnect();
  const script = fileURLToPath(import.meta.url);
  const served = spawn(
    VALGRIND.run,
    callgrindArgs(`${base}.node`, script, ["--child", side, url, String(from), String(to)]),
    {
      cwd: ROOT,
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const said = createInterface({ input: served.stdout! })[Symbol.asyncIterator]();
  const expect = async (word: string): Promise<void> => {
    const next = await said.next();
    if (next.value !== word) throw new Error(`measure-instructions: ${side} said ${next.value} before ${word}`);
  };
  const control = (what: string) => {
    for (const pid of [served.pid, redis.pid]) execFileSync(VALGRIND.control, [what, String(pid)], { stdio: "ignore" });
  };
  await expect("ready");
  control("--zero");
  served.stdin!.write("go\n");
  await expect("done");
  control("--dump");
  served.stdin!.write("end\n");
  await once(served, "exit");
  redis.kill("SIGTERM");
  await once(redis, "exit");
  const mapFile = `/tmp/perf-${served.pid}.map`;
  const node = perJob(`${base}.node.1`, to - from, jitNamer(readFileSync(mapFile, "utf8")));
  const server = perJob(`${base}.redis.1`, to - from);
  if (process.argv.includes("--keep"))
    console.log(`${side}: callgrind dumps ${base}.node.1 (JIT names in ${mapFile}) and ${base}.redis.1`);
  else
    for (const file of [`${base}.node`, `${base}.node.1`, `${base}.redis`, `${base}.redis.1`, mapFile])
      rmSync(file, { force: true });
  return { node, redis: server };
}

/** JavaScript's areas, by script URL (see lib/callgrind.ts `areaOf`). */
const JS_AREAS = [
  ["JS @axn/core", /\/core\/dist\//],
  ["JS @axn/sdk", /\/sdk\/dist\//],
  ["JS bullmq", /\/bullmq\//],
  ["JS ioredis", /\/ioredis\/|\/@ioredis\//],
  ["JS msgpackr", /\/msgpackr\//],
  ["JS zod", /zod/],
  ["JS node", /node:/],
] as const;

async function main(): Promise<void> {
  const [fromArg, toArg] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const [from, to] = [Number(fromArg ?? 300), Number(toArg ?? 1300)];
  const sides = process.argv.includes("--axn-only") ? (["axn"] as const) : SIDES;
  const bySide = new Map<Side, { node: Map<string, number>; redis: Map<string, number> }>();
  for (const side of sides) bySide.set(side, await counted(side, from, to));
  const sum = (costs: Map<string, number> | undefined, keep: (name: string) => boolean = () => true): number =>
    [...(costs ?? new Map<string, number>())].reduce((total, [name, n]) => total + (keep(name) ? n : 0), 0);
  const k = (n: number): string => `${(n / 1000).toFixed(1)}k`.padStart(10);
  const areas = [
    ...new Set([...bySide.values()].flatMap(({ node }) => [...node.keys()].map((name) => areaOf(name, JS_AREAS)))),
  ].sort();
  console.log(`instructions a job, jobs ${from} → ${to} (--single-threaded): ${sides.join(", ")}`);
  for (const area of areas)
    console.log(
      `${area.padEnd(22)}${sides.map((side) => k(sum(bySide.get(side)?.node, (name) => areaOf(name, JS_AREAS) === area))).join("")}`,
    );
  console.log(`${"Node total".padEnd(22)}${sides.map((side) => k(sum(bySide.get(side)?.node))).join("")}`);
  console.log(`${"redis-server".padEnd(22)}${sides.map((side) => k(sum(bySide.get(side)?.redis))).join("")}`);
  const [bare, axn] = [bySide.get("bare"), bySide.get("axn")!];
  if (bare !== undefined)
    console.log(
      `axn ÷ bare: Node ${(sum(axn.node) / sum(bare.node)).toFixed(3)}×, Redis ${(sum(axn.redis) / sum(bare.redis)).toFixed(3)}×`,
    );
  // The GC's share moves with when a major collection falls in the window: its functions are left out.
  console.log(
    bare === undefined ? "axn's costliest functions (GC aside):" : "what axn spends most beyond bare (GC aside):",
  );
  const extra = [...new Set([...axn.node.keys(), ...(bare?.node.keys() ?? [])])]
    .filter((name) => areaOf(name, JS_AREAS) !== "GC")
    .map((name) => [name, (axn.node.get(name) ?? 0) - (bare?.node.get(name) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40);
  for (const [name, n] of extra)
    console.log(`${k(n)}  ${name.replace(`file://${ROOT}`, "").replace("node_modules/", "").slice(0, 110)}`);
  const save = process.argv.find((arg) => arg.startsWith("--save="));
  if (save !== undefined)
    writeFileSync(
      save.slice(7),
      JSON.stringify(
        Object.fromEntries(
          [...bySide].map(([side, { node, redis }]) => [
            side,
            { node: Object.fromEntries(node), redis: Object.fromEntries(redis) },
          ]),
        ),
      ),
    );
}

const at = process.argv.indexOf("--child");
if (at === -1) await main();
else
  await child(
    process.argv[at + 1] as Side,
    process.argv[at + 2]!,
    Number(process.argv[at + 3]),
    Number(process.argv[at + 4]),
  );
