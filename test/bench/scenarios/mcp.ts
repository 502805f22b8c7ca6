/**
 * Scenario 4: one MCP `tools/call` round trip, real `Client` → `InMemoryTransport` → server.
 * Candidate: the server `axn-plugin-mcp` builds for a wrapped action. Baseline: a hand-written
 * low-level SDK `Server` advertising the same JSON Schemas, validating with the same zod schemas
 * (undeclared keys rejected, as the Invoker does), running the same body and answering with the
 * same result shape (JSON text + structuredContent), so the client does identical work on both.
 */
import { clearCatalog } from "@axn/core/internal";
import { resetHost, type AnyAxn } from "@axn/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool } from "@modelcontextprotocol/sdk/types.js";
import { defineLookup, lookupBody, lookupInputObject, lookupOutputObject, lookupWireArgs } from "../fixtures.js";
import { measurePair } from "../lib/measure.js";
import { bootHost, fn, loadPlugin } from "../lib/plugins.js";
import { latencyRow, skippedRow } from "../lib/rows.js";
import type { Row, ScenarioContext } from "../lib/types.js";

const HEAD = {
  id: "4",
  title: "MCP tools/call round trip",
  candidate: "axn-plugin-mcp server",
  baseline: "low-level SDK Server, same zod validation",
  target: { kind: "max", value: 1.15 },
} as const;

/** The baseline server, written the way the SDK documents a low-level server. */
export function handWrittenServer(tool: Tool): Server {
  const server = new Server({ name: "baseline", version: "1.0.0" }, { capabilities: { tools: {} } });
  const strictInput = lookupInputObject.strict();
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [tool] }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    if (request.params.name !== tool.name) throw new Error(`Unknown tool: ${request.params.name}`);
    const input = strictInput.safeParse(request.params.arguments ?? {});
    if (!input.success) return { content: [{ type: "text", text: input.error.issues.map((i) => i.message).join("; ") }], isError: true };
    const output = lookupOutputObject.safeParse(lookupBody(input.data));
    if (!output.success) return { content: [{ type: "text", text: "invalid output" }], isError: true };
    return { content: [{ type: "text", text: JSON.stringify(output.data) }], structuredContent: output.data };
  });
  return server;
}

export async function connect(server: Server): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

export async function mcpScenario(ctx: ScenarioContext): Promise<readonly Row[]> {
  const loaded = await loadPlugin("axn-plugin-mcp", ["createMcpServer", "McpAdapter"]);
  const wrap = loaded.ok ? fn<(action: AnyAxn) => Record<string, unknown>>(loaded.module, ["McpAdapter", "wrap"]) : undefined;
  const createServer = loaded.ok ? fn<(options: object) => Server>(loaded.module, ["createMcpServer"]) : undefined;
  if (!loaded.ok || wrap === undefined || createServer === undefined) {
    return [skippedRow(HEAD, "µs/op", loaded.ok ? "skipped: plugin not built (no McpAdapter.wrap)" : loaded.reason)];
  }
  clearCatalog();
  bootHost([loaded.plugin]);
  const clients: Client[] = [];
  try {
    const Lookup = defineLookup();
    const tool = wrap(Lookup);
    const axnServer = createServer({ name: "axn", version: "1.0.0", tools: [tool] });
    const listed = (await (clients[0] = await connect(axnServer)).listTools()).tools[0];
    if (listed === undefined) throw new Error("bench workload broken: axn server lists no tool");
    // The baseline advertises exactly what axn advertised, so client-side output validation is equal.
    const baseline = handWrittenServer(listed);
    clients[1] = await connect(baseline);
    await clients[1].listTools();
    const [axnClient, baseClient] = clients as [Client, Client];
    const request = { name: listed.name, arguments: { ...lookupWireArgs, limit: 25, verbose: true } };

    const a = (await axnClient.callTool(request)) as CallToolResult;
    const b = (await baseClient.callTool(request)) as CallToolResult;
    if (a.isError || b.isError || JSON.stringify(a.structuredContent) !== JSON.stringify(b.structuredContent)) {
      throw new Error(`bench workload broken: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
    ctx.log("4 MCP tools/call");
    const result = await measurePair(
      () => baseClient.callTool(request),
      () => axnClient.callTool(request),
      ctx.pair,
    );
    return [latencyRow(HEAD, result, ctx.pair.rounds)];
  } finally {
    for (const client of clients) await client.close();
    resetHost();
    clearCatalog();
  }
}
