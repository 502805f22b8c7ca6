/**
 * Rendering a run: the terminal table, the markdown page (docs/benchmarks.md) and the report's
 * well-formedness check the smoke spec relies on.
 */
import type { SavedRun } from "./other-runs.js";
import { rowLabel, targetText } from "./rows.js";
import type { BenchReport, Row, ScaleReport } from "./types.js";

// A figure a round could not measure arrives from a child's JSON report as null (NaN serialized): a dash.
const num = (n: number, digits: number): string =>
  typeof n !== "number" || !Number.isFinite(n)
    ? "—"
    : n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function value(row: Row, v: number | undefined): string {
  if (v === undefined) return "—";
  if (row.unit === "req/s") return `${num(v, 0)} req/s`;
  // A cold start is hundreds of milliseconds: read in ms, not as a six-digit µs figure.
  return v >= 10_000 ? `${num(v / 1000, 0)} ms` : `${num(v, v >= 100 ? 0 : 2)} µs`;
}

function ratioText(row: Row): string {
  return row.ratio === undefined ? "—" : `${num(row.ratio.median, 2)}×`;
}

function spreadText(row: Row): string {
  return row.ratio === undefined
    ? "—"
    : `${num(row.ratio.min, 2)}–${num(row.ratio.max, 2)} (IQR ${num(row.ratio.q1, 2)}–${num(row.ratio.q3, 2)})`;
}

const ms = (v: number | undefined): string =>
  v === undefined ? "—" : v < 1 ? `${num(v * 1000, 1)} µs` : `${num(v, v >= 100 ? 0 : 1)} ms`;
const mib = (bytes: number): string => `${num(bytes / 1024 / 1024, 1)} MiB`;

/** The same row in another run (same id and schema kind), as a cell: ratio and verdict. */
function besideCell(row: Row, run: BenchReport): string {
  const same = run.rows.find((r) => r.id === row.id && r.kind === row.kind);
  if (same === undefined) return "—";
  if (same.verdict === "skipped") return "skipped";
  const cpu = same.cpuRatio === undefined ? "" : ` (CPU ${num(same.cpuRatio.median, 2)}×)`;
  return `${ratioText(same)} ${same.verdict}${cpu}`;
}

const majorOf = (version: string): string => /^v?(\d+)/.exec(version)?.[1] ?? version;

/** A column of the main table per run beside the primary one: `Node 20`. */
const besideHead = (beside: readonly BenchReport[]): string[] =>
  beside.map((run) => `Node ${majorOf(run.machine.node)} ratio`);

function mainTable(rows: readonly Row[], beside: readonly BenchReport[] = []): string[][] {
  return rows.map((r) => [
    r.id,
    rowLabel(r),
    `${r.baseline}: ${value(r, r.baselineValue)}`,
    `${r.candidate}: ${value(r, r.candidateValue)}`,
    ratioText(r),
    spreadText(r),
    r.cpuRatio === undefined ? "—" : `${num(r.cpuRatio.median, 2)}×`,
    targetText(r.target),
    r.verdict === "skipped" ? (r.note ?? "skipped") : r.verdict,
    ...beside.map((run) => besideCell(r, run)),
  ]);
}

/** Rows measured once per schema kind, as one line per scenario and one column per kind. */
function kindTable(rows: readonly Row[]): { head: string[]; body: string[][] } | undefined {
  const perKind = rows.filter((r) => r.kind !== undefined);
  if (perKind.length === 0) return undefined;
  const kinds = [...new Set(perKind.map((r) => r.kind!))];
  const ids = [...new Set(perKind.map((r) => r.id))];
  const body = ids.map((id) => {
    const of = perKind.filter((r) => r.id === id);
    const first = of[0]!;
    return [
      id,
      first.title,
      targetText(first.target),
      ...kinds.map((kind) => {
        const r = of.find((row) => row.kind === kind);
        if (r === undefined) return "—";
        if (r.verdict === "skipped") return r.note ?? "skipped";
        const cpu = r.cpuRatio === undefined ? "" : `; CPU ${num(r.cpuRatio.median, 2)}×`;
        return `${ratioText(r)} ${r.verdict} (${value(r, r.baselineValue)} → ${value(r, r.candidateValue)}${cpu})`;
      }),
    ];
  });
  return { head: ["#", "scenario", "target", ...kinds], body };
}

