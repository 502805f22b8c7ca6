/**
 * Row 4f's server side by instructions per call, a figure the machine's load does not move: the
 * bare v2 `Server` in the SDK's `createMcpHandler().fetch` and axn's `createStreamableHttpHandler().fetch`,
 * each handed one prebuilt 2026-07-28 `tools/call` `Request` per call and its body read (mcp-cpu.ts's
 * `fetch` era), each in a child process under `valgrind --tool=callgrind`:
 *
 *   node --import tsx test/bench/mcp-instructions.ts [from=2000] [to=6000] [--axn-only]
 *
 * The child runs `from` calls, waits on its stdin while its counters are zeroed
 * (`callgrind_control`), runs the calls up to `to`, and waits again while they are dumped: the
 * dump over `to - from` is its instructions per call, start-up and exit excluded. V8 runs
 * `--single-threaded` (compilation and GC on the main thread, counted) with `--perf-basic-prof`
 * (JIT code named). Printed: each side's total, by package for JavaScript, then the functions axn
 * spends most beyond bare (`--save=<file>`: every function's count, as JSON). Start it with the Node to measure; the children run on the same binary.
 * Slow: a minute or two per side.
 */
import { execFileSync, spawn } from "node:child_process";
import { once } from "node:events";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { clearCatalog } from "@axn/core/internal";
import { addArgs, defineAddNumbers } from "./fixtures.js";
import { areaOf, callgrindArgs, jitNamer, selfInstructions } from "./lib/callgrind.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { bareMcpHandler } from "./peers/mcp-servers.js";
import { type FetchHandler, modernToolCall } from "./scenarios/mcp.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SIDES = ["bare", "axn"] as const;
/** valgrind's programs, installed on the machine (apt's `valgrind`), not npm packages. */
const VALGRIND = { run: "valgrind", control: "callgrind_control" } as const;
type Side = (typeof SIDES)[number];

/** The child: one side's handler, its calls in two windows, a line on stdout after each. */
async function child(side: Side, from: number, to: number): Promise<void> {
  clearCatalog();
  const loaded = await loadPlugin("axn-plugin-mcp", ["McpAdapter", "createStreamableHttpHandler"]);
  if (!loaded.ok) throw new Error(loaded.reason);
  const wrap = fn<(action: unknown) => { name: string }>(loaded.module, ["McpAdapter", "wrap"])!;
  const create = fn<(options: object) => { fetch: FetchHandler }>(loaded.module, ["createStreamableHttpHandler"])!;
  bootHost([loaded.plugin]);
  const tool = wrap(defineAddNumbers());
  const handler =
    side === "bare" ? bareMcpHandler(tool.name) : create({ name: "axn", version: "1.0.0", tools: [tool] });
  const calls = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const response = await handler.fetch(modernToolCall(tool.name, { ...addArgs }));
      const text = await response.text();
      if (response.status !== 200 || !text.includes('"structuredContent":{"sum":42}'))
        throw new Error(`mcp-instructions: ${side} answered ${response.status}: ${text}`);
    }
  };
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  await calls(from);
  process.stdout.write("ready\n");
  await lines.next();
  await calls(to - from);
  process.stdout.write("done\n");
  await lines.next();
  process.exit(0);
}

