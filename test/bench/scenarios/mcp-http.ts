/**
 * Scenario 4h/4i: MCP `tools/call` over loopback HTTP in the 2026-07-28 era — each call one
 * self-describing POST (no session, no `initialize`), the AddNumbers tool. Three servers, each in a
 * child process of test/bench/http-server.ts (one core for the server, one for autocannon here):
 *
 * - `mcp-axn`: axn-plugin-mcp's `createStreamableHttpHandler` (the handler `axn serve` mounts at `/mcp`);
 * - `mcp-bare`: the bare v2 SDK `Server` in the SDK's `createMcpHandler` (4h's baseline);
 * - `add-http`: axn-plugin-http serving the same action — axn's own HTTP API (4i's baseline).
 *
 * 4h compares time per call at saturation (1 / req/s: the server is CPU-bound here), axn ÷ bare;
 * its CPU ratio is each server's own CPU time per request. 4i compares the MCP server's CPU time
 * per call with axn's HTTP API's for the same tool: what speaking MCP costs over a plain JSON route.
 * Every round runs each server once, the order reversed every other round.
 */
import { isDeepStrictEqual } from "node:util";
import { spread } from "../lib/stats.js";
import { meets, skippedRow } from "../lib/rows.js";
import type { Row, ScenarioContext } from "../lib/types.js";
import { versionOf } from "../peers/versions.js";
import { load, start, stop, type HttpOptions, type Load, type Running, type Workload } from "./http.js";

const SDK = versionOf("@modelcontextprotocol/server");
const ERA = "2026-07-28";

const HEADS = {
  perCall: {
    id: "4h",
    title: "MCP tools/call over HTTP (2026-07-28, loopback)",
    candidate: "axn createStreamableHttpHandler",
    baseline: `bare v2 Server in createMcpHandler (${SDK})`,
    target: { kind: "max", value: 1.1 },
  },
  cpuVsHttp: {
    id: "4i",
    title: "MCP 2026-07-28 server CPU per call vs axn's HTTP API",
    candidate: "axn createStreamableHttpHandler, server CPU",
    baseline: "axn-plugin-http, same tool, server CPU",
    target: { kind: "max", value: 3 },
  },
} as const;

const ARGS = { a: 20, b: 22 };

/** A 2026-07-28 `tools/call` as the v2 `Client` pinned to that era sends it: the envelope in `_meta`, the routing headers. */
function mcpWorkload(tool: string): Workload {
  return {
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": ERA,
      "mcp-method": "tools/call",
      "mcp-name": tool,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: tool,
        arguments: ARGS,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": ERA,
          "io.modelcontextprotocol/clientInfo": { name: "bench-client", version: "1.0.0" },
          "io.modelcontextprotocol/clientCapabilities": {},
        },
      },
    }),
  };
}

const HTTP_WORKLOAD: Workload = { headers: { "content-type": "application/json" }, body: JSON.stringify(ARGS) };

