/**
 * What a miss means. Each entry was established by profiling (`node --cpu-prof`) and is printed
 * under "Findings" when its scenario misses in this run, passes on wall time while its CPU-time
 * ratio misses, or passes within 10 % of its target on either (a close call that noise can tip);
 * the rest of the page is measured.
 */
import { meets, rowLabel } from "./rows.js";
import type { BenchReport, Row } from "./types.js";

const STANDARD_COERCION = [
  "valibot and ArkType fields are coerced from their JSON Schema (`jsonSchemaCoercer`,",
  "core/src/schema/standard/coerce.ts), which walks the schema on every call (`coerce` →",
  "`coerceString`, with `typesOf` allocating an array per value): ~0.21 µs for Lookup's three fields",
  "against ~0.06 µs for zod's specialised coercers. Compiling that walk once per field at definition,",
  "as the zod kinds do, would take ~0.15 µs off every invoked call of these kinds.",
].join("\n");

export const FINDINGS: Record<string, string> = {
  "1": [
    "Measured beside the bench (tinybench p50 on this 2-core machine, `test/bench/profile.ts` under",
    "`--cpu-prof`): axn's own work in `A.call` is ~0.55–0.6 µs whatever the schema kind — ~0.25 µs fixed",
    "(an action with no fields: open the call, settle a `Result`, two `performance.now()`, the tracing",
    "check, observers) and ~0.05 µs per field (the resolve, validate and expose loops in",
    "`core/src/action/run/validate.ts`) — on top of the library's own work, which axn asks for one field at a",
    "time. Whether that meets 1.2× depends on how fast the library's by-hand object parse is: zod 3.25",
    "(~0.9 µs for the input and output objects) and ArkType (~1.5 µs, with defaults) are slower than axn's",
    "whole call, so those rows pass; zod 4 (~0.45 µs) and valibot (~0.5 µs) parse both objects in less",
    "than axn's overhead alone, so their rows need a structural change in core, not trimming.",
    "History (zod 3 era): the `Result` constructor (`Object.defineProperty` per key) and `axnConfig()`",
    "reading `process.env` per call were fixed first (2.35× → ~1.2×); then core stopped opening an",
    "execution scope when nothing can observe it, and stopped making spans while no tracing SDK is",
    "registered.",
  ].join("\n"),
  "1:zod 4": [
    "zod 4: the six single-field validations (`zod4Validate`, core/src/schema/zod4/validate.ts: core's",
    "`safeParse` per field) take ~0.36–0.40 µs, while the baseline's two `z.object().safeParse` calls —",
    "the same six fields — take ~0.45 µs in all: zod 4 compiles an object's shape into one function, and",
    "a standalone parse pays its context and result objects per field. Where a fix would go (core, not",
    "this suite): validate each side as one object schema, built once at definition when every field on",
    "that side is of one kind that can build one (`resolveInput`/`validateOutbound` in",
    "core/src/action/run/validate.ts, behind the schema-kind interface), mapping issues back to field paths.",
  ].join("\n"),
  "1:valibot": [
    "valibot: the six field validations through `~standard.validate` (core/src/schema/standard/index.ts)",
    "take ~0.2 µs; the rest (~0.55 µs) is axn's own, against ~0.5 µs for the baseline's two `v.safeParse`",
    "calls on `v.object` schemas.",
  ].join("\n"),
  "2": [
    "Beyond a direct call, the Invoker strips ambient-context keys from the arguments, refuses",
    "undeclared keys, non-finite numbers and unpaired surrogates by field, and coerces wire strings",
    "(`\"25\"` → 25): ~0.07–0.12 µs on zod fields, whose coercion is specialised once at definition",
    "(~0.06 µs for Lookup's three fields). Profiled fixes: the wire-value check answers a single leaf",
    "without allocating its walk (1.34× → 1.26×); the call options are passed through rather than copied",
    "with conditional object spreads (~1 µs a call once a `signal` was given); each field's wire coercion",
    "is specialised at definition instead of walking its schema per call (~1.27× → ~1.2×). Faster direct",
    "calls raise this ratio: the Invoker's own share is fixed.",
  ].join("\n"),
  "2:valibot": STANDARD_COERCION,
  "2:ArkType": STANDARD_COERCION,
  "4": [
    "Measured beside the bench (CPU time per round trip, one process, alternating; `test/bench/profile.ts",
    "mcp:bare|mcp:axn` under `--cpu-prof`): the bare server ~17.4 µs with no promise hook and ~19.1 µs",
    "with one on; axn's ~18.6 µs. axn's own code costs less than the bare server's: the SDK's",
    "`Server.setRequestHandler` wraps a tools/call handler to parse the request with",
    "`CallToolRequestSchema` a second time and the result with `CallToolResultSchema` (~0.36 µs each),",
    "and the handler's `safeParse` and result take ~0.45 µs; axn's server registers through",
    "`Protocol.prototype.setRequestHandler` with a passthrough request schema (~0.12 µs), and its tool",
    "call (server-context scope, Invoker, `Result`, `mapResult`) takes ~1.0 µs. The whole gap is Node",
    "20's promise hook: `withServerContext` (plugins/mcp/src/server-context.ts), entered for every",
    "tools/call by the tool's `call` (plugins/mcp/src/wrap.ts), runs `AsyncLocalStorage.run`, which",
    "switches on a hook for every promise in the process — ~1.7–1.9 µs (~10 %) of an in-memory round",
    "trip here, where the client's promises share the process too. Ways out, for the plugin: enter that",
    "scope only for tools that read `McpAdapter.serverContext()` (an opt-in per action, say), or reach",
    "the live handle without a storage; on a Node whose `AsyncLocalStorage` needs no promise hook",
    "(AsyncContextFrame, the default from Node 24) the cost goes away by itself.",
  ].join("\n"),
  "5": [
    "axn-plugin-http does more per request than the bare route it is compared with, by design: it",
    "refuses any Content-Type but JSON (415), enforces the body limit on the bytes (413) and checks",
    "they are UTF-8, parses into prototype-safe objects when a key could reach a prototype, runs the",
    "call through the Invoker (coercion, undeclared-key and wire-value checks, a `Result`), renders",
    "the exposes under the response guard, and sends `nosniff`.",
    "",
    "Fixed, in order (0.22× → ~0.9×), each found with `--cpu-prof`, `process.cpuUsage()` in the",
    "server, `perf` and `strace -c`: the body read through web streams → one buffered read; an",
    "`AbortController` per request → a lazy disconnect signal; an execution scope per call → none",
    "unless a span or a non-empty ambient context needs one (Node 20's `AsyncLocalStorage` promise",
    "hooks); the auth middleware → skipped without an authenticator; three matching routes → one;",
    "`Headers` on every response → one shared plain header object. Then (session 2): the Invoker",
    "copied its options with conditional object spreads (~1 µs a call, several inside a busy server:",
    "0.47× → 0.71×); @hono/node-server's `bytes()` copied every body into a fresh ArrayBuffer → the",
    "body is read from Node's request itself (→ ~0.83×); a `URL` parse of the Host header per",
    "request → a remembered verdict; a closure allocated inside the async route handler (~0.5 µs on",
    "Node 20) → built outside it; conditional spreads building each `Result` → one fixed shape; a",
    "walker per leaf expose in `render` and a schema walk to coerce a number → answered inline.",
    "",
    "What is left, measured: `strace -c` shows the same syscalls per request for both servers (one",
    "`read`, one `writev`, the same `epoll_pwait` batching). Driving @hono/node-server's request",
    "listener in-process (no sockets) now puts the two within ~0.5 µs of JS per request (~14.1 vs",
    "~14.5 µs): the Invoker, `Result`, render and the request checks listed above. Over loopback the",
    "gap in server CPU is larger (see the note under the table): `perf` puts part of it in the kernel",
    "(`_raw_spin_unlock_irqrestore`: waking the load generator more often), which grows with the",
    "user-space gap rather than being ours to remove. Separate runs measured 0.84–0.97 on this",
    "2-core machine.",
  ].join("\n"),
};

