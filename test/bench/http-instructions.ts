/**
 * A diagnostic, not a scenario: instructions per request of one of scenario 5's servers over real
 * loopback HTTP (test/bench/http-server.ts, the same child process the bench starts), counted by
 * valgrind's callgrind — a figure that does not move with the machine's load, unlike req/s.
 *
 *   node --import tsx test/bench/http-instructions.ts <axn|fastify|floor|…> [warm-up=20000] [requests=40000] [functions=30]
 *
 * The server runs under `valgrind --tool=callgrind` with V8's `--single-threaded` (compilation and
 * GC on the main thread, counted) and `--perf-basic-prof` (JIT code named); autocannon (10
 * connections, the scenario's body) sends the warm-up, the counters are zeroed
 * (`callgrind_control -z`), then the measured requests are sent and dumped (`-d`). Printed per
 * request: the total; JavaScript (by package), V8's builtins, the write barrier, the GC and the rest
 * of native code (llhttp, libuv, Node's C++); then the functions that cost most. Slow: a few
 * minutes per server.
 *
 * Why not test/bench/http-inprocess.ts for this: its socket-less requests promote ~15 MB per
 * scavenge once enough modules are loaded (`--trace-gc-nvp`: `new_space_survived`), for axn and for
 * bare Node alike (not for fastify), where the loopback server keeps ~1 KB — its GC share is not the
 * server's. JavaScript and builtin counts agree between the two; GC counts do not.
 *
 * Start it with the Node to measure (Node 24: test/support/node-major.ts); the server runs on the same binary.
 */
import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { callgrindArgs, jitNamer, selfInstructions } from "./lib/callgrind.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const [mode = "axn", warmArg, countArg, topArg] = process.argv.slice(2);
const WARM = Number(warmArg ?? 20_000);
const COUNT = Number(countArg ?? 40_000);
/** How many of the costliest functions are listed (more, to see a package's own functions beside Node's). */
const TOP = Number(topArg ?? 30);
const BODY = JSON.stringify({ id: "cust-42", limit: 25, verbose: true });
const out = join(tmpdir(), `http-instructions-${mode}-${process.pid}.callgrind`);
/** valgrind's programs, installed on the machine (apt's `valgrind`), not npm packages. */
const VALGRIND = { run: "valgrind", control: "callgrind_control" } as const;

const child = spawn(VALGRIND.run, callgrindArgs(out, join(ROOT, "test/bench/http-server.ts"), [mode]), {
  cwd: ROOT,
  stdio: ["ignore", "pipe", "ignore"],
});
const announced = await new Promise<{ port: number; route: string }>((resolve, reject) => {
  let text = "";
  child.stdout.on("data", (chunk: Buffer) => {
    text += chunk.toString();
    const line = text.split("\n").find((l) => l.startsWith("{"));
    if (line !== undefined) resolve(JSON.parse(line) as { port: number; route: string });
  });
  child.once("exit", () => reject(new Error(`${mode}: the server exited before listening`)));
});

function send(amount: number): Promise<void> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${announced.port}${announced.route}`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: BODY,
        connections: 10,
        amount,
      },
      (error, result) => {
        if (error) reject(error);
        else if (result.non2xx > 0 || result.errors > 0) reject(new Error(`${mode}: ${result.non2xx} non-2xx answers`));
        else resolve();
      },
    );
  });
}

const control = (flag: string): void => void spawnSync(VALGRIND.control, [flag, String(child.pid)]);
await send(WARM);
control("-z");
await send(COUNT);
control("-d");
const mapFile = `/tmp/perf-${child.pid}.map`;
const jsAt = jitNamer(readFileSync(mapFile, "utf8"));
child.kill();
await new Promise((resolve) => child.once("exit", resolve));

/** Each function's own instructions in the dump, JIT code named through the perf map. */
const costs = new Map<string, number>();
for (const [function_, cost] of selfInstructions(readFileSync(`${out}.1`, "utf8"))) {
  const name = /^0x[0-9a-f]+/.test(function_) ? jsAt(Number.parseInt(function_.slice(2), 16)) : function_;
  costs.set(name, (costs.get(name) ?? 0) + cost);
}
rmSync(out, { force: true });
rmSync(`${out}.1`, { force: true });
rmSync(mapFile, { force: true });

const GC =
  /Scaveng|Heap::|Marking|MarkCompact|Sweep|Evacuat|IteratePointers|SizeFromMap|Slot|heap::base|RecordMigrated|LiveObjectVisitor|Worklist|RememberedSet/;
function areaOf(name: string): string {
  if (name.startsWith("JS ")) {
    for (const [area, pattern] of [
      ["JS @axn/core", /core\/dist/],
      ["JS @axn/sdk", /sdk\/dist/],
      ["JS axn-plugin-http", /plugins\/http\/dist/],
      ["JS zod", /zod/],
      ["JS node", /node:/],
    ] as const)
      if (pattern.test(name)) return area;
    return "JS other";
  }
  if (/RecordWrite/.test(name)) return "write barrier";
  if (name.startsWith("Builtins_")) return "V8 builtins";
  if (GC.test(name)) return "GC";
  if (/compiler::|maglev|Maglev|turboshaft/i.test(name)) return "V8 compiler";
  return "other native";
}
const areas = new Map<string, number>();
for (const [name, cost] of costs) areas.set(areaOf(name), (areas.get(areaOf(name)) ?? 0) + cost);
const per = (n: number): string => `${(n / COUNT / 1000).toFixed(1)}k`.padStart(8);
const total = [...costs.values()].reduce((sum, n) => sum + n, 0);
console.log(`${mode}: instructions per request over ${COUNT} requests after ${WARM} (--single-threaded)`);
console.log(`${per(total)}  total`);
for (const [area, cost] of [...areas].sort((a, b) => b[1] - a[1])) console.log(`${per(cost)}  ${area}`);
console.log("the functions that cost most, per request:");
for (const [name, cost] of [...costs].sort((a, b) => b[1] - a[1]).slice(0, TOP))
  console.log(`${per(cost)}  ${name.replace(`file://${ROOT}`, "").replace("node_modules/", "").slice(0, 110)}`);
