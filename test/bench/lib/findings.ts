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
    "Measured beside the bench by CPU time (`node --import tsx test/bench/mcp-cpu.ts [rounds] [calls]",
    "[in flight]`: the three servers in one process, alternating rounds, the peers with Node 20's promise",
    "hook off), against the build before this work, alternating runs on this loaded machine (medians of",
    "per-round ratios): axn / bare Server 1.09–1.16× → 0.94–0.98× sequential and 1.08–1.13× → 0.91–0.96×",
    "with 16 in flight; axn / McpServer 0.96–1.06× → 0.89–0.92× sequential, 0.94–1.08× → 0.88–0.92× in",
    "flight. What changed, by size: (1) the `AsyncLocalStorage` scope of `McpAdapter.serverContext()`",
    "was entered for every tools/call, and on Node 20 the first scope switches on a hook for every promise in the process",
    "(~1.7–1.9 µs, ~10 % of an in-memory round trip): it is now entered only for a tool with the",
    "`serverContext` setting (the handle is deprecated; `ctx.progress` / `ctx.signal` need no scope);",
    "(2) the request schema axn registers tools/call with stripped instead of passing through (zod 4's",
    "compiled object path, not a catchall walk; ~0.4 µs on the handler alone); (3) the call deadline",
    "shares one timer per duration (sdk/src/adapter/deadline.ts) instead of a `setTimeout` and",
    "`clearTimeout` per call (~0.35 µs: `tool.call` alone 1.48 → 1.13 µs CPU); (4) no concurrency slot",
    "on a server without a cap; (5) a structured tool's `rejectOpaqueExposedValues` is read when it is",
    "wrapped, not on every call (~0.2 µs). axn also allocates least per round trip (minor GCs per 100k",
    "calls with a 16 MB semi-space: axn 154, bare 162, McpServer 178). Where the rest goes (`--cpu-prof` of",
    "`tool.call` alone): the Invoker and the action run (input resolution, zod, the `Result`) about",
    "half, the mapping (one `JSON.stringify` of the structured content for the text block) ~8 %, the",
    "pipeline and deadline ~15 %; each `performance.now()` costs 0.1–0.2 µs on this VM and core reads",
    "it twice a call. What axn skips that the peers pay: the SDK `Server`'s tools/call wrapper parses",
    "each request again with `CallToolRequestSchema` and the result with `CallToolResultSchema`; axn",
    "checks the params by hand and its result is built to the schema. Output is validated once (core's",
    "outbound validation), like the peers.",
  ].join("\n"),
  "4e": [
    "Over a real pipe the round trip is dominated by the two processes' stdio reads and writes",
    "(~65 µs on a quiet machine against ~20 µs in memory), the same for both servers; axn's server",
    "runs the same handler as in row 4 (no per-call `AsyncLocalStorage` scope, so no promise hook in",
    "its process), whose own work is within the noise of the pipe. The row's CPU ratio is the client",
    "process's, which does the same work for both.",
  ].join("\n"),
  "5": [
    "Where the time goes, measured with `PEERS=1 node --import tsx test/bench/http-inprocess.ts` (each",
    "server's request listener driven in-process, no sockets, CPU per request, 3 rounds): fastify's",
    "`routing` ~10 µs; a bare hono route with the same zod validation on @hono/node-server ~13–14.5 µs;",
    "axn-plugin-http ~14.5–16.5 µs; @hono/zod-openapi ~14–20 µs. So of axn's ~6 µs over fastify, ~4 µs",
    "is the layer it is built on — @hono/node-server turning Node's request into a web `Request` and the",
    "answer back from a web `Response`, and hono's dispatch — and ~2 µs is axn's own contract per",
    "request (JSON-only Content-Type, the byte-level body limit, prototype-safe parsing, the Invoker's",
    "coercion and undeclared-key checks, a `Result`, rendering the exposes under the response guard;",
    "`--cpu-prof`: `resolveInput` and zod's field checks ~35 % of it, the result mapping and",
    "`JSON.stringify` ~15 %). fastify does less by contrast: its response schema serializes without",
    "validating (fast-json-stringify), and ajv's compiled body check is one function.",
    "Fixed since: `serve` and `axn serve` answer the tool routes straight from Node's request",
    "(plugins/http/src/node-route.ts: no web `Request`/`Response`, no hono middleware chain) whenever",
    "the app has no CORS and no authentication and the request is a plain JSON POST (no Origin, no",
    "event stream, a declared length); anything else still goes through hono, and",
    "test/plugins/http/node-route.spec.ts pins that both paths answer byte for byte alike. In-process",
    "(`PEERS=1 node --import tsx test/bench/http-inprocess.ts`, 3 rounds alternating in one process):",
    "axn 14.5–16.4 µs against the same app through @hono/node-server 17.2–18.7 µs and fastify 8.5–10.3 µs",
    "— the layer's ~3 µs is gone; what is left (~5 µs over fastify) is Node's own request objects",
    "shared by both, axn's contract listed above (~2 µs) and the zod validation of the body and the",
    "result (fastify serializes its reply without validating it; `--cpu-prof` now shows no single",
    "frame above ~4 % of axn's request).",
  ].join("\n"),
  "5b": [
    "@hono/zod-openapi runs on the same hono and @hono/node-server as axn-plugin-http, with a zod",
    "validator middleware per route; the two are within a few per cent of each other (see 5 for the",
    "in-process split), so noise on this machine can tip the verdict either way.",
  ].join("\n"),
  "5c": [
    "The bare hono route is the floor axn-plugin-http is built on: everything axn adds per request (see",
    "5 for the list and the in-process split, ~2 µs) is measured against it. Profiled fixes of earlier",
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
