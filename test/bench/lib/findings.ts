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
    "One agent step is LangGraph's own work (the graph run, the model and tool nodes, message objects,",
    "run ids): the tool call is ~1 % of it, and axn's tool is the faster of the two (row 6). Measured",
    "beside the bench (alternating rounds of 200 steps a side in one process, CPU per step, two runs):",
    "6.20 vs 6.06 ms and 6.44 vs 6.47 ms (axn vs `tool()`, 1.02× and 1.00×). `--cpu-prof` split by",
    "round: axn's own frames (core, sdk, the plugin, LangChain's JSON Schema check of the arguments)",
    "are ~4 % of an axn step, `tool()`'s zod parse and wrapper about the same share of its step; the",
    "rest is the same LangGraph and LangChain code on both sides, so the ratio sits at 1.0 within the",
    "machine's noise. Tried: skipping LangChain's argument check (~0.3 µs: its empty JSON Schema",
    "validation), not worth a departure from `StructuredTool.call`; done: a call that dispatched no",
    "live event no longer waits on the event chain (two promise turns). A step cannot get meaningfully",
    "below `tool()`'s without LangGraph itself getting cheaper.",
  ].join("\n"),
  "22": [
    "Both sides make the same Redis round trips per job (counted with `INFO commandstats` over 200",
    "jobs a side: the add script, one read before waiting — BullMQ's `isFinished` script, axn's job",
    "hash —, the worker's move-to-active and move-to-finished scripts, the completed event on the",
    "`QueueEvents` stream). The profiled cost was process-wide: the worker opened an execution scope",
    "(an `AsyncLocalStorage.run`) for every job, which on Node 20 switches on promise hooks for every",
    "promise in the process — BullMQ's and ioredis's included; a job now opens one only to parent its",
    "span on a `traceparent` or to hide a context it was started inside (the row's p50 ratio before:",
    "1.31× and 1.41× in two quick runs; after: 1.07×, 1.07×, 1.19× quick and 1.33× full, one disturbed",
    "quick run at 1.74×). Also removed: an `AbortController` per job (built only if",
    "the body reads `ctx.signal`) and, for a job not finished when its waiter first reads it, the parse",
    "of the whole job hash (two fields are read instead). Left: axn's own work per job measured in",
    "isolation is ~5–8 µs of CPU (payload check ~1 µs, the call with its validation ~1–3 µs, the",
    "settled form and `Result` ~1 µs, its larger JSON ~1 µs) in a hot loop. Decomposed in one process",
    "(a bare producer on the axn worker, then the axn producer; CPU per job, 6 alternating rounds of",
    "300 jobs), the worker side costs +75–160 µs; the producer side cost +60–115 µs until its waiters",
    "shared one recheck timer (a `setTimeout` per wait before), the travel check stopped building path",
    "strings and a job's `Result` reused its action's name sets — now within noise (−15 to +20 µs).",
    "`--cpu-prof` (100 µs interval) of the worker side puts ~60 µs of it in core's call path",
    "(`runCall`, `openCall`, `runJob`, `BodyContext`, `resolveInput`, zod: a few µs each) and the rest",
    "in BullMQ and ioredis handling the larger payload and settled result: between two Redis round",
    "trips the same code runs with cold caches, ~20× its hot-loop cost. What would cut it is less code",
    "per job in the worker (core's call path is shared with every transport), not another round trip",
    "saved. The row's p50 ratio moves between ~1.07× (quick runs, where the baseline's own p50 is",
    "twice as long) and ~1.3× (full runs) on this machine.",
  ].join("\n"),
  "22d": [
    "On this machine the load generator, HAProxy and both `axn serve` instances share 2 cores, so a",
    "second instance brings no CPU to serve with — only more processes to schedule. The note's figure",
    "for one instance through the proxy is the proxy's own cost (~0.7× direct for this tiny request:",
    "HAProxy parses and forwards each request and response on the same cores). Each instance is",
    "stateless (nothing of a call stays in it), so on machines with a core per instance the figure is",
    "the proxy's throughput, not axn's; test/queue/balanced.spec.ts pins that any instance answers.",
  ].join("\n"),
  "22e": [
    "Stateless MCP builds an MCP server per POST: one instance answers ~600–650 calls/s here against",
    "~25,000 HTTP requests/s for the same tool, so the proxy's own cost barely shows (through it to one",
    "instance 0.9–1.3× direct, within noise); the 2 cores are already busy with one instance, so a",
    "second cannot add throughput here either (see 22d).",
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

// The throughput rows run the same jobs as row 22 in batches.
FINDINGS["22b"] = FINDINGS["22c"] = FINDINGS["22"]!;
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
