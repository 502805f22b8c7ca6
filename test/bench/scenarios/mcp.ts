/**
 * Scenario 4: MCP `tools/call` round trips through a real v2 SDK `Client`, in process, for the tool
 * a user writes first: two integers in, their sum out as structured content. Candidate: what
 * `axn-plugin-mcp` serves for the action. Baselines: what the user would otherwise write
 * (test/bench/peers/mcp-servers.ts), on the MCP SDK v2 — in each protocol era:
 *
 * - 2025-11-25 (rows 4–4d), over the SDK's `InMemoryTransport` linked pair: axn's `createMcpServer`
 *   against the bare low-level `Server` (4, and 4b with 16 calls in flight), `McpServer.registerTool`
 *   (4c) and fastmcp (4d, built on the SDK 1.x);
 * - 2026-07-28 (row 4f): the v2 SDK has no in-memory transport for this era, so both sides are driven
 *   through the fetch route a modern client takes — the `Client` pinned to 2026-07-28 over
 *   `StreamableHTTPClientTransport` whose `fetch` hands each `Request` straight to the server's fetch
 *   handler, no socket: axn's `createStreamableHttpHandler(…).fetch` (what `axn serve` mounts at
 *   `/mcp`) against the bare `Server` behind the SDK's `createMcpHandler(…).fetch`. Both pay the same
 *   client, `Request`/`Response` and JSON work; the difference is the server side.
 *
 * Each validates the arguments with a strict zod 4 object and the structured result with the
 * output object, as axn does; all advertise the same JSON Schemas (the dialect key aside), so the
 * client does identical work on every answer.
 *
 * The baselines run as they would in their own process: with no promise hook
 * (lib/promise-hooks.ts). axn's server enters no `AsyncLocalStorage` scope of its own for a call
 * (test/plugins/mcp/promise-hook.spec.ts pins it); were one entered, its calls would switch the
 * hook back on, so that cost would land on axn's side. Row 4's note gives the ratio with the hook
 * on for both when one is on at all.
 */
import { isDeepStrictEqual } from "node:util";
import type { AnyAxn } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import {
  Client,
  InMemoryTransport,
  StreamableHTTPClientTransport,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/client";
import type { Server } from "@modelcontextprotocol/server";
import { addArgs, defineAddNumbers } from "../fixtures.js";
import { measurePair, type PairResult } from "../lib/measure.js";
import { promiseHooksOn, switchOffPromiseHooks } from "../lib/promise-hooks.js";
import { bootHost, fn, loadPlugin } from "../lib/plugins.js";
import { latencyRow, skippedRow } from "../lib/rows.js";
import type { Row, ScenarioContext, Target } from "../lib/types.js";
import {
  bareMcpHandler,
  connectBare,
  connectFastMcp,
  connectMcpServer,
  type ConnectServer,
} from "../peers/mcp-servers.js";
import { versionOf } from "../peers/versions.js";
import { resetKernel } from "@axn/sdk/testing";

export { bareSdkServer } from "../peers/mcp-servers.js";

/** Calls in flight at once in row 4b: one client, one connection, as a busy agent host has them. */
const IN_FLIGHT = 16;

const ZOD = versionOf("zod");
const SDK = versionOf("@modelcontextprotocol/server");
const WITHIN: Target = { kind: "max", value: 1.1 };
const AHEAD: Target = { kind: "below", value: 1 };

const HEADS = {
  sequential: {
    id: "4",
    title: "MCP tools/call, sequential (2025-11-25, in memory)",
    candidate: "axn-plugin-mcp",
    baseline: `bare v2 Server (${SDK}) + ${ZOD}`,
    target: WITHIN,
  },
  inFlight: {
    id: "4b",
    title: `MCP tools/call, ${IN_FLIGHT} in flight (2025-11-25, per batch)`,
    candidate: "axn-plugin-mcp",
    baseline: `bare v2 Server + ${ZOD}`,
    target: WITHIN,
  },
  mcpServer: {
    id: "4c",
    title: "MCP tools/call vs McpServer (2025-11-25)",
    candidate: "axn-plugin-mcp",
    baseline: `McpServer.registerTool (${SDK})`,
    target: AHEAD,
  },
  fastmcp: {
    id: "4d",
    title: "MCP tools/call vs fastmcp (2025-11-25)",
    candidate: "axn-plugin-mcp",
    baseline: versionOf("fastmcp"),
    target: AHEAD,
  },
  modern: {
    id: "4f",
    title: "MCP tools/call, sequential (2026-07-28, in-process fetch)",
    candidate: "axn createStreamableHttpHandler().fetch",
    baseline: `bare v2 Server in createMcpHandler().fetch (${SDK})`,
    target: WITHIN,
  },
} as const;

/** A 2025-11-25 connection: the v2 `Client` (its default handshake, `initialize`) over the in-memory pair. */
export async function connect(server: Server | ConnectServer): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  const attach = typeof server === "function" ? server(serverSide) : server.connect(serverSide);
  await Promise.all([attach, client.connect(clientSide)]);
  return client;
}