function scaleTable(scale: ScaleReport): string[][] {
  return scale.sizes.map((s) => [
    num(s.actions, 0),
    ms(s.defineMs),
    ms(s.bootMs),
    ms(s.toolsForColdMs),
    ms(s.toolsForWarmMs),
    ms(s.toolsListColdMs),
    ms(s.toolsListWarmMs),
    mib(s.heapBytes),
    `${num(s.heapBytes / s.actions / 1024, 1)} KiB`,
  ]);
}

const SCALE_HEAD = [
  "actions",
  "define",
  "host boot",
  "Tools.for cold",
  "Tools.for warm",
  "tools/list cold",
  "tools/list warm",
  "heap",
  "heap/action",
];
const MAIN_HEAD = [
  "#",
  "scenario",
  "baseline (median)",
  "axn (median)",
  "ratio",
  "spread min–max",
  "CPU ratio",
  "target",
  "verdict",
];

function boxTable(head: readonly string[], body: readonly string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? "").length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => c.padEnd(widths[i]!)).join(" │ ");
  const rule = widths.map((w) => "─".repeat(w)).join("─┼─");
  return [line(head), rule, ...body.map(line)].join("\n");
}

export function terminalReport(report: BenchReport): string {
  const out: string[] = [];
  const m = report.machine;
  out.push(
    `axn benchmarks — ${report.date}${report.quick ? " (BENCH_QUICK)" : ""} — ${m.cpu}, ${m.cores} cores, Node ${m.node}`,
  );
  out.push("", boxTable(MAIN_HEAD, mainTable(report.rows)));
  const kinds = kindTable(report.rows);
  if (kinds !== undefined)
    out.push("", "Per schema kind (ratio, verdict, baseline → axn; CPU ratio):", boxTable(kinds.head, kinds.body));
  if (report.scale !== undefined) {
    out.push("", `7. Scale (plugins loaded: ${report.scale.plugins.join(", ") || "none"})`);
    out.push(boxTable(SCALE_HEAD, scaleTable(report.scale)));
    out.push(
      "",
      boxTable(
        ["check", "growth exponent", "verdict", "note"],
        report.scale.checks.map((c) => [
          c.metric,
          !Number.isFinite(c.exponent) ? "—" : num(c.exponent, 2),
          c.verdict,
          c.note ?? "",
        ]),
      ),
    );
  }
  out.push("", `total ${num(report.durationS, 1)} s`);
  return out.join("\n");
}

function mdTable(head: readonly string[], body: readonly string[][]): string {
  const escapeCell = (c: string): string => c.replace(/\|/g, "\\|");
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    ...body.map((r) => `| ${r.map(escapeCell).join(" | ")} |`),
  ].join("\n");
}

/** A run of some scenarios on another Node major (lib/other-runs.ts): its own table, date, load and command. */
function otherRunSection(run: SavedRun): string[] {
  const m = run.machine;
  const load = m.loadAverage === undefined ? "" : `, load ${m.loadAverage.map((l) => num(l, 1)).join(" → ")}`;
  const how =
    run.command === BENCH_COMMAND
      ? `by the same \`${BENCH_COMMAND}\` in a Node ${m.node} process of its own (the figures of the *Node ${majorOf(m.node)} ratio* column above)`
      : `with \`${run.command}\` run by a Node ${m.node} binary, saved with \`BENCH_SAVE\``;
  return [
    `## The same rows on Node ${m.node}`,
    "",
    `Measured ${run.date}${run.quick ? " (quick run: figures indicative only)" : ""} on ${m.cpu}, ${m.cores} cores${load}, ` +
      `${num(run.durationS, 0)} s, ${how} (\`nodeMajor\` in test/support/node-major.ts installs the registry's binary). Ratios against baselines of the same run, as above.`,
    "",
    mdTable(MAIN_HEAD, mainTable(run.rows)),
    "",
    ...run.rows
      .filter((r) => r.verdict !== "skipped" && r.note !== undefined)
      .map((r) => `- ${r.id}. ${rowLabel(r)}: ${r.note}`),
    "",
  ];
}

/** The command whose runs on other majors share the page's main table (test/bench/run.ts). */
export const BENCH_COMMAND = "npm run bench";

