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
    "2026-12-02 (callgrind, instructions per call after warming every kind, Node 24): 9,874 against the",
    "hand-written 8,153 (1.21×); reading the OpenTelemetry registry from a module variable once it exists",
    "(a symbol-keyed `globalThis` read was ~135 instructions every call) took it to 9,749 (1.20×). What is",
    "left is spread thin: the two clock reads ~300, the own-argument checks ~400, the parse contexts, the",
    "body's context and the `Result`. Next: one generated function per action for the whole input side",
    "(read, prepare, validate and build in one pass).",
    "2026-12-03 (callgrind, instructions per call, Node 24): the input side is now read, prepared and",
    "built by one function generated per action (core/src/runtime/prepare.ts: one `for…in` over the",
    "arguments matching names as constants instead of an `Object.hasOwn` per field; defaults, optional",
    "and coercion written into the code; the values as one packed array), each side's object is built in",
    "the pass that checks it, and a body that returns synchronously settles the call without an async",
    "frame. A direct call on zod 4 went 9,694 → 8,764 instructions against the hand-written 7,892 (1.23×",
    "→ 1.11×); valibot 0.95×; row 2 1.24×. Left: the OpenTelemetry check while nothing is registered",
    "(~170), the two clock reads (~280), the `Result` (its constructor, and the promise's `then` lookup",
    "on it).",
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
    "2026-12-02: valibot and ArkType fields are now validated as zod 4's are, one generated function per",
    "side of an action calling each field's `~standard.validate` at its own call site, no outcome object per",
    "field (core/src/schema/standard/batch.ts): instructions per call 1.11× → 0.93× the hand-written",
    "`v.safeParse` (callgrind, Node 24; `one.ts core` 1.14× → 1.06×).",
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
    "Baseline since the move to the SDK v2: the bare low-level `Server` of `@modelcontextprotocol/server`",
    "2.4 (against the 1.x `Server` the row stood at 1.00×). axn's extra per round trip, from `--cpu-prof`",
    "of `profile.ts mcp:axn` against `mcp:bare` (70,000 round trips each, Node 20): ~11 µs of ~86 µs, a",
    "third of it building the call's request context twice from conditional spreads (a shape per",
    "request: V8's slow path). Fixed (plugins/mcp/src/protocol/server-context.ts, server/tool-call.ts):",
    "the context is one literal with every key present, and the call fills in its own slots",
    "(`ambientContext`, `onOverdue`, the 2026 `signal` and `rounds`) on the same object instead of",
    "copying it; the 2025 task intercept is installed only on a server with a long-running tool; the",
    "tool set's invariants (restricted, cache hints) are computed once per set. After, on a machine at",
    "load 8–10 (`node --import tsx test/bench/mcp-cpu.ts 10 1500 1 2025`, CPU per call, median of",
    "per-round ratios): axn / bare 1.04× (min rounds 0.94×), against 1.09–1.18× before.",
  ].join("\n"),
  "4f": [
    "In the 2026-07-28 era each request builds its server from the handler's factory (`createMcpHandler`),",
    "so work a 2025 session does once lands on every call, on both sides. Profiled (`--cpu-prof` of the",
    "fetch handler alone, Node 20 and 24): what axn added was the SDK's `isLegacyRequest` run before",
    "`createMcpHandler.fetch` classifies the same request again (~27 µs), `serverFor` per request",
    "(the cache-hint table, capabilities, handlers, an empty resource/prompt surface registered and",
    "guarded: ~26 µs), `argumentsDigest` on every call (~18 µs), `AbortSignal.any` per call (~18 µs)",
    "and the call context's spreads. Fixed: a request whose `_meta` names its revision is routed modern",
    "at once (the envelope claim the SDK's classification routes modern whatever else it holds; the",
    "rest still goes to `isLegacyRequest`, plugins/mcp/src/http/modern.ts); the set's invariants are",
    "computed once (server/tool-set.ts) and a set with no resource or prompt registers none; the digest",
    "is computed only when a round is resumed or started; one `AbortController` the request's signal",
    "forwards to. After (`node --import tsx test/bench/mcp-cpu.ts 10 500 1 fetch`, CPU per call, load",
    "7–10): Node 20 axn / bare 0.90× (min rounds 0.83×; 1.26× before), client → fetch 0.92×; Node 24",
    "1.09× (min rounds 0.72×; 1.44× before) — Node 24's bare exchange is ~2.5× cheaper than Node 20's,",
    "so axn's fixed share weighs more there. axn reads the body once and hands the SDK `parsedBody`,",
    "where the bare handler reads it from a clone of the Request — one reason axn can be level or ahead.",
  ].join("\n"),
  "4g": [
    "Over stdio the SDK's `serveStdio` builds one server per connection, not per request, so what axn",
    "adds is the tool call itself. `--cpu-prof` of both stdio servers in the 2026 era (8,000 calls each",
    "through the pinned v2 Client, Node 20) put axn's extra in the call's second `AbortController` and",
    "`AbortSignal.any` (~20 µs), `argumentsDigest` on every call (~16 µs), `callWithRounds`' race and",
    "`{ ...call, signal, rounds }` (~6 µs), the call context's spreads (~6 µs) and the Invoker and action",
    "run (~11 µs). All but the last are fixed (rows 4 and 4f). After, quick run on Node 24 at load ~9",
    "(`BENCH_SAVE=… node --import tsx test/bench/one.ts stdio quick`): 2025-11-25 0.63× (CPU 0.63×);",
    "2026-07-28 wall 0.99×, CPU 1.30× (spread 0.92–1.83). The rest of a round trip is the two processes'",
    "pipe reads and writes, the same for both; on a loaded 2-core machine each call waits for two",
    "processes to be scheduled, which is why the wall ratio moves more than the servers' CPU.",
    "2026-12-02: the body's `AbortSignal` is built only if the body reads `ctx.signal` (it was an",
    "`AbortController` and an abort listener per call): server instructions per stdio call 636k → 593k",
    "against bare's 518k (callgrind, Node 24; 1.23× → 1.145×). What remains is core's call path (`render`",
    "building its output key by key, override and input resolution) and the sdk adapter's deadline.",
    "2026-12-03 (`node --import tsx test/bench/stdio-cpu.ts instructions|cpu`, the two stdio servers fed",
    "the pinned client's lines directly, Node 24): 343k vs 387k instructions per call (1.13×, of which",
    "~22k is V8 still compiling axn's longer call path over calls 2,000–8,000: 1.07× without it), main-",
    "thread CPU 1.09–1.13×. Swapping the action call for a constant result brings axn level with bare",
    "(1.01×): what is left is core's action run (~0.10) and the Invoker and pipeline (~0.04), not the MCP",
    "2026 path — e.g. ~26 `#private` fields initialised per call (~3.4k instructions) in `InputRounds`,",
    "`PipelineCall`, the run and `ResultImpl`.",
    "2026-12-03 (round 2): the last full run's 4e/4f misses (1.13×, 1.11×, after 1.05× the run before)",
    "were not a regression: server CPU over stdio of the build before and after last round's merges,",
    "side by side in alternating rounds (Node 24, load 1–2.6), 0.98–1.00×; instructions per call level.",
    "Cut anyway: the tool pipeline's call is its own receiver holding the promise's resolvers (no",
    "receiver object per call), and a 2026-07-28 `tools/call` runs on the",
    "rounds engine as one object (plugins/mcp/src/server/tool-rounds.ts) instead of an async frame, a",
    "promise and closures per layer. `node --import tsx test/bench/stdio-cpu.ts instructions --axn-only`",
    "(one callgrind run per server between a zero after `from` calls and a dump after `to`, Node 24):",
    "2026 era 232.0k → 201.4k instructions per call without compiler and GC (−13 %), 2025 era level;",
    "server CPU (`stdio-cpu.ts cpu`, load 0.1–0.7) axn ÷ bare 2025 1.08× → 1.07×, 2026 1.09× → 1.08× —",
    "the objects removed were cheap once optimised. Left: core reads `callTimeoutMs` through the",
    "settings on every call (~210 instructions), calls the options' `signal` detached (a closure per",
    "call), and resolves the `Result` through `.then`; a receiver form of the Invoker's call would drop",
    "the last two; the MCP tools/call handler is still async.",
  ].join("\n"),
  "4i": [
    "Not reachable on the SDK's `createMcpHandler` as it is: the SDK's own per-request exchange costs",
    "several times what axn-plugin-http spends on its whole request for the same tool. After this",
    "round's fixes (4f) axn's whole 2026-07-28 request is level with the bare handler (4h: CPU 1.00× on",
    "Node 24), and the ratio to axn's HTTP API fell from 12–15× to 6.5× (quick run, Node 24, load ~9) —",
    "all of what is left is the SDK's. Where its time goes (`--cpu-prof` of the bare handler, 10,000",
    "in-process requests, inclusive): classifying the request from a clone of it (`classifyEntryRequest`:",
    "clone, tee, read, JSON parse) ~15 %; writing the response through undici's `Response.json` stream",
    "~10 %; the per-request `Server`, transport and `Protocol` (`new Server`, connect, close — on close",
    "`Protocol._onclose` constructs an `SdkError` with its stack trace although nothing is pending, ~4 %);",
    "the zod checks of message and result ~6 %; AbortSignals and web streams ~5 %; garbage collection",
    "~10 %. Reaching 3× needs the exchange itself under ~100 µs — upstream (a body parsed once and",
    "shared, no error object when nothing is pending, a direct JSON response), or one long-lived server",
    "per tool set answering well-formed 2026 requests, which the SDK's public API does not offer (its",
    "modern-era setup, `setNegotiatedProtocolVersion` / `installModernOnlyHandlers`, is internal to the",
    "serving entries). Blocked upstream.",
    "2026-12-02: the bare handler alone, no socket and no HTTP parsing (`node --import tsx",
    "test/bench/mcp-cpu.ts 10 2000 1 fetch`, Node 24, load 0.7): 86 µs of CPU per call, axn's 100 µs —",
    "above the 3 × 22 µs this row allows axn's whole request over loopback. Handing the SDK a finished",
    "server again after its exchange closed (a pool) takes ~25 % off, but its documentation asks for a new",
    "instance per request, and it would still be over 66 µs.",
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
    "now the larger part. Since: one shared timer per timeout length (sdk/src/adapter/deadline.ts), and",
    "(issue 34) one promise per call in the pipeline, settled by the call's result or its deadline,",
    "instead of an async function awaiting a race promise awaiting the call: `toolPipeline` over Lookup",
    "with a trivial mapping, both builds in one process, 12 alternating rounds of 30,000 calls, CPU µs",
    "per call median (min), load 16–18: Node 20 4.15 (3.73) → 4.03 (2.91), Node 24 3.95 (2.89) → 3.66",
    "(2.32). What is left in the pipeline: its two option objects per call (`Deadline`,",
    "`DeadlineCallOptions`) and the Invoker's call path; in the HTTP plugin (plugins/http, not changed",
    "here): see the report of issue 34.",
    "2026-12-02: allocation per request taken down instead of chasing wall time (`ALLOC=1 PEERS=1",
    "ONLY=floor,axn,fastify ROUNDS=3 node --expose-gc --min-semi-space-size=64 --max-semi-space-size=64",
    "--import tsx test/bench/http-inprocess.ts`, Node 24): 15.2–15.7 → 14.0–14.5 KB (floor 7.4, fastify",
    "9.0–10.0) — `answerToolCall` as promise chains instead of one async function, one `PipelineCall`",
    "object per call, the rounds engine, the round binding, the Host check and `endAfterBody` built only",
    "when a call needs them. What is left is mostly the Invoker (~1.5 KB plus zod) and the Node body read",
    "in `@axn/sdk/serving` (~0.7 KB: a promise, five closures, four listeners per request).",
    "2026-12-03: an HTTP tool call is one object from its body to its answer — the Node body reader, the",
    "rounds engine and the tool pipeline report to it (`readNodeBodyInto`, `runRoundsInto`,",
    "`toolPipelineInto`) instead of each making a promise; replies without headers of their own reuse one",
    "header array. Allocation per request 14 → 10.8 KB (fastify 9, bare Node 7), instructions per request",
    "126k → 112k (fastify's handler 64k; callgrind over a 40,000-request window, in-process, Node 24",
    "`--single-threaded`). What remains above fastify is mostly the call itself: zod checks of input and",
    "result and core's call path (~1.3 KB).",
    "2026-12-03 (round 2): the HTTP call is its own run options and call slot (no `CallSlot`, `onOverdue`",
    "closure or round options for a plain call), core's `render` builds the common all-leaf case as one",
    "literal compiled per action, an anonymous call's frozen empty context is not walked. Counted on a",
    "real loopback server (`node --import tsx test/bench/http-instructions.ts axn|fastify`: callgrind,",
    "Node 24 `--single-threaded`, 40k requests after a 20k warm-up; JavaScript and V8 builtins, GC left",
    "out because under valgrind it swings 0.5k–64k a request between runs): 48.8–51.8k → 47.9–48.4k",
    "instructions per request against fastify's 43.2–43.9k (1.13–1.20× → 1.10–1.12×). The in-process",
    "harness (http-inprocess.ts) overstates axn's GC: its socket-less requests survive every scavenge",
    "(~15 MB promoted each for axn and bare Node, ~0 for fastify, ~1 KB on a real server), so its CPU",
    "ratios are not the server's. Tried and reverted: `#private` → plain fields in the request, body",
    "read and call classes (optimised constructors already make them cheap). Left, by size: zod's",
    "checks of input and answer (fastify checks only the body), `JSON.stringify` of the answer (~1.8k",
    "against fast-json-stringify; a compiled encoder for the all-leaf case would save ~0.8k), the",
    "`InputRounds` constructor (~1k: ten private fields per call), the `then` look-up on the `Result`",
    "resolved through a promise (~0.3k), Node's header validation for `nosniff` (~0.3k).",
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
    "2026-12-02: a round of per-job Redis work (an admission paired with its add, one ADMIT a tick, the",
    "worker's count-outs and input strips as one step, no read before waiting on a job this producer",
    "stored) brought the rows to ~1.25–1.35× at load ~1 and axn to 9.6 commands a job against bare",
    "BullMQ's 9.7 — and was taken out before this run: in one whole-suite run the Redis-restart spec",
    "(nothing accepted is lost) hung, and it did not reproduce. It is in the history (0d53240..8fa4386,",
    "reverted by f681a5d) for the next round to find the hang and land.",
    "2026-12-03: that work is back, with three defects it exposed fixed, each pinned by a spec that fails",
    "without its fix: the producer's event reader started at BullMQ's `$` when the producer opened on its",
    "first enqueue, so a job that ended before that read was only heard by the 5 s recheck (it now starts",
    "at the stream's newest entry, read before the first add); `worker.close()` never returned while",
    "Redis was unreachable (BullMQ waits for an `end` its reconnecting connection never sends; it is now",
    "bounded — the way the restart spec could hang to its guard when its Redis restart failed); an",
    "admission re-sent by ioredis after a dropped reply refused to store a job it had counted. The",
    "original whole-suite hang was not reproduced in 81 runs; the spec now fails at a 90 s guard naming",
    "each unsettled job's Redis state. Rows ~1.3–1.4× (load ~3): the same commands and socket writes as",
    "bare, ~180 µs more Node CPU and ~80 µs more Redis CPU a job — axn's admission script (44 µs against",
    "bare's 12 µs read) and BullMQ doing more for axn's larger payload and options. Next: a cheaper",
    "admission, fewer per-job options.",
    "2026-12-03 (round 2): the admission script reads each waiting set's front 16 members at once and",
    "removes the started and stale ones in one call, counts each set once a batch and adds a batch's",
    "members in one ZADD a set (8 Redis calls a job one at a time instead of 15); `keepEnded` is the",
    "worker's `removeOnComplete`/`removeOnFail` instead of two options on every job. Redis instructions",
    "per job (valgrind on redis-server, the difference of a 300- and a 1,300-job run, Node 24): one at a",
    "time 1,247k → 1,204k against bare's 1,102k (1.13× → 1.09×); 500 at once 774k → 748k against 583k",
    "(1.33× → 1.28×). Most of Redis's remaining extra is work bare BullMQ is not asked to do here: the",
    "retention axn keeps by default (a day, at most 1,000 ended jobs — BullMQ's move-to-finished script",
    "~50 µs a call without trimming, ~65–70 µs with it; bare given the same trimming is 1,151k one at a",
    "time, axn then 1.05×) and fair share, which puts one owner's batch of 500 through BullMQ's",
    "prioritized path (bare with the same priorities 611k; axn ~1.10× of both together). Node CPU per",
    "job is still ~1.34× bare's (539–562 µs against 394–420, `test/queue/measure-cpu.ts`, load ~2): the",
    "extra ~120–140 µs is spread over BullMQ and ioredis handling the larger payload and result, GC",
    "(+20 µs) and core's call path; @axn/sdk's own code is ~25 µs self time. Next: core's job path (the",
    "call shared with every transport) and trimming ended jobs in the worker's batched step instead of",
    "in every finish.",
    "What travels per job for the bench tool (Redis `MONITOR`): axn's `data` 56 B (action, args, ambient)",
    "against bare's 7, `opts` 103 B (its own job id, attempts and backoff for retries) against 14, the",
    "result 108 B against 7, read twice (job hash and `completed` event). Socket writes per job are",
    "equal (`strace -f -c`: 11.5 + 6.0 against 11.8 + 6.0), and of the ~155 µs Node CPU gap ~130 µs is",
    "user time: ioredis +28 µs, BullMQ +15 µs (option validation and JSON of the larger options),",
    "msgpackr +8, core's enqueue and job run ~30, @axn/sdk's queue code ~25 (`--cpu-prof`, 50 µs).",
    "Tried and reverted: ioredis auto-pipelining of admission and add on the producer (CPU a job",
    "653–669 → 915–946 µs). Next: a settled result without the fields a success implies (`ok`,",
    "`message`) and a rounded `elapsedMs`, no empty `ambient` — core's wire, versioned.",
    "2026-12-03 (round 3): a job stores less — its options leave out axn's defaults (3 attempts,",
    "exponential backoff; the worker applies them) and a plain success is kept as `{ exposed, us }`",
    "(opts 107 → 61 B, result ~120 → 28 B) — and the admission reads a waiting set's front member",
    "before 16. By instructions (`test/queue/measure-instructions.ts`, Node and redis-server under",
    "callgrind, jobs 600 → 1,600, Node 24), Node's a job without GC and compiler 1,797k → 1,775k",
    "against bare's 1,538k; the row's wall-clock A/B could not tell them apart (±0.1 run to run on this",
    "machine). Where axn's extra Node work sits, inclusive: each Redis command costs the process",
    "~40–50k instructions (ioredis's command object, its RESP text, the socket write), the admission",
    "~50k of them; core's enqueue ~16k and its job run ~18k; the worker's batched step and trim",
    "(within 20 and 100 ms of a job) run once a job only under valgrind's slowdown, ~1/20 of that in",
    "real time. Tried and dropped: sending the admission after the add, in a write of its own, so the",
    "worker the add wakes is not held behind it in Redis (one more socket write and read event a job",
    "cost as much as it saved). Next: fewer commands a job — the admission's count folded into one",
    "step with the worker's count-out, or fair share computed from BullMQ's own lists.",
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
    "The baseline moved to the SDK v2: the bare server now loads `@modelcontextprotocol/server` and zod",
    "(111 modules) and no longer the zod 3, zod-to-json-schema and ajv the 1.x SDK imported, so the",
    "baseline got cheaper and the ratio rose (1.70× against the 1.x server in the previous full run).",
    "Fixed in issue 34 (Node 24 is the primary column now): sdk/src/cli/bin.ts no longer registers tsx's",
    "process-wide loader on a Node that strips types — the app's `.ts` goes through the sdk's jiti on",
    "every Node — and turns on `module.enableCompileCache()` (Node ≥ 22.1) before anything else loads;",
    "`@axn/sdk/auth` imports jose on the first JWT checked. `axn serve --mcp-stdio` now loads 426",
    "modules. Measured with `node --import tsx test/bench/cold-start.ts 8 <node>` (alternating cold",
    "starts, each side's own CPU from /proc, medians), load 7–10 on 2 cores: Node 24 4.3–4.5× CPU",
    "(axn ~965 ms against ~215 ms bare) → tsx off 2.8× → plus the compile cache 2.2–2.4× → plus lazy",
    "jose 2.0–2.2× (axn ~545–615 ms, bare ~250–280); Node 20 (no compile cache) 2.3–2.5× → 2.0–2.3×",
    "(axn ~690–745 ms, bare ~345–365). Wall-time ratios moved the same way, noisier (Node 24: 3.5–4.4×",
    "→ 1.8–2.3×). What is left, by size (CPU to import each part after the ones before it, Node 20,",
    "earlier profile): the MCP SDK with zod ~190 ms (both sides); @axn/core ~115 (105 modules);",
    "axn-plugin-mcp ~80 (61 modules: its index re-exports the HTTP handler, sessions, the Redis store,",
    "tasks — the lead's to split: a stdio start should not import its HTTP folder); @axn/sdk with the",
    "CLI ~55; zod/v3 and zod-to-json-schema ~33 — now loaded only when a zod 3 schema is first",
    "reflected: core/src/schema/zod3/def.ts spells out the `typeName`s it reads instead of importing",
    "zod 3's enum, and json-schema.ts requires zod-to-json-schema's CommonJS build on first use (an",
    "ES-module `require` of core's own reflector was tried first: it works from dist but not in the",
    "specs, which run core/src under tsx); `axn serve --mcp-stdio` loads 49 fewer modules (the spawned",
    "server's module trace in test/sdk/cli-cold-start.spec.ts pins it), worth ~0.05–0.15× of CPU ratio",
    "in two alternating rounds at load 14 (Node 24 2.17–2.24× → 2.00–2.35×, Node 20 2.08–2.20× →",
    "1.98–2.00×: within this machine's noise). Then the number of small ESM",
    "files. Measured, not shipped: each package's `exports` entries (and the sdk's cli/bin.js) bundled",
    "by esbuild into the same dist paths (`--bundle --splitting --format=esm --platform=node",
    "--packages=external --sourcemap`: core 3 files, the sdk 45 with its lazy commands as chunks, the",
    "plugin 3) — `axn serve --mcp-stdio` then loads 259 modules instead of 426 and serves the same.",
    "Two alternating rounds each (cold-start.ts 8, load 13–14): Node 24 CPU ratio 2.23–2.27× → 1.81–1.85×",
    "(axn ~445–480 → ~360–380 ms); Node 20 2.34–2.38× → 1.57–1.63× (~575–580 → ~455–470 ms). Left",
    "before it ships: files that find their package by `import.meta.url` (sdk cli/sdk-version.ts,",
    "docs-location.ts, serve/banner.ts, init/templates.ts, commands/dev.ts, mcp-config.ts, config/jiti.ts;",
    "core kernel/state.ts, tracing/open-telemetry.ts) must resolve from the bundle's location; the",
    "bundle's source maps must chain to src/ (esbuild reads each input's map); test/e2e/packaging.spec.ts",
    "pins one dist file per module and changes with it; a build step after `tsc -b` that leaves the",
    "`.d.ts` files where they are. With the plugin's stdio start not importing its HTTP folder as",
    "well (~40 modules), ≤ 1.5× looks reachable on Node 24.",
    "2026-12-02: on a Node that strips types (22.18+/24) the CLI loads an app whose tsconfig sets",
    "`erasableSyntaxOnly` (the bench app, the example app, the `axn init` scaffold) with Node's own loader",
    "instead of jiti (sdk/src/config/native-typescript.ts): 975 M → 921 M instructions a start against",
    "bare's 654 M (callgrind, Node 24). The rest of axn's extra is its own modules (core with tapable,",
    "the sdk with semver, the plugin) and the garbage collection their allocations cause.",
  ].join("\n"),
};

// The throughput rows run the same jobs as row 22 in batches.
FINDINGS["22b"] = FINDINGS["22c"] = FINDINGS["22"]!;
// The other 2025-11-25 in-memory rows share row 4's server and so its finding.
FINDINGS["4b"] = FINDINGS["4c"] = FINDINGS["4"]!;
// 5 with fastify checking the Host too: the same split applies.
FINDINGS["5d"] = FINDINGS["5"]!;
// Both stdio rows: one server per connection, the pipe on both sides.
FINDINGS["4e"] = FINDINGS["4g"]!;
// Over HTTP the 2026 server is the same as in process: 4f says where its time goes.
FINDINGS["4h"] = FINDINGS["4f"]!;

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