/** Fairness: one request each before anything is timed — the same tool result from both MCP servers, the sum from the HTTP API. */
async function answerOf(server: Running, workload: Workload): Promise<unknown> {
  const response = await fetch(server.url, { method: "POST", headers: { ...workload.headers }, body: workload.body });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`bench workload broken: ${server.url} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

function mcpResult(answer: unknown, label: string): { content: unknown; structuredContent: unknown } {
  const result = (answer as { result?: { content?: unknown; structuredContent?: unknown; isError?: boolean } }).result;
  if (result === undefined || result.isError === true || !isDeepStrictEqual(result.structuredContent, { sum: 42 }))
    throw new Error(`bench workload broken: ${label} answers ${JSON.stringify(answer)}`);
  return { content: result.content, structuredContent: result.structuredContent };
}

export async function mcpHttpScenario(ctx: ScenarioContext, options: HttpOptions): Promise<readonly Row[]> {
  const axnStarted = await start("mcp-axn");
  if (!axnStarted.ok) return Object.values(HEADS).map((head) => skippedRow(head, "µs/op", axnStarted.reason));
  const servers: Running[] = [axnStarted.server];
  try {
    const axn = axnStarted.server;
    const tool = axn.tool!;
    const bareStarted = await start("mcp-bare", tool);
    if (!bareStarted.ok) throw new Error(bareStarted.reason);
    const httpStarted = await start("add-http");
    if (!httpStarted.ok) throw new Error(httpStarted.reason);
    const bare = bareStarted.server;
    const http = httpStarted.server;
    servers.push(bare, http);
    const mcp = mcpWorkload(tool);
    const workloads = new Map<Running, Workload>([
      [axn, mcp],
      [bare, mcp],
      [http, HTTP_WORKLOAD],
    ]);
    const expected = mcpResult(await answerOf(axn, mcp), "axn");
    if (!isDeepStrictEqual(mcpResult(await answerOf(bare, mcp), "the bare server"), expected))
      throw new Error(`bench workload broken: the bare server and axn answer differently`);
    const plain = await answerOf(http, HTTP_WORKLOAD);
    if (!isDeepStrictEqual(plain, { sum: 42 }))
      throw new Error(`bench workload broken: HTTP API answers ${JSON.stringify(plain)}`);

    const run = (server: Running, durationS: number): Promise<Load> =>
      load(server, durationS, options.connections, options.amount, workloads.get(server));
    ctx.log("4h/4i MCP 2026-07-28 over HTTP: warm-up");
    for (const server of servers) await run(server, options.warmupS);
    const runs = new Map<Running, Load[]>(servers.map((server) => [server, []]));
    for (let round = 0; round < options.rounds; round++) {
      ctx.log(`4h/4i MCP 2026-07-28 over HTTP: round ${round + 1}/${options.rounds}`);
      const order = round % 2 === 0 ? servers : [...servers].reverse();
      for (const server of order) runs.get(server)!.push(await run(server, options.durationS));
    }
    const [ours, theirs, api] = [runs.get(axn)!, runs.get(bare)!, runs.get(http)!];
    const median = (values: readonly number[]): number => spread(values).median;
    const perCall = spread(ours.map((run, r) => theirs[r]!.perSecond / run.perSecond));
    const cpuPerCall = spread(ours.map((run, r) => run.cpuPerRequest / theirs[r]!.cpuPerRequest));
    const vsHttp = spread(ours.map((run, r) => run.cpuPerRequest / api[r]!.cpuPerRequest));
    const reqs = (loads: readonly Load[]): string => `${Math.round(median(loads.map((l) => l.perSecond)))} req/s`;
    const cpu = (loads: readonly Load[]): string => `${median(loads.map((l) => l.cpuPerRequest)).toFixed(1)} µs`;
    const setup = `${options.connections} connections, ${options.durationS} s per run`;
    return [
      {
        ...HEADS.perCall,
        unit: "µs/op",
        verdict: meets(HEADS.perCall.target, perCall.median) ? "pass" : "MISS",
        baselineValue: 1e6 / median(theirs.map((r) => r.perSecond)),
        candidateValue: 1e6 / median(ours.map((r) => r.perSecond)),
        ratio: perCall,
        cpuRatio: cpuPerCall,
        rounds: options.rounds,
        note:
          `${setup}; time per call = 1 ÷ req/s at saturation (${reqs(theirs)} bare, ${reqs(ours)} axn); ` +
          `server CPU per call ${cpu(theirs)} bare vs ${cpu(ours)} axn (CPU ratio: axn ÷ bare). axn also runs its ` +
          "Host/Origin check, its authentication step and its body limit before the SDK's handler",
      },
      {
        ...HEADS.cpuVsHttp,
        unit: "µs/op",
        verdict: meets(HEADS.cpuVsHttp.target, vsHttp.median) ? "pass" : "MISS",
        baselineValue: median(api.map((r) => r.cpuPerRequest)),
        candidateValue: median(ours.map((r) => r.cpuPerRequest)),
        ratio: vsHttp,
        rounds: options.rounds,
        note:
          `${setup}; server CPU per request, axn MCP ÷ axn-plugin-http (${reqs(ours)} MCP, ${reqs(api)} HTTP API); ` +
          "the same action, Invoker and validation on both: the difference is the MCP layer",
      },
    ];
  } finally {
    for (const server of servers) await stop(server);
  }
}
