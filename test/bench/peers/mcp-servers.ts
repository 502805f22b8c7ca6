/**
 * The MCP servers a user would write instead of axn, each serving the *AddNumbers* tool (two
 * integers in, their sum out as structured content) the way its own documentation teaches:
 *
 * - the bare low-level SDK `Server` (the baseline): a `tools/call` handler that validates the
 *   arguments with a strict zod 4 object and the result with the output object;
 * - the SDK's `McpServer.registerTool`, given the same zod 4 objects (it validates both sides);
 * - fastmcp's `addTool`, given the same zod 4 objects (Standard Schema; it validates both sides).
 *
 * Each is reached through a connect function taking the server side of a transport, so a scenario
 * can put any of them behind a real `Client` over `InMemoryTransport`.
 */
import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { FastMCP } from "fastmcp";
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

/** The baseline: a low-level SDK server written the way the SDK documents one. */
export function bareSdkServer(toolName: string): Server {
  const tool: Tool = {
    name: toolName,
    description: "Add two integers",
    inputSchema: z.toJSONSchema(AddArguments) as Tool["inputSchema"],
    outputSchema: z.toJSONSchema(AddResult, { io: "output" }) as Tool["outputSchema"],
  };
  const server = new Server({ name: "baseline", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [tool] }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    if (request.params.name !== tool.name)
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = AddArguments.safeParse(request.params.arguments ?? {});
    if (!args.success) return { content: [{ type: "text", text: z.prettifyError(args.error) }], isError: true };
    // The output checked against its schema, as axn, McpServer and fastmcp check theirs.
    const result = AddResult.safeParse({ sum: args.data.a + args.data.b });
    if (!result.success) return { content: [{ type: "text", text: "invalid output" }], isError: true };
    return answer(result.data.sum);
  });
  return server;
}

/** The SDK's high-level server: `registerTool` with the same zod objects. */
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
    fastMcpServer(toolName).connect(transport);
