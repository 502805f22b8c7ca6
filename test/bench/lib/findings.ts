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
    "Tried (and reverted): each side as one `$ZodObjectJIT` built on the first call, a refusal re-run",
    "field by field so every message stayed the same. The parse itself is faster in isolation (~175 ns",
    "against ~245 ns for Lookup's three input fields), but the whole call was slower — `A.call` CPU per",
    "call, min over 5 batches of 200,000, two alternating builds: ~893 ns per field, ~1,016–1,427 ns",
    "through the object — resolving the values into an object first, a second pass for each field's own",
    "checks and the optional wrappers cost more than the one parse saves. What would help instead is",
    "the runtime's own per-call work, not the library's (~0.55 µs, see row 1).",
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
    "mcp:bare|mcp:axn` under `--cpu-prof`): with Node 20's promise hook on for both sides axn's server",
    "costs no more than the bare one (row 4's note) — the SDK's `Server.setRequestHandler` parses each",
    "tools/call with `CallToolRequestSchema` a second time and the result with `CallToolResultSchema`;",
    "axn registers through `Protocol.prototype.setRequestHandler` with a passthrough schema, and its own",
    "call (Invoker, `Result`, mapping) takes ~1 µs. What is left is the hook itself: `withServerContext`",
    "(plugins/mcp/src/server-context.ts), entered for every tools/call, runs `AsyncLocalStorage.run` so",
    "that `McpAdapter.serverContext()` reaches the live handle from anywhere in the tool; on Node 20 that",
    "switches on a hook for every promise in the process — ~1.7–1.9 µs (~10 %) of an in-memory round",
    "trip, where the client's promises share the process too (over stdio, row 4e, only the server's",
    "promises pay it). Tried: switching the storage off whenever no call is in flight (so the SDK's and",
    "the client's promises between calls run unhooked) — no difference measurable on this loaded machine",
    "(CPU ratio 1.10× → 1.15×, within noise), reverted. Left: progress, logs, questions and sampling now",
    "reach the body through the call context (`ctx.progress`…, plugins/mcp/src/live.ts) without the",
    "storage, so the scope is needed only by `McpAdapter.serverContext()`: entering it only for a tool",
    "that asks for that handle (an opt-in per action, or deprecating the handle) takes the hook off the",
    "hot path; on a Node whose `AsyncLocalStorage` needs no promise hook (AsyncContextFrame, the default",
    "from Node 24) the cost goes away by itself.",
  ].join("\n"),
  "4e": [
    "Over a real pipe the round trip is dominated by the two processes' stdio reads and writes",
    "(~250 µs here against ~20 µs in memory), the same for both servers; axn's own work per call",
    "(~1 µs, see 4) and the promise hook (only the server's promises) are within the noise of",
    "the pipe. The row's CPU ratio is the client process's, which does the same work for both.",
  ].join("\n"),
  "5": [
    "Not reachable with the Invoker's contract as it is: its call and the tool pipeline around it cost",
    "~2.7 µs CPU per request, three times what fastify adds to bare Node for the whole request. Measured",
    "in one process with real Node request objects, CPU time, least of 6 rounds, 3 runs alternating main",
    "and this round's build on a loaded machine (`PEERS=1 ONLY=floor,axn,fastify ROUNDS=6 node --import",
    "tsx test/bench/http-inprocess.ts`): bare Node reading the body and answering the same JSON with no",
    "checks (`floor`) 7.7–8.1 µs; fastify 8.5–9.1 µs (+0.6–1.2: routing, ajv's compiled body check,",
    "fast-json-stringify, its hooks); axn-plugin-http 12.1–12.5 µs (+4.4–4.8; 13.1–14.5 before this round).",
    "Part by part (`node --import tsx test/bench/http-parts.ts`, CPU µs per call; `--cpu-prof` of the",
    "in-process run for the HTTP part):",
    "- the Invoker (`toolInvoker.call` with wire values): ~1.3 µs — coercion, the undeclared-key check,",
    "  the zod checks of input and result (by hand ~0.45: ~0.3 in, ~0.15 out), the ambient context, a",
    "  `Result`. `A.call` alone is ~1.1 µs (row 1: 2.25× a hand-written zod call): core's to shrink;",
    "- the tool pipeline (sdk/src/adapter/pipeline.ts): ~1.4 µs — the per-call deadline's",
    "  `setTimeout` + `clearTimeout` ~0.36 (one shared timer per timeout length lands with the MCP",
    "  work), the deadline race's promise, the call's option objects and the async layers ~0.6,",
    "  rendering the exposes under the response guard ~0.2, `JSON.stringify` ~0.2 (fast-json-stringify",
    "  is no cheaper on this answer: three short fields, each string still escaped);",
    "- HTTP: ~1 µs plus its garbage — the fatal UTF-8 decode (~0.13) and prototype-key scan before",
    "  `JSON.parse`, Host and Content-Type, the body read under the limit, the concurrency slot, the",
    "  third header (`nosniff`); garbage collection is ~10 % of axn's request against ~5 % of fastify's.",
    "Fairness: fastify validates the body (ajv; defaults applied, undeclared keys refused as axn refuses",
    "them) but not its answer — the response schema only drives the serializer — and checks no Host;",
    "axn validates both, checks the Host and sends `nosniff`. Fixed this round: the loopback-default",
    "Host check parsed the header with `URL` on every request (~0.4 µs; the policy now remembers each",
    "Host value's verdict, as it did for a list), one async function per call instead of two, the reply",
    "headers as one flat array for `writeHead`, the body read's listeners left on the request instead",
    "of four `off` calls. Over loopback (this scenario, 4 runs each of main and this build alternating,",
    "load 3–15) axn's server CPU per request went 24.0–28.2 → 22.3–25.2 µs against fastify's 16.9–20.2:",
    "CPU ratio 0.63–0.79 → 0.77–0.84, req/s ratio 0.53–1.06 → 0.74–0.86.",
    "What is left: a cheaper Invoker call, and a pipeline without its per-call promise layers.",
  ].join("\n"),
  "5b": [
    "@hono/zod-openapi runs on the same hono and @hono/node-server as axn-plugin-http, with a zod",
    "validator middleware per route; the two are within a few per cent of each other (see 5 for the",
    "in-process split), so noise on this machine can tip the verdict either way.",
  ].join("\n"),
  "5c": [
    "The bare hono route is the layer axn-plugin-http is built on: everything axn adds per request (see",
    "5 for the list and the in-process split) is measured against it. Profiled fixes of earlier",
    "rounds (0.22× → ~0.9×): the body read from Node's request itself, a lazy disconnect signal, no",
    "execution scope for an anonymous call, no auth middleware without an authenticator, one route per",
    "path, shared header objects, the Invoker's options passed through instead of copied.",
  ].join("\n"),
  "6b": [
    "One agent step is dominated by LangGraph's own work (the graph run, the model and tool nodes,",
    "message objects: ~7–8 ms here); the tool call itself is ~1 % of it, and axn's tool is the faster of",
    "the two (row 6), so the two sides differ by noise.",
  ].join("\n"),
  "8": [
    "Measured with alternating cold starts in one process (`test/bench/scenarios/stdio.ts`) and",
    "`node --cpu-prof`: the axn CLI registered tsx's ESM loader before loading anything, and on Node 20",
    "that loader runs off-thread — every import of the CLI, core, zod and the MCP SDK became a round",
    "trip to its worker, and the first `.ts` module started esbuild. Fixed in two steps: registering it",
    "after the CLI's own modules (3.65× → 2.70×), then not at all — the config, TypeScript plugins and",
    "tool roots load through the sdk's `importModule` (native `import()`, jiti in-thread where Node 20",
    "cannot load `.ts`, with its transform cache) (→ ~1.5× on wall time). On CPU time (the server's",
    "own, read from /proc up to the answer: ~160 ms bare, ~310 ms axn) axn still does about twice the",
    "work, and the same app written as `.mjs` costs as much, so it is not the TypeScript: it is what",
    "loads (404 modules against the bare server's 170). Measured per package (CPU to import it after",
    "zod): jiti ~44 ms, @hono/node-server + hono ~30 ms, `zod-to-json-schema` + zod 3 ~21 ms (core's",
    "zod 3 kind, loaded for a zod 4 app), semver ~15 ms, `@opentelemetry/api` ~12 ms (loaded with no",
    "tracer registered). Fixed since: jiti is imported on the first TypeScript file Node cannot load",
    "(the bench app's config is `axn.config.ts`, so this row still loads it; a `.mjs` app does not),",
    "and @hono/node-server on the MCP HTTP handler's first request, not when serving stdio (server CPU",
    "up to the first answer, 7 alternating cold starts against the previous build: median 400 → 380 ms,",
    "bare 200 ms). Left: core's zod 3 kind and `@opentelemetry/api` are imported statically by core",
    "(core/src/schema/zod3, core/src/tracing/span.ts) and both are used synchronously on the call path,",
    "so loading them on first use needs a synchronous check that no zod 3 schema / no tracer exists",
    "before the import — not done.",
  ].join("\n"),
};

// The other in-memory MCP rows share row 4's server and so its finding.
FINDINGS["4b"] = FINDINGS["4c"] = FINDINGS["4"]!;

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