export function markdownReport(
  report: BenchReport,
  findings: string,
  chartFile: string,
  others: readonly SavedRun[] = [],
): string {
  const m = report.machine;
  const out: string[] = [];
  // Runs of the same `npm run bench` on other majors: a column each in the main table.
  const beside = others.filter((run) => run.command === BENCH_COMMAND);
  const besideNote =
    beside.length === 0
      ? ""
      : ` — the primary figures: every figure on this page is from Node ${m.node} unless its column or section names another Node (${beside.map((run) => `the *Node ${majorOf(run.machine.node)} ratio* column: ${run.machine.node}, the same command's run in a process of its own, median ratio and verdict against that run's own baselines`).join("; ")})`;
  out.push(
    "# Benchmarks",
    "",
    "<!-- Generated by `npm run bench` (test/bench/run.ts). Do not edit by hand: re-run the bench. -->",
    "",
    "The promise: axn costs nothing noticeable over hand-wiring each SDK, and is ahead of what a user would",
    "pick instead. Every figure below is a ratio against a baseline measured **in the same run**, with its",
    "spread across rounds. Rows 1–3 compare axn with the same work written by hand; rows 4–8 with the",
    "**peers** a user would reach for — the MCP SDK v2's bare `Server` and `McpServer` (in both protocol eras), fastmcp, fastify,",
    "`@hono/zod-openapi`, LangChain's `tool()` — at the versions installed (read from each package.json",
    "when the bench runs), each serving the same tool.",
    "",
    `- **Date:** ${report.date}${report.quick ? " — quick smoke run (`BENCH_QUICK=1`): figures are indicative only" : ""}`,
    `- **Machine:** ${m.cpu}, ${m.cores} cores, ${num(m.memoryGiB, 1)} GiB RAM, ${m.platform}`,
    `- **Node:** ${m.node}${besideNote}`,
    `- **Run time:** ${num(report.durationS, 0)} s`,
    ...(m.loadAverage === undefined
      ? []
      : [
          `- **Load:** 1-minute load average ${m.loadAverage.map((l) => num(l, 1)).join(" when the run started, ")} when it ended, on ${m.cores} cores (the run itself adds about 1)` +
            ((m.loadAverage[0] ?? 0) >= m.cores
              ? " — the machine was shared with other jobs, so rounds were disturbed: read the spreads and the CPU ratios, not only the medians"
              : ""),
        ]),
    "",
    `![ratio chart](${chartFile})`,
    "",
    "## Overhead against the raw SDKs",
    "",
    mdTable([...MAIN_HEAD, ...besideHead(beside)], mainTable(report.rows, beside)),
    "",
    "Ratio = axn / baseline per round (for HTTP: axn req/s ÷ the peer's req/s, higher is better); the table shows the median",
    "over rounds and the min–max and interquartile range of the per-round ratios. Absolute values are",
    "medians of the per-round mean time per operation (garbage collection included). *CPU ratio*: the same",
    "rounds read in process CPU time per operation (`process.cpuUsage()`), which time spent waiting for a",
    "core does not inflate — the steadier figure on a loaded machine; verdicts are on the wall-time ratio.",
    "For HTTP the CPU ratio is each server process's own: requests per server CPU-second, axn ÷ the peer.",
    "",
    ...report.rows
      .filter((r) => r.verdict !== "skipped" && r.note !== undefined)
      .map((r) => `- ${r.id}. ${rowLabel(r)}: ${r.note}`),
    "",
  );
  const kinds = kindTable(report.rows);
  if (kinds !== undefined) {
    out.push(
      "### Per schema kind",
      "",
      "Scenarios 1 and 2 run once per schema library axn reads (docs/schemas.md), on the same *Lookup* action",
      "(same bounds, defaults and body). Each kind is judged against its own baseline, measured in the same",
      "run: for 1, that library's validation written by hand — one object schema in, one out, the library's",
      "own parse call (`safeParse`, `v.safeParse`, an ArkType type called on the value); for 2, that kind's",
      "direct call. Each cell: ratio, verdict (baseline → axn; CPU ratio).",
      "",
      mdTable(kinds.head, kinds.body),
      "",
    );
  }
  if (report.scale !== undefined) {
    out.push(
      "## 7. Scale",
      "",
      `Each size runs in its own \`node --expose-gc\` process. Plugins loaded at boot: ${report.scale.plugins.join(", ") || "none"} (plus the bench's own adapter).`,
      "",
      mdTable(SCALE_HEAD, scaleTable(report.scale)),
      "",
      mdTable(
        ["check", "growth exponent (1 = linear)", "verdict", "note"],
        report.scale.checks.map((c) => [
          c.metric,
          !Number.isFinite(c.exponent) ? "—" : num(c.exponent, 2),
          c.verdict,
          c.note ?? "",
        ]),
      ),
      "",
      "- *define*: `defineAxn` × n. *host boot*: `createKernelHost()` + every plugin's `apply` + `freeze()` (median of several boots).",
      "- *Tools.for cold*: the first call after a boot (membership, naming, version grouping, sorting); *warm*: the cached answer (median of 2,000 calls).",
      "- *tools/list cold*: `McpAdapter.tools()` + `createMcpServer` + the first `tools/list` through a real `Client` over `InMemoryTransport`; *warm*: later calls.",
      "  Sent as a raw `tools/list` request: `Client.listTools()` additionally compiles an output validator per tool, which is the client's cost.",
      "- *heap*: `heapUsed` after `gc()` at the end, minus the heap before the first action was defined (actions, schemas, registry, listing).",
      "- Growth is judged between the two largest sizes (smaller ones are dominated by fixed costs); an exponent ≤ 1.15 counts as linear.",
      "",
    );
  }
  for (const run of others) out.push(...otherRunSection(run));
  out.push(findings, "");
  out.push(
    "## Method",
    "",
    "- In-process scenarios use [tinybench](https://github.com/tinylibs/tinybench): an untimed warm-up, then ≥ 5 rounds;",
    "  each round runs baseline and candidate back to back, **alternating which goes first**, so drift on a",
    "  shared 2-core machine lands on both sides. Each workload is checked once (both sides must succeed with",
    "  the same answer) before it is timed.",
    "- HTTP uses [autocannon](https://github.com/mcollina/autocannon) against servers in child processes on",
    "  127.0.0.1 (one core for the server, one for the load generator), bounded runs, alternating order.",
    "  Each server also reports its own CPU time per request (`process.cpuUsage()`, asked for with SIGUSR2",
    "  around each run): steadier than req/s on a shared machine. `node --import tsx test/bench/http-inprocess.ts`",
    "  measures the JavaScript part alone, driving both servers' request listeners without sockets.",
    "- Workloads live in `test/bench/fixtures.ts`: *Lookup* (3 inputs with defaults, 3 outputs), *AddNumbers*",
    "  (the MCP tool: two integers in, their sum out) and *Report* (1,000 records with nested objects, arrays and",
    '  Dates), declared with zod 4 (`import { z } from "zod"`, what `npm i zod` installs); `test/bench/kinds.ts`',
    "  declares *Lookup* again with zod 3.25, valibot and ArkType. Baselines use the same library, bounds and body.",
    "- Node 20 runs a promise hook for every promise once any `AsyncLocalStorage` is entered. Scenario 4's",
    "  baseline runs with it off, as in a process of its own (`test/bench/lib/promise-hooks.ts`); axn's calls",
    "  switch it back on for axn's side.",
    "- Peers (test/bench/peers/): each serves the same tool the way its own documentation teaches, and each",
    "  workload is checked once before timing — the same advertised schemas (MCP, the JSON Schema dialect",
    "  key aside: fastmcp advertises draft-07) and the same answer on both sides. All validate",
    "  input and output: the MCP peers with the same strict zod 4 input object and output object (the bare",
    "  `Server` calls `safeParse` on both; `McpServer` and fastmcp check the structured result themselves);",
    "  for HTTP, fastify checks the body with ajv against the equivalent JSON Schema (defaults applied,",
    "  undeclared keys refused rather than its default of removing them) and **serializes the answer",
    "  without validating it** (fast-json-stringify), `@hono/zod-openapi` and the bare hono route parse",
    "  the answer with the output object in the handler, axn validates it as every call does; LangChain's",
    "  `tool()` gets the strict input object and parses the answer with the output object.",
    "- fastmcp awaits a 1 ms timer inside every `tools/call` (`delay(1)` in its handler), so its row",
    "  measures that timer more than its code; keep-alive pings are switched off (its stdio default).",
    "- MCP baselines are on the SDK v2 (`@modelcontextprotocol/server`), the clients its `Client`",
    "  (`@modelcontextprotocol/client`). 2025-11-25 in memory (4–4d): the `InMemoryTransport` linked pair.",
    "  2026-07-28 in process (4f): the v2 SDK has no in-memory transport for it, so both sides go through",
    "  the route a modern client takes — the `Client` pinned to 2026-07-28 over `StreamableHTTPClientTransport`",
    "  whose `fetch` hands each `Request` to the server's fetch handler (axn's `createStreamableHttpHandler`,",
    "  the bare `Server` in `createMcpHandler`), no socket. 2026-07-28 over HTTP (4h, 4i): raw self-describing",
    "  `tools/call` POSTs from autocannon (the envelope in `_meta`, the `Mcp-Method`/`Mcp-Name` headers), each",
    "  server in its own process (`test/bench/http-server.ts mcp-axn|mcp-bare|add-http`).",
    "  `node --import tsx test/bench/mcp-cpu.ts [rounds] [calls] [in flight] [2025|2026|fetch]` compares the",
    "  servers by CPU time in one process (`fetch`: the 2026 fetch handlers alone, no client).",
    "- Child processes: the stdio rows (4e, 4g, 8) spawn `axn serve --mcp-stdio` on `test/bench/apps/add` and",
    "  the bare v2 server under the SDK's `serveStdio` as plain JavaScript (`test/bench/peers/bare-stdio-server.mjs`,",
    "  no TypeScript loader); both pick the era per connection (4e: the client's `initialize`, 4g: pinned to",
    "  2026-07-28). The cold start is spawn → MCP initialize → first `tools/list` answered, alternating which",
    "  starts first. HTTP servers (`test/bench/http-server.ts <mode>`) each get a process of their own.",
    "- One scenario alone, with the full budget: `node --import tsx test/bench/one.ts mcp|mcp-http|stdio|http|langchain`",
    "  (several comma-separated; `BENCH_SAVE=docs/benchmarks-node<major>.json` keeps a run on another Node major on this page).",
    "- Re-run: `npm run bench` (≈ 5–7 min per Node: Node 24 first, then Node 20), or `BENCH_QUICK=1 npm run bench` for a < 60 s",
    "  smoke run per Node; `BENCH_NODES=24` measures one major.",
    "  Profile a workload with `node --cpu-prof --import tsx test/bench/profile.ts <workload>` (`call:zod4`,",
    "  `invoke:valibot`, `hand:arktype`, `mcp:axn`, `mcp:bare`, `mcp2026:axn`…; see *Findings*).",
  );
  return `${out.join("\n")}\n`;
}

