/**
 * Row 4g's two servers by their own cost per call, without the v2 `Client`: each a child process
 * started as scenario 4g starts it (`axn serve --mcp-stdio` on test/bench/apps/add, the bare v2
 * server in `serveStdio`), sent the 2026-07-28 lines the pinned `Client` sends (`server/discover`,
 * then one `tools/call` at a time, its `_meta` envelope included) straight down its stdin. The
 * figures are the server's, not the client's or the scheduler's:
 *
 *   node --import tsx test/bench/stdio-cpu.ts cpu [calls=20000] [rounds=5] [warm-up calls=5000]
 *     both servers alive side by side, rounds alternating which goes first after the warm-up;
 *     each server's CPU time per call per round (the scheduler's ns accounting, main thread and all
 *     threads), the medians and the median of the per-round ratios. On a loaded machine the ratio
 *     moves less than the times.
 *   node --import tsx test/bench/stdio-cpu.ts instructions [from=2000] [to=8000]
 *     each server under `valgrind --tool=callgrind`, its counts zeroed after `from` calls and dumped
 *     after `to` (`callgrind_control`, which reaches a server idle between calls): the dump over
 *     `to - from` is its instructions per call, start-up and exit excluded. (Two runs of `from` and
 *     `to` calls subtracted instead differed by ~60k native instructions "per call" from one run to
 *     the next, start-up and exit work that varies by run.) The servers run with V8's
 *     `--single-threaded` (compilation and GC on the main thread, counted, and the same from run
 *     to run) and `--perf-basic-prof`, so the instructions are also told by where they ran: V8's
 *     compiler (warm-up: a larger share the smaller `from`), its GC, its ICs and builtins, and the
 *     JavaScript of each package (through the perf map). Slow: minutes per side.
 *
 * Either mode with `--2025` speaks row 4e's era instead (`initialize`, then plain requests).
 * `instructions` with `--axn-only` counts axn's server alone (comparing two builds of it: the bare
 * server's count does not change between them).
 *
 * Start it with the Node the bench measures (Node 24: test/support/node-major.ts); the servers run
 * on the same binary.
 */
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { selfInstructions } from "./lib/callgrind.js";
import { spread } from "./lib/stats.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const fromRoot = (file: string): string => `${ROOT}${file}`;
const SIDES = {
  bare: [fromRoot("test/bench/peers/bare-stdio-server.mjs")],
  axn: [fromRoot("sdk/bin/axn.js"), "serve", "--config", fromRoot("test/bench/apps/add/axn.config.ts"), "--mcp-stdio"],
} as const;
type Side = keyof typeof SIDES;

/** What the v2 `Client` pinned to 2026-07-28 puts in every request's `_meta` (scenario 4g's client). */
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientInfo": { name: "bench-client", version: "1.0.0" },
  "io.modelcontextprotocol/clientCapabilities": {},
};
const line = (message: object): string => `${JSON.stringify(message)}\n`;
/**
 * `--2025`: the era of row 4e instead — the `Client`'s default `initialize` (and `initialized`),
 * then requests with no envelope — to tell what the era adds from what every call costs.
 */
const LEGACY = process.argv.includes("--2025");
/** `--axn-only`: `instructions` counts axn's server alone. */
const AXN_ONLY = process.argv.includes("--axn-only");
const OPENING = LEGACY
  ? line({
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: {
        protocolVersion: "2025-11-25",
        capabilities: {},
        clientInfo: { name: "bench-client", version: "1.0.0" },
      },
    })
  : line({ jsonrpc: "2.0", id: "server-discover-probe-1", method: "server/discover", params: { _meta: ENVELOPE } });
const INITIALIZED = line({ jsonrpc: "2.0", method: "notifications/initialized" });
const call = (id: number): string =>
  line({
    method: "tools/call",
    params: { name: "add", arguments: { a: 20, b: 22 }, ...(LEGACY ? {} : { _meta: ENVELOPE }) },
    jsonrpc: "2.0",
    id,
  });
const ANSWER = '"structuredContent":{"sum":42}';

/** One server process, driven one call at a time. */
class Served {
  readonly #child;
  #buffered = "";
  #waiting: ((reply: string) => void) | undefined;
  #next = 1;