/** A pass within this fraction of its target is a close call: noise on this machine can tip it. */
const CLOSE = 0.1;

function near(row: Row, ratio: number): boolean {
  const { kind, value } = row.target;
  return kind === "min" ? ratio < value * (1 + CLOSE) : ratio > value * (1 - CLOSE);
}

/** Met on wall time, but the steadier CPU-time ratio of the same rounds misses: noise may have passed it. */
function missedOnCpu(row: Row): boolean {
  return row.verdict === "pass" && row.cpuRatio !== undefined && !meets(row.target, row.cpuRatio.median);
}

function closeCall(row: Row): boolean {
  if (row.verdict !== "pass" || row.ratio === undefined || missedOnCpu(row)) return false;
  return near(row, row.ratio.median) || (row.cpuRatio !== undefined && near(row, row.cpuRatio.median));
}

/** Rows of one scenario together, so a scenario measured per schema kind gets one heading. */
function byScenario(rows: readonly Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const row of rows) groups.set(row.id, [...(groups.get(row.id) ?? []), row]);
  return [...groups.values()];
}

function heading(group: readonly Row[]): string {
  const first = group[0]!;
  const kinds = group.flatMap((r) => (r.kind === undefined ? [] : [r.kind]));
  return `${first.id}. ${first.title}${kinds.length === 0 ? "" : ` (${kinds.join(", ")})`}`;
}

/** The scenario's finding, then what is particular to each kind named (`FINDINGS["1:valibot"]`). */
function explanation(group: readonly Row[]): string {
  const id = group[0]!.id;
  const parts = [FINDINGS[id], ...group.map((r) => (r.kind === undefined ? undefined : FINDINGS[`${id}:${r.kind}`]))];
  const known = [...new Set(parts.filter((p): p is string => p !== undefined))];
  return known.length === 0 ? "Not yet profiled." : known.join("\n\n");
}

export function findingsMarkdown(report: BenchReport): string {
  const out = ["## Findings", ""];
  const misses = report.rows.filter((r) => r.verdict === "MISS");
  const close = report.rows.filter(closeCall);
  const skipped = report.rows.filter((r) => r.verdict === "skipped");
  const scaleMisses = report.scale?.checks.filter((c) => c.verdict === "MISS") ?? [];
  if (misses.length === 0 && scaleMisses.length === 0) out.push("Every measured target is met in this run.", "");
  for (const group of byScenario(misses)) out.push(`### ${heading(group)}: missed`, "", explanation(group), "");
  for (const group of byScenario(report.rows.filter(missedOnCpu))) {
    out.push(`### ${heading(group)}: met on wall time, missed on CPU time`, "", explanation(group), "");
  }
  for (const group of byScenario(close)) {
    out.push(`### ${heading(group)}: met, within ${CLOSE * 100} % of the target`, "", explanation(group), "");
  }
  for (const check of scaleMisses) out.push(`### 7. Scale — ${check.metric}: missed`, "", FINDINGS[`7:${check.metric}`] ?? "Not yet profiled.", "");
  for (const row of skipped) out.push(`- ${row.id}. ${rowLabel(row)}: ${row.note ?? "skipped"}`);
  return out.join("\n");
}