/** Structural check of a report (used by the smoke spec): finite positive numbers, known verdicts. */
export function reportProblems(report: BenchReport): string[] {
  const problems: string[] = [];
  const positive = (what: string, v: number | undefined): void => {
    if (v === undefined || !Number.isFinite(v) || v <= 0)
      problems.push(`${what} is not a finite positive number (${v})`);
  };
  if (report.rows.length === 0) problems.push("no rows");
  const seen = new Set<string>();
  for (const row of report.rows) {
    const key = `${row.id} ${row.kind ?? ""}`;
    if (seen.has(key)) problems.push(`row ${row.id}${row.kind === undefined ? "" : ` (${row.kind})`} appears twice`);
    seen.add(key);
    if (!["pass", "MISS", "skipped"].includes(row.verdict)) problems.push(`row ${row.id}: verdict ${row.verdict}`);
    if (row.verdict === "skipped") {
      if (!(row.note ?? "").startsWith("skipped")) problems.push(`row ${row.id}: skipped without a reason`);
      continue;
    }
    positive(`row ${row.id} baseline`, row.baselineValue);
    positive(`row ${row.id} candidate`, row.candidateValue);
    for (const k of ["median", "min", "max", "q1", "q3"] as const) positive(`row ${row.id} ratio.${k}`, row.ratio?.[k]);
    if (row.cpuRatio !== undefined)
      for (const k of ["median", "min", "max"] as const) positive(`row ${row.id} cpuRatio.${k}`, row.cpuRatio[k]);
  }
  for (const size of report.scale?.sizes ?? []) {
    for (const k of ["defineMs", "bootMs", "toolsForColdMs", "toolsForWarmMs", "heapBytes"] as const)
      positive(`scale ${size.actions} ${k}`, size[k]);
  }
  return problems;
}