  constructor(side: Side, wrapper: readonly string[] = [], nodeFlags: readonly string[] = []) {
    const command = [...wrapper, process.execPath, ...nodeFlags, ...SIDES[side]];
    this.#child = spawn(command[0]!, command.slice(1), {
      stdio: ["pipe", "pipe", "ignore"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    this.#child.stdout.setEncoding("utf8");
    this.#child.stdout.on("data", (chunk: string) => {
      this.#buffered += chunk;
      const end = this.#buffered.indexOf("\n");
      if (end < 0) return;
      const reply = this.#buffered.slice(0, end);
      this.#buffered = this.#buffered.slice(end + 1);
      this.#waiting?.(reply);
    });
  }

  get pid(): number {
    return this.#child.pid!;
  }

  #send(text: string): Promise<string> {
    return new Promise((resolve) => {
      this.#waiting = resolve;
      this.#child.stdin.write(text);
    });
  }

  /** The era's opening: `server/discover` (2026-07-28), or `initialize` and `initialized` (2025-11-25). */
  async open(): Promise<void> {
    const reply = await this.#send(OPENING);
    if (!reply.includes(LEGACY ? '"protocolVersion":"2025-11-25"' : '"supportedVersions"'))
      throw new Error(`stdio-cpu: the opening request answered ${reply}`);
    if (LEGACY) this.#child.stdin.write(INITIALIZED);
  }

  async calls(count: number): Promise<void> {
    for (let i = 0; i < count; i++) {
      const reply = await this.#send(call(this.#next++));
      if (!reply.includes(ANSWER)) throw new Error(`stdio-cpu: tools/call answered ${reply}`);
    }
  }

  /** Closes stdin (both servers then exit, as a host going away has them) and waits for the exit. */
  end(): Promise<void> {
    return new Promise((resolve) => {
      this.#child.once("exit", () => resolve());
      this.#child.stdin.end();
    });
  }
}

/**
 * A process's CPU time so far, µs, from the scheduler's own accounting (ns, where /proc/<pid>/stat
 * counts 10 ms ticks): its main thread's — the call path — and all its threads' (V8's compiler and
 * GC helpers too).
 */
function cpuMicros(pid: number): { readonly main: number; readonly all: number } {
  const ran = (file: string): number => Number(readFileSync(file, "utf8").split(" ")[0]) / 1000;
  let all = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) all += ran(`/proc/${pid}/task/${task}/schedstat`);
  return { main: ran(`/proc/${pid}/schedstat`), all };
}

async function cpu(calls: number, rounds: number, warm: number): Promise<void> {
  const served = { bare: new Served("bare"), axn: new Served("axn") };
  for (const side of Object.values(served)) {
    await side.open();
    await side.calls(warm);
  }
  const per = {
    main: { bare: [] as number[], axn: [] as number[] },
    all: { bare: [] as number[], axn: [] as number[] },
  };
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? (["bare", "axn"] as const) : (["axn", "bare"] as const)) {
      const before = cpuMicros(served[side].pid);
      await served[side].calls(calls);
      const after = cpuMicros(served[side].pid);
      per.main[side].push((after.main - before.main) / calls);
      per.all[side].push((after.all - before.all) / calls);
    }
  }
  await Promise.all(Object.values(served).map((side) => side.end()));
  console.log(
    `server CPU per call (${LEGACY ? "2025-11-25" : "2026-07-28"}), ${rounds} rounds of ${calls} calls after ${warm}:`,
  );
  for (const threads of ["main", "all"] as const) {
    const { bare, axn } = per[threads];
    const ratios = axn.map((value, round) => value / bare[round]!);
    console.log(
      `  ${threads === "main" ? "main thread" : "all threads"}: bare ${spread(bare).median.toFixed(1)} µs, axn ${spread(axn).median.toFixed(1)} µs; ` +
        `axn ÷ bare median ${spread(ratios).median.toFixed(3)}× (rounds: ${ratios.map((r) => r.toFixed(2)).join(" ")})`,
    );
  }
}