/** One side's instructions per call by function (JIT code named), calls `from + 1` to `to`. */
async function counted(side: Side, from: number, to: number): Promise<Map<string, number>> {
  const out = join(tmpdir(), `mcp-instructions-${side}-${process.pid}.callgrind`);
  const script = fileURLToPath(import.meta.url);
  const served = spawn(VALGRIND.run, callgrindArgs(out, script, ["--child", side, String(from), String(to)]), {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const said = createInterface({ input: served.stdout })[Symbol.asyncIterator]();
  const expect = async (word: string): Promise<void> => {
    const next = await said.next();
    if (next.value !== word) throw new Error(`mcp-instructions: ${side} said ${next.value} before ${word}`);
  };
  const pid = String(served.pid);
  await expect("ready");
  execFileSync(VALGRIND.control, ["--zero", pid], { stdio: "ignore" });
  served.stdin.write("go\n");
  await expect("done");
  execFileSync(VALGRIND.control, ["--dump", pid], { stdio: "ignore" });
  served.stdin.write("end\n");
  await once(served, "exit");
  const mapFile = `/tmp/perf-${pid}.map`;
  const jsAt = jitNamer(readFileSync(mapFile, "utf8"));
  const perCall = new Map<string, number>();
  // The dump is `<out>.1`; `<out>` is what ran after it, exit included.
  for (const [name, cost] of selfInstructions(readFileSync(`${out}.1`, "utf8"))) {
    const named = /^0x[0-9a-f]+/.test(name) ? jsAt(Number.parseInt(name.slice(2), 16)) : name;
    perCall.set(named, (perCall.get(named) ?? 0) + cost / (to - from));
  }
  for (const file of [out, `${out}.1`, mapFile]) rmSync(file, { force: true });
  return perCall;
}

/** JavaScript's areas, by script URL (see lib/callgrind.ts `areaOf`). */
const JS_AREAS = [
  ["JS axn-plugin-mcp", /plugins\/mcp\//],
  ["JS @axn/core", /\/core\/dist\//],
  ["JS @axn/sdk", /\/sdk\/dist\//],
  ["JS zod", /zod/],
  ["JS mcp sdk", /@modelcontextprotocol/],
  ["JS node", /node:/],
] as const;

async function main(): Promise<void> {
  const [fromArg, toArg] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
  const [from, to] = [Number(fromArg ?? 2000), Number(toArg ?? 6000)];
  const sides = process.argv.includes("--axn-only") ? (["axn"] as const) : SIDES;
  const bySide = new Map<Side, Map<string, number>>();
  for (const side of sides) bySide.set(side, await counted(side, from, to));
  const sum = (costs: Map<string, number> | undefined, keep: (name: string) => boolean = () => true): number =>
    [...(costs ?? new Map<string, number>())].reduce((total, [name, n]) => total + (keep(name) ? n : 0), 0);
  const k = (n: number): string => `${(n / 1000).toFixed(1)}k`.padStart(9);
  const areas = [
    ...new Set([...bySide.values()].flatMap((costs) => [...costs.keys()].map((name) => areaOf(name, JS_AREAS)))),
  ].sort();
  console.log(`instructions per call, calls ${from} → ${to} (--single-threaded): ${sides.join(", ")}`);
  for (const area of areas)
    console.log(
      `${area.padEnd(22)}${sides.map((side) => k(sum(bySide.get(side), (name) => areaOf(name, JS_AREAS) === area))).join("")}`,
    );
  console.log(`${"total".padEnd(22)}${sides.map((side) => k(sum(bySide.get(side)))).join("")}`);
  const [bare, axn] = [bySide.get("bare"), bySide.get("axn")!];
  if (bare !== undefined) console.log(`axn ÷ bare ${(sum(axn) / sum(bare)).toFixed(3)}×`);
  // The GC's share moves with when a major collection falls in the window: its functions are left out.
  console.log(
    bare === undefined ? "axn's costliest functions (GC aside):" : "what axn spends most beyond bare (GC aside):",
  );
  const extra = [...new Set([...axn.keys(), ...(bare?.keys() ?? [])])]
    .filter((name) => areaOf(name, JS_AREAS) !== "GC")
    .map((name) => [name, (axn.get(name) ?? 0) - (bare?.get(name) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40);
  for (const [name, n] of extra)
    console.log(`${k(n)}  ${name.replace(`file://${ROOT}`, "").replace("node_modules/", "").slice(0, 110)}`);
  const save = process.argv.find((arg) => arg.startsWith("--save="));
  if (save !== undefined)
    writeFileSync(
      save.slice(7),
      JSON.stringify(Object.fromEntries([...bySide].map(([side, costs]) => [side, Object.fromEntries(costs)]))),
    );
}

const at = process.argv.indexOf("--child");
if (at === -1) await main();
else await child(process.argv[at + 1] as Side, Number(process.argv[at + 2]), Number(process.argv[at + 3]));
