/**
 * What a miss means. Each entry was established by profiling (`node --cpu-prof`) and is printed
 * under "Findings" only when its scenario misses in this run; the rest of the page is measured.
 */
import type { BenchReport } from "./types.js";

export const FINDINGS: Record<string, string> = {
  "1": [
    "At ~1.5 µs per call every fixed cost shows. `A.call` does, beyond the hand-written parse + body:",
    "one `safeParse` per field, message composition, a `Result` with the exposed values copied on, and",
    "— only when something can observe it — an `AsyncLocalStorage` scope and an `axn.call` span.",
    "History (profiles with `node --cpu-prof`): the `Result` constructor (`Object.defineProperty` per",
    "key) and `axnConfig()` reading `process.env` per call were fixed first (2.35× → ~1.2×); then core",
    "stopped opening an execution scope when no span and no explicit non-empty ambient context needs",
    "one, and stopped making spans while no tracing SDK is registered. On Node 20 the first",
    "`AsyncLocalStorage.run` switches on promise hooks for every promise in the process, so a call",
    "that does need a scope (an explicit user, tracing on) pays ~20–30 % more.",
  ].join("\n"),
  "4": [
    "The round trip is dominated by the SDK itself (≈ 45 % of samples are the SDK's zod-v4 parsing of",
    "every JSON-RPC message on both sides), so axn's few µs show as ~1.1×. The adapter's share was cut",
    "by building the live `McpAdapter.serverContext()` handle only when a tool asks for it",
    "(`plugins/mcp/src/server-context.ts`); what remains is the per-call `AsyncLocalStorage` scope that",
    "carries the request to that handle, the Invoker, and `render`.",
  ].join("\n"),
  "5": [
    "axn-plugin-http does more per request than the bare route it is compared with, by design: it",
    "refuses any Content-Type but JSON (415), enforces the body limit on the bytes (413) and checks",
    "they are UTF-8, parses into prototype-safe objects when a key could reach a prototype, renders",
    "the exposes under the response guard, and sends `nosniff`. Measured piece by piece on loopback",
    "(separate server process, autocannon, 10 connections): the Invoker + `render` on a bare hono",
    "route alone reach ~0.8× of the baseline; the adapter's request pipeline costs the rest.",
    "",
    "Fixed along the way (0.22× → 0.47×): reading the body through `request.body.getReader()` (web",
    "streams, and it materialised a full WHATWG `Request` on @hono/node-server) → one buffered read;",
    "`request.signal` per request → a lazy disconnect signal (`CallOptions.signal` may be a function;",
    "an `AbortController` per request cost ~30 % of throughput on Node 20); an execution scope per",
    "call → none unless a span or a non-empty explicit ambient context needs it (Node 20's",
    "`AsyncLocalStorage` promise hooks cost ~18 % of a whole server once switched on); the auth",
    "middleware → skipped without an authenticator; three matching routes per request → one",
    "(hono's single-handler fast path); `Headers` objects on every response → plain header objects;",
    "`overrideGlobalObjects: false` → @hono/node-server's defaults.",
    "",
    "Left, measured: the body is read as bytes (node-server's `arrayBuffer` path) so the limit and",
    "UTF-8 validity are checked on the bytes; its `text()` path is ~20 % faster but decodes invalid",
    "UTF-8 silently, so taking it needs another way to detect that. With an authenticator that",
    "returns a user, the per-call execution scope (and Node 20's promise-hook cost) comes back;",
    "Node 22+ (AsyncContextFrame) removes most of it. Server CPU per request (`process.cpuUsage()`",
    "in the server process) is the steadier yardstick on this noisy machine: bare route ~35 µs,",
    "Invoker + render on it ~38–44 µs, the full adapter ~58–65 µs. One unconfirmed lead: through",
    "`HttpOperation.invoke`, passing a `signal` option cost ~7 µs per request in one harness and",
    "nothing through `invoker.call` in another — possibly a measurement artefact.",
  ].join("\n"),
};

export function findingsMarkdown(report: BenchReport): string {
  const out = ["## Findings", ""];
  const misses = report.rows.filter((r) => r.verdict === "MISS");
  const skipped = report.rows.filter((r) => r.verdict === "skipped");
  const scaleMisses = report.scale?.checks.filter((c) => c.verdict === "MISS") ?? [];
  if (misses.length === 0 && scaleMisses.length === 0) out.push("Every measured target is met in this run.", "");
  for (const row of misses) out.push(`### ${row.id}. ${row.title}: missed`, "", FINDINGS[row.id] ?? "Not yet profiled.", "");
  for (const check of scaleMisses) out.push(`### 7. Scale — ${check.metric}: missed`, "", FINDINGS[`7:${check.metric}`] ?? "Not yet profiled.", "");
  for (const row of skipped) out.push(`- ${row.id}. ${row.title}: ${row.note ?? "skipped"}`);
  return out.join("\n");
}