/** Where an instruction ran: V8's compiler, its GC, ICs and builtins, or a package's JavaScript. */
function areaOf(name: string): string {
  if (name.startsWith("JS ")) {
    for (const [pattern, area] of [
      [/zod/, "js zod"],
      [/@modelcontextprotocol/, "js mcp-sdk"],
      [/plugins\/mcp\//, "js axn-plugin-mcp"],
      [/\/core\/dist\//, "js @axn/core"],
      [/\/sdk\/dist\//, "js @axn/sdk"],
      [/node:/, "js node"],
    ] as const)
      if (pattern.test(name)) return area;
    return "js other (zod's compiled parsers, …)";
  }
  if (/compiler::|maglev|Maglev|turboshaft|Zone|JSHeapBroker/.test(name)) return "v8 compiler";
  if (/Scaveng|Marking|MarkCompact|Sweeper|Heap::|BodyDescriptor|Evacuat|Worklist|RecordMigrated/.test(name))
    return "v8 gc";
  if (/^Builtins_.*IC|LookupIterator|GetProperty|SetOrCopy|CollectKeys|Transition|MigrateToMap/.test(name))
    return "v8 ics and property lookups";
  if (name.startsWith("Builtins_")) return "v8 builtins (promises, closures, …)";
  return "other native (node, libuv, libc)";
}

/**
 * Instructions by area, and by function (JIT code named through the perf map), of one server's calls
 * `from + 1` to `to` under callgrind.
 */
async function counted(side: Side, from: number, to: number): Promise<Counted> {
  const out = join(tmpdir(), `stdio-cpu-${side}-${process.pid}.callgrind`);
  const served = new Served(
    side,
    ["valgrind", "--tool=callgrind", `--callgrind-out-file=${out}`],
    ["--single-threaded", "--perf-basic-prof"],
  );
  const pid = served.pid;
  await served.open();
  await served.calls(from);
  // Answered while the server waits on its stdin: the window is exactly these calls.
  execFileSync("callgrind_control", ["--zero", String(pid)], { stdio: "ignore" });
  await served.calls(to - from);
  execFileSync("callgrind_control", ["--dump", String(pid)], { stdio: "ignore" });
  await served.end();
  const mapFile = `/tmp/perf-${pid}.map`;
  const jit = readFileSync(mapFile, "utf8")
    .split("\n")
    .filter((entry) => entry !== "")
    .map((entry) => {
      const [start = "0", size = "0", ...name] = entry.split(" ");
      return { start: Number.parseInt(start, 16), end: Number.parseInt(start, 16) + Number.parseInt(size, 16), name };
    })
    .sort((a, b) => a.start - b.start);
  const jsAt = (address: number): string => {
    let [low, high] = [0, jit.length - 1];
    while (low <= high) {
      const middle = (low + high) >> 1;
      const entry = jit[middle]!;
      if (address < entry.start) high = middle - 1;
      else if (address >= entry.end) low = middle + 1;
      else return `JS ${entry.name.join(" ")}`;
    }
    return "JS (unmapped)";
  };
  // The dump is `<out>.1`; `<out>` is what ran after it, exit included.
  const selfCost = selfInstructions(readFileSync(`${out}.1`, "utf8"));
  rmSync(out, { force: true });
  rmSync(`${out}.1`, { force: true });
  rmSync(mapFile, { force: true });
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [fn, cost] of selfCost) {
    const address = /^0x([0-9a-f]+)/.exec(fn);
    // A function's tiers (V8's ~ ^ + * prefixes) and callgrind's recursion marks count as one.
    const name = (address === null ? fn : jsAt(Number.parseInt(address[1]!, 16)))
      .replace(/^JS JS:[~^+*]?'?/, "JS ")
      .replace(/'\d+$/, "");
    const area = areaOf(name);
    areas.set(area, (areas.get(area) ?? 0) + cost);
    functions.set(name, (functions.get(name) ?? 0) + cost);
  }
  return { areas, functions };
}

interface Counted {
  readonly areas: Map<string, number>;
  readonly functions: Map<string, number>;
}

async function instructions(from: number, to: number): Promise<void> {
  const perCall: Record<Side, Map<string, number>> = { bare: new Map(), axn: new Map() };
  const byFunction: Record<Side, Map<string, number>> = { bare: new Map(), axn: new Map() };
  const perCallOf = (into: Map<string, number>, window: Map<string, number>): void => {
    for (const [key, count] of window) into.set(key, count / (to - from));
  };
  for (const side of AXN_ONLY ? (["axn"] as const) : (["bare", "axn"] as const)) {
    const window = await counted(side, from, to);
    perCallOf(perCall[side], window.areas);
    perCallOf(byFunction[side], window.functions);
  }
  const total = (side: Side): number => [...perCall[side].values()].reduce((sum, n) => sum + n, 0);
  const areas = [...new Set([...perCall.bare.keys(), ...perCall.axn.keys()])].sort();
  const k = (n: number): string => `${(n / 1000).toFixed(1)}k`.padStart(8);
  console.log(`instructions per call, calls ${from} → ${to} (--single-threaded):`);
  console.log(`${"".padEnd(38)}${"bare".padStart(8)}${"axn".padStart(8)}${"axn − bare".padStart(12)}`);
  for (const area of areas) {
    const [bare, axn] = [perCall.bare.get(area) ?? 0, perCall.axn.get(area) ?? 0];
    if (Math.abs(bare) < 50 && Math.abs(axn) < 50) continue;
    console.log(`${area.padEnd(38)}${k(bare)}${k(axn)}${k(axn - bare).padStart(12)}`);
  }
  console.log(
    `${"total".padEnd(38)}${k(total("bare"))}${k(total("axn"))}${k(total("axn") - total("bare")).padStart(12)}`,
  );
  console.log(`axn ÷ bare ${(total("axn") / total("bare")).toFixed(3)}×`);
  console.log("the functions axn spends most beyond bare, per call:");
  const extra = [...new Set([...byFunction.bare.keys(), ...byFunction.axn.keys()])]
    .map((name) => ({ name, bare: byFunction.bare.get(name) ?? 0, axn: byFunction.axn.get(name) ?? 0 }))
    .sort((a, b) => b.axn - b.bare - (a.axn - a.bare))
    .slice(0, 30);
  for (const { name, bare, axn } of extra)
    console.log(
      `${k(bare)}${k(axn)}${k(axn - bare).padStart(12)}  ${name.replace(`file://${ROOT}`, "").replace("node_modules/", "").slice(0, 110)}`,
    );
}

const [mode = "", first, second, third] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"));
if (mode === "cpu") await cpu(Number(first ?? 20_000), Number(second ?? 5), Number(third ?? 5000));
else if (mode === "instructions") await instructions(Number(first ?? 2000), Number(second ?? 8000));
else {
  process.stderr.write(
    "usage: stdio-cpu.ts cpu [calls] [rounds] [warm-up] | instructions [from] [to] [--axn-only]  [--2025]\n",
  );
  process.exit(2);
}
