/**
 * The MCP servers a user would write instead of axn, each serving the *AddNumbers* tool (two
 * integers in, their sum out as structured content) the way its own documentation teaches:
 *
 * - the bare low-level `Server` of the MCP SDK v2 (`@modelcontextprotocol/server`, the baseline):
 *   `setRequestHandler("tools/list" / "tools/call")`, the arguments validated with a strict zod 4
 *   object and the result with the output object;
 * - the v2 SDK's `McpServer.registerTool`, given the same zod 4 objects (it validates both sides);
 * - fastmcp's `addTool`, given the same zod 4 objects (Standard Schema; it validates both sides) —
 *   fastmcp is built on the SDK 1.x, so it serves the 2025-11-25 era only.
 *
 * In memory (2025-11-25) each is reached through a connect function taking the server side of a
 * transport, so a scenario can put any of them behind a real `Client` over `InMemoryTransport`. The
 * 2026-07-28 baseline is the bare server behind the SDK's own `createMcpHandler`
 * ({@link bareMcpHandler}), the way the SDK documents serving the modern era over HTTP.
 */
import {
  createMcpHandler,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolResult,
  type McpHttpHandler,
  type Tool,
  type Transport,
} from "@modelcontextprotocol/server";
import { FastMCP } from "fastmcp";
import { z } from "zod";
import { addInput, addOutput } from "../fixtures.js";

/** Undeclared keys refused, as the Invoker refuses them. */
const AddArguments = z.strictObject(addInput);
const AddResult = z.object(addOutput);

/** Connects a server to the server side of a transport. */
export type ConnectServer = (transport: Transport) => Promise<unknown>;

function answer(sum: number): CallToolResult {
  const structuredContent = { sum };
  return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
}

/** The tool as the bare server advertises it: its JSON Schemas converted once, not per server. */
function bareTool(toolName: string): Tool {
  return {
    name: toolName,
    description: "Add two integers",
    inputSchema: z.toJSONSchema(AddArguments) as Tool["inputSchema"],
    outputSchema: z.toJSONSchema(AddResult, { io: "output" }) as Tool["outputSchema"],
  };
}

/** The baseline: a low-level v2 SDK server written the way the SDK documents one. */
export function bareSdkServer(toolName: string, tool: Tool = bareTool(toolName)): Server {
  const server = new Server({ name: "baseline", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: [tool] }));
  server.setRequestHandler("tools/call", async (request): Promise<CallToolResult> => {
    if (request.params.name !== tool.name)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = AddArguments.safeParse(request.params.arguments ?? {});
    if (!args.success) return { content: [{ type: "text", text: z.prettifyError(args.error) }], isError: true };
    // The output checked against its schema, as axn, McpServer and fastmcp check theirs.
    const result = AddResult.safeParse({ sum: args.data.a + args.data.b });
    if (!result.success) return { content: [{ type: "text", text: "invalid output" }], isError: true };
    return answer(result.data.sum);
  });
  return server;
}

/** The v2 SDK's high-level server: `registerTool` with the same zod objects. */
function sdkMcpServer(toolName: string): McpServer {
  const server = new McpServer({ name: "mcp-server", version: "1.0.0" });
  server.registerTool(
    toolName,
    { description: "Add two integers", inputSchema: AddArguments, outputSchema: AddResult },
    ({ a, b }) => answer(a + b),
  );
  return server;
}

/** fastmcp: `addTool` with the same zod objects; it builds the structured answer from the returned object. */
function fastMcpServer(toolName: string): FastMCP {
  // No keep-alive pings to the client (fastmcp's default for stdio): they are not part of a call.
  const server = new FastMCP({ name: "fastmcp", version: "1.0.0", ping: { enabled: false } });
  server.addTool({
    name: toolName,
    description: "Add two integers",
    parameters: AddArguments,
    outputSchema: AddResult,
    execute: async ({ a, b }) => ({ sum: a + b }),
  });
  return server;
}

/**
 * The 2026-07-28 baseline: the bare server behind the SDK's `createMcpHandler` — a fresh server per
 * request from the factory, as the SDK serves the modern era (its default legacy leg left on, as a
 * user leaves it; the bench sends it 2026-07-28 requests only).
 */
export function bareMcpHandler(toolName: string): McpHttpHandler {
  // What a user hoists out of the factory: the tool definition, JSON Schemas included.
  const tool = bareTool(toolName);
  return createMcpHandler(() => bareSdkServer(toolName, tool));
}

export const connectBare =
  (toolName: string): ConnectServer =>
  (transport) =>
    bareSdkServer(toolName).connect(transport);
export const connectMcpServer =
  (toolName: string): ConnectServer =>
  (transport) =>
    sdkMcpServer(toolName).connect(transport);
export const connectFastMcp =
  (toolName: string): ConnectServer =>
  (transport) =>
    // fastmcp's `connect` takes the SDK 1.x's Transport type; the v2 in-memory transport has the same shape.
    fastMcpServer(toolName).connect(transport as Parameters<FastMCP["connect"]>[0]);