/** A fetch handler, as `createMcpHandler` and axn's `createStreamableHttpHandler` both have one. */
export type FetchHandler = (request: Request) => Promise<Response>;

/** Where the in-process 2026-07-28 client "sends" its requests: a loopback URL the Host check admits. */
const MODERN_URL = "http://127.0.0.1/mcp";

/**
 * A 2026-07-28 `tools/call` as the v2 `Client` pinned to the era sends it (envelope in `_meta`,
 * routing headers): the fetch handlers' request with no client (mcp-cpu.ts `fetch`, mcp-instructions.ts).
 */
export function modernToolCall(name: string, args: Record<string, unknown>): Request {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "bench-client", version: "1.0.0" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  return new Request(MODERN_URL, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name, arguments: args, _meta: meta },
    }),
  });
}

/**
 * A 2026-07-28 connection with no socket: the v2 `Client` pinned to the modern era, its Streamable
 * HTTP transport's `fetch` calling the server's fetch handler directly.
 */
export async function connectModern(handler: FetchHandler): Promise<Client> {
  const client = new Client(
    { name: "bench-client", version: "1.0.0" },
    { versionNegotiation: { mode: { pin: "2026-07-28" } } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(MODERN_URL), {
    fetch: (url, init) => handler(new Request(url, init)),
  });
  await client.connect(transport);
  if (client.getProtocolEra() !== "modern")
    throw new Error(`bench workload broken: the pinned client speaks ${client.getProtocolEra()}, not 2026-07-28`);
  return client;
}

/** A tool's schemas as the client compares them: the dialect key aside (peers may advertise another). */
function schemasOf(tool: Tool): unknown {
  const strip = (schema: object | undefined): unknown => {
    if (schema === undefined) return undefined;
    const { $schema: _dialect, additionalProperties: _closed, ...rest } = schema as Record<string, unknown>;
    return rest;
  };
  return {
    input: strip(tool.inputSchema),
    output: strip(tool.outputSchema),
    closedInput: (tool.inputSchema as { additionalProperties?: unknown }).additionalProperties,
  };
}

/** Fairness: the same schemas advertised and the same answer, before anything is timed. */
async function verified(
  label: string,
  client: Client,
  expected: Tool,
  request: { name: string; arguments: Record<string, unknown> },
  answer: CallToolResult,
): Promise<void> {
  const listed = (await client.listTools()).tools[0];
  if (listed === undefined || !isDeepStrictEqual(schemasOf(listed), schemasOf(expected))) {
    throw new Error(
      `bench workload broken: ${label} advertises ${JSON.stringify(listed)}, axn ${JSON.stringify(expected)}`,
    );
  }
  const got = await client.callTool(request);
  if (
    got.isError ||
    !isDeepStrictEqual(got.structuredContent, answer.structuredContent) ||
    !isDeepStrictEqual(got.content, answer.content)
  ) {
    throw new Error(`bench workload broken: ${label} answers ${JSON.stringify(got)}, axn ${JSON.stringify(answer)}`);
  }
}

export async function mcpScenario(ctx: ScenarioContext): Promise<readonly Row[]> {
  const loaded = await loadPlugin("axn-plugin-mcp", ["createMcpServer", "McpAdapter", "createStreamableHttpHandler"]);
  const wrap = loaded.ok
    ? fn<(action: AnyAxn) => { readonly name: string }>(loaded.module, ["McpAdapter", "wrap"])
    : undefined;
  const createServer = loaded.ok ? fn<(options: object) => Server>(loaded.module, ["createMcpServer"]) : undefined;
  const createHandler = loaded.ok
    ? fn<(options: object) => AxnHttpHandler>(loaded.module, ["createStreamableHttpHandler"])
    : undefined;
  if (!loaded.ok || wrap === undefined || createServer === undefined || createHandler === undefined) {
    const reason = loaded.ok ? "skipped: plugin not built (no McpAdapter.wrap)" : loaded.reason;
    return Object.values(HEADS).map((head) => skippedRow(head, "µs/op", reason));
  }
  clearCatalog();
  bootHost([loaded.plugin]);
  const clients: Client[] = [];
  const handlers: { close(): Promise<void> }[] = [];
  const open = async (client: Promise<Client>): Promise<Client> => {
    clients.push(await client);
    return clients.at(-1)!;
  };
  try {
    const tool = wrap(defineAddNumbers());
    const axnClient = await open(connect(createServer({ name: "axn", version: "1.0.0", tools: [tool] })));
    const listed = (await axnClient.listTools()).tools[0];
    if (listed === undefined) throw new Error("bench workload broken: axn server lists no tool");
    const request = { name: listed.name, arguments: { ...addArgs } };
    const answer = await axnClient.callTool(request);
    if (answer.isError || !isDeepStrictEqual(answer.structuredContent, { sum: 42 }))
      throw new Error(`bench workload broken: axn answers ${JSON.stringify(answer)}`);
    const axnHandler = createHandler({ name: "axn", version: "1.0.0", tools: [tool] });
    const bareHandler = bareMcpHandler(listed.name);
    handlers.push(axnHandler, bareHandler);
    const peers = {
      bare: await open(connect(connectBare(listed.name))),
      mcpServer: await open(connect(connectMcpServer(listed.name))),
      fastmcp: await open(connect(connectFastMcp(listed.name))),
      axnModern: await open(connectModern((r) => axnHandler.fetch(r))),
      bareModern: await open(connectModern((r) => bareHandler.fetch(r))),
    };
    for (const [label, client] of Object.entries(peers)) await verified(label, client, listed, request, answer);

    const call = (client: Client) => () => client.callTool(request);
    const batch = (client: Client) => () =>
      Promise.all(Array.from({ length: IN_FLIGHT }, () => client.callTool(request)));
    const pair = pairing(ctx);
    const rows: Row[] = [];
    ctx.log("4 MCP tools/call, sequential (2025-11-25)");
    const sequential = await pair.measure(call(peers.bare), call(axnClient));
    rows.push(
      latencyRow(
        {
          ...HEADS.sequential,
          ...noteFor(sequential.note, await pair.hookOnForBoth(call(peers.bare), call(axnClient))),
        },
        sequential.result,
        ctx.pair.rounds,
      ),
    );
    ctx.log(`4b MCP tools/call, ${IN_FLIGHT} in flight (2025-11-25)`);
    const inFlight = await pair.measure(batch(peers.bare), batch(axnClient));
    rows.push(latencyRow({ ...HEADS.inFlight, ...noteFor(inFlight.note) }, inFlight.result, ctx.pair.rounds));
    ctx.log("4c MCP tools/call vs McpServer (2025-11-25)");
    const mcpServer = await pair.measure(call(peers.mcpServer), call(axnClient));
    rows.push(latencyRow({ ...HEADS.mcpServer, ...noteFor(mcpServer.note) }, mcpServer.result, ctx.pair.rounds));
    ctx.log("4d MCP tools/call vs fastmcp (2025-11-25)");
    // fastmcp waits a 1 ms timer inside every call: few iterations fit a round, so give it more time.
    const fastmcp = await pair.measure(call(peers.fastmcp), call(axnClient), 4);
    rows.push(
      latencyRow(
        { ...HEADS.fastmcp, ...noteFor(fastmcp.note, "fastmcp awaits `delay(1)` (a 1 ms timer) in every tools/call") },
        fastmcp.result,
        ctx.pair.rounds,
      ),
    );
    ctx.log("4f MCP tools/call, sequential (2026-07-28, in-process fetch)");
    const modern = await pair.measure(call(peers.bareModern), call(peers.axnModern));
    rows.push(
      latencyRow(
        {
          ...HEADS.modern,
          ...noteFor(
            modern.note,
            "both through the v2 Client pinned to 2026-07-28 and StreamableHTTPClientTransport, its fetch handing each Request to the server's fetch handler (no socket); each request builds its server from the handler's factory, on both sides",
          ),
        },
        modern.result,
        ctx.pair.rounds,
      ),
    );
    return rows;
  } finally {
    for (const client of clients) await client.close();
    for (const handler of handlers) await handler.close();
    resetKernel();
  }
}

/** What the scenario uses of axn's `createStreamableHttpHandler` (read through the plugin loader). */
interface AxnHttpHandler {
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

function noteFor(...parts: (string | undefined)[]): { note?: string } {
  const text = parts.filter((p): p is string => p !== undefined && p !== "").join("; ");
  return text === "" ? {} : { note: text };
}

interface Measured {
  readonly result: PairResult;
  readonly note: string | undefined;
}

/**
 * Pairs each baseline with axn with the promise hook off for the baseline's batches (as in a
 * process of its own) when this process may switch it; in a shared process (the smoke spec),
 * measured as the process is.
 */
function pairing(ctx: ScenarioContext) {
  const micros = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
  return {
    async measure(
      baseline: () => Promise<unknown>,
      candidate: () => Promise<unknown>,
      timeFactor = 1,
    ): Promise<Measured> {
      const options = { ...ctx.pair, timeMs: ctx.pair.timeMs * timeFactor };
      if (!ctx.ownProcess)
        return {
          result: await measurePair(baseline, candidate, options),
          note: "measured with the promise hook as this shared process has it",
        };
      await candidate();
      const hooked = await promiseHooksOn();
      const canSwitchOff = await switchOffPromiseHooks();
      let stayedOn = 0;
      const beforeBaseline = async (): Promise<void> => {
        if (!(await switchOffPromiseHooks())) stayedOn++;
      };
      const result = await measurePair(baseline, candidate, options, canSwitchOff ? { beforeBaseline } : {});
      if (stayedOn > 0)
        return {
          result,
          note: `the promise hook stayed on for ${stayedOn} baseline batches: a call was still running`,
        };
      if (!hooked) return { result, note: undefined };
      if (!canSwitchOff)
        return { result, note: "a promise hook could not be switched off: both sides measured with it on" };
      return {
        result,
        note: "baseline with no promise hook, as in a process of its own; axn's calls switch it on where they need one",
      };
    },
    /** Row 4's second figure: both sides with the hook on — axn's own code alone. */
    async hookOnForBoth(
      baseline: () => Promise<unknown>,
      candidate: () => Promise<unknown>,
    ): Promise<string | undefined> {
      if (!ctx.ownProcess) return undefined;
      await candidate();
      if (!(await promiseHooksOn())) return undefined;
      ctx.log("4 MCP tools/call, promise hook on for both");
      const both = await measurePair(baseline, candidate, ctx.pair);
      return (
        `with the hook on for both sides, ${micros(both.baselineMs.median)} bare vs ${micros(both.candidateMs.median)} axn, ${both.ratio.median.toFixed(2)}×` +
        (both.cpuRatio === undefined ? "" : ` (CPU ${both.cpuRatio.median.toFixed(2)}×)`)
      );
    },
  };
}
