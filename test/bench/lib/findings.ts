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

const FINDINGS: Record<string, string> = {
  "1": [
    "Where a direct call's time goes, measured by ablation (Lookup on zod 4, `A.call` CPU per call, min",
    "over 30 batches of 20,000, three processes each, one piece of core/dist taken out at a time):",
    "~630 ns in all against ~375 ns by hand. The fields' validation, one library call per field, is",
    "~320 ns of it (the by-hand object parses: ~290 ns); the rest (~300 ns) is the runtime: the two",
    "`performance.now()` reads behind `result.elapsedMs` ~65 ns (a documented `Result` member: the",
    "contract's single largest fixed cost, ~0.17× of this baseline), the `Result` itself ~25 ns, and",
    "~200 ns for opening the call (options, ambient scope and tracing checks), the body's context",
    "(`ctx`), the resolve/validate/expose loops and settling — of which the async function and the body",
    "(~45 ns) the baseline pays too. For 1.2× on zod 4 everything but the clocks and the per-field",
    "validation would have to fit in ~95 ns.",
    "Fixed in this round (`one.ts core` beside the previous build on a machine at load 15: zod 4 CPU",
    "ratio 1.95× → 1.34–1.56×, wall 2.18× → 1.57–1.77×; valibot CPU 1.21× → 1.00–1.12×; the Invoker's",
    "ratio unchanged at CPU ~1.15×): V8 fills an object from a field list (`o[name] = v`) with a",
    "megamorphic keyed store, ~13 ns a key, and a call built four such objects (input, exposes bag,",
    "validated exposes, the `Result`'s copies); core/src/runtime/plan.ts now compiles per action,",
    "once, an object literal for the input and the exposes, constant-key readers for the arguments and",
    "the body's returned object, and constant-key copies onto the `Result` (generated source, as zod",
    "compiles its object parsers, with the key-by-key path where code generation is refused). Also: no",
    "`{ ok, value }` wrapper per field, violation arrays only on a refusal, the exposes collected by",
    "field index, a precomputed success message, no `Settled` record on success, the `expose` closure",
    "built on first use, and zod 4 fields run through the schema's `_zod.run` with one parse context per",
    "side of the call (as `z.object` shares one between its properties) instead of `safeParse`'s",
    "context and result per field.",
    "History (zod 3 era): the `Result` constructor (`Object.defineProperty` per key) and `axnConfig()`",
    "reading `process.env` per call were fixed first (2.35× → ~1.2×); then core stopped opening an",
    "execution scope when nothing can observe it, and stopped making spans while no tracing SDK is",
    "registered.",
  ].join("\n"),
  "1:zod 4": [
    "zod 4: validating Lookup's six fields one by one through `_zod.run` (core/src/schema/zod4/",
    "validate.ts) costs ~320 ns in the call, ~10 % more than the baseline's two `z.object().safeParse`",
    "calls (~290 ns, measured alone): zod 4 compiles an object's shape into one function, and each",
    "standalone field still pays a payload, an issues array and axn's outcome object. That leaves the",
    "runtime ~95 ns for 1.2× — less than the two clock reads and the `Result` (~90 ns, see row 1).",
    "Tried before (and reverted): each side as one `$ZodObjectJIT` built on the first call, a refusal",
    "re-run field by field so every message stayed the same — faster parse in isolation (~175 ns",
    "against ~245 ns for the three input fields) but a slower call, from resolving the values into an",
    "object first and a second pass for each field's own checks.",
  ].join("\n"),
  "1:valibot": [
    "valibot: the six field validations through `~standard.validate` (core/src/schema/standard/index.ts)",
    "take ~0.2 µs; the runtime's own share (~0.3 µs, see row 1) lands the call within a few per cent of",
    "the baseline's two `v.safeParse` calls on `v.object` schemas (~0.5 µs), so noise on this machine",
    "tips the verdict either way. The scenario alone on a quiet machine (`node --import tsx",
    "test/bench/one.ts core`, load 0.1): 0.66 → 0.73 µs, 1.11× (CPU 1.08×), a pass; in the full run of",
    "2026-12-01 15:00 (load 0.4) the same code measured 0.69 → 0.99 µs, 1.45×, while zod 3, zod 4 and",
    "ArkType each came out as fast as alone. Same code, so it is process state from the scenarios run",
    "before it (the field-validation call sites all kinds share turn megamorphic in a different",
    "order) — not yet shown with a profile; a per-kind specialised validate loop is the next thing to try.",
  ].join("\n"),
  "7:tools/list warm": [
    "`tools/list` answered again over a real SDK `Client` (the listing cached; the cost is the",
    "JSON-RPC message itself: the SDK's zod parse of the request, the in-memory transport, the client's",
    "zod parse of 10,000 tool definitions). Both sizes got faster in this round (1,000: 2.5 → 2.1 ms;",
    "10,000: 34.6 → 32.2 ms); the exponent (1.15 → 1.19) rose because the small size gained more. The",
    "superlinear part is garbage collection of a ~10 MB reply in a 250 MB heap, on both sides of the",
    "transport — not yet profiled further; a client listing 10,000 tools pages through `cursor`",
    "(not implemented by the server yet) would avoid it.",
  ].join("\n"),
  "2": [
    "Beyond a direct call, the Invoker strips ambient-context keys from the arguments, refuses",
    "undeclared keys, non-finite numbers and unpaired surrogates by field, and coerces wire strings",
    '(`"25"` → 25): ~0.07–0.12 µs on zod fields, whose coercion is specialised once at definition',
    "(~0.06 µs for Lookup's three fields). Profiled fixes: the wire-value check answers a single leaf",
    "without allocating its walk (1.34× → 1.26×); the call options are passed through rather than copied",
    "with conditional object spreads (~1 µs a call once a `signal` was given); each field's wire coercion",
    "is specialised at definition instead of walking its schema per call (~1.27× → ~1.2×). Faster direct",
    "calls raise this ratio: the Invoker's own share is fixed (this round's direct-call fixes took",
    "`invoker.call` itself from ~1.16 µs to ~0.78 µs on zod 4 while the ratio stayed ~1.05–1.2×).",
  ].join("\n"),
  "2:valibot": STANDARD_COERCION,
  "2:ArkType": STANDARD_COERCION,
  "4": [
    "Measured beside the bench by CPU time (`node --import tsx test/bench/mcp-cpu.ts [rounds] [calls]",
    "[in flight]`: the three servers in one process, alternating rounds, the peers with Node 20's promise",
    "hook off), against the build before this work, alternating runs on this loaded machine (medians of",
    "per-round ratios): axn / bare Server 1.09–1.16× → 0.94–0.98× sequential and 1.08–1.13× → 0.91–0.96×",
    "with 16 in flight; axn / McpServer 0.96–1.06× → 0.89–0.92× sequential, 0.94–1.08× → 0.88–0.92× in",
    "flight. What changed, by size: (1) the `AsyncLocalStorage` scope of the MCP-only live handle (since removed:",
    "`ctx.progress` / `ctx.signal` need no scope) was entered for every tools/call, and on Node 20 the first",
    "scope switches on a hook for every promise in the process (~1.7–1.9 µs, ~10 % of an in-memory round trip);",
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
    "With the faster Invoker merged since ([core-perf]): axn 10.9–11.0 µs in-process (+3.1–3.4 over",
    "the floor, fastify +0.8–0.9), `toolInvoker.call` ~0.75 µs, the pipeline and mapping ~1.45 µs —",
    "now the larger part. What is left: the pipeline without its per-call timer and promise layers.",
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
    "Where the start goes, measured with `performance.now()` and CPU marks in the CLI's load steps,",
    "Node's module trace (`NODE_DEBUG=esm,module`: 572 files loaded against the bare server's 240) and",
    "the CPU to import each package after zod and the MCP SDK: node's own start ~55 ms on both sides;",
    "then axn loads @axn/core (~100 files, ~38 ms), the sdk and the CLI (~75 files), jiti (the bench",
    "app's config and tool are `.ts`, and Node 20 cannot load them), tapable, semver, @opentelemetry/api",
    "and axn-plugin-mcp with `McpServer` (~35 ms) — zod, zod 3 and `zod-to-json-schema` the bare server",
    "loads too (the MCP SDK imports them), so core's zod 3 kind is not this row's cost.",
    "Fixed in this round (server CPU up to the first answer, 9 alternating cold starts of bare, main and",
    "this build in one process: ~400–420 → ~320–330 ms, bare ~200–210 ms; CPU ratio 1.95–2.0× →",
    "1.52–1.65×; `one.ts stdio` beside the previous build: wall 1.91× → 1.47×, CPU 2.00× → 1.63×):",
    "`@opentelemetry/api` is required only once something registers a tracer provider or context",
    "manager with it (core/src/tracing/open-telemetry.ts checks the API's global registry, a",
    "`Symbol.for` key every copy shares, before loading it; ~10–20 ms); jiti is `require`d rather than",
    "imported — importing a CommonJS bundle from ESM first scans it for export names, ~20 ms for jiti's",
    "190 KB; semver's three functions instead of its index, which requires ~50 files; and each CLI",
    "command's module is imported only when it runs (sdk/src/cli/command-index.ts, ~20 ms).",
    "test/sdk/cli-cold-start.spec.ts pins what `axn serve --mcp-stdio` does not load. History: tsx's",
    "off-thread loader, registered before anything loaded, made every import a round trip to its worker",
    "(3.65× → 2.70× → ~1.5× wall once removed); @hono/node-server loads on the MCP HTTP handler's first",
    "request. Left: the rest is many small ESM files (core, sdk, plugin: ~0.25 ms each) — a bundled",
    "dist, or Node 22's module compile cache, would take most of it.",
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
  for (const check of scaleMisses)
    out.push(`### 7. Scale — ${check.metric}: missed`, "", FINDINGS[`7:${check.metric}`] ?? "Not yet profiled.", "");
  for (const row of skipped) out.push(`- ${row.id}. ${rowLabel(row)}: ${row.note ?? "skipped"}`);
  return out.join("\n");
}
