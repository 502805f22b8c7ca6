/**
 * axn-plugin-mcp against the adapter conformance suite, through the real protocol: each call is a
 * `tools/list` or `tools/call` from the SDK's `Client` to `createMcpServer` over `InMemoryTransport`,
 * with the trusted ambient context supplied by the server's `serverContext` builder.
 */
import { createKernelHost } from "@axn/core";
import { CONFORMANCE_PROBE_KINDS } from "../support/schema-kinds.js";
import { describeAdapterConformance } from "@axn/sdk/conformance";
import { resetAxn } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import mcpPlugin, { createMcpServer, McpAdapter, type McpTool } from "axn-plugin-mcp";

async function withClient<T>(tool: McpTool, ambientContext: Record<string, unknown>, use: (client: Client) => Promise<T>): Promise<T> {
  const server = createMcpServer({ name: "conformance", version: "1.0.0", tools: [tool], serverContext: () => ambientContext });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "conformance-client", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    return await use(client);
  } finally {
    await client.close();
    await server.close();
  }
}

function textOf(content: unknown): string {
  return (Array.isArray(content) ? content : [])
    .map((block: { type?: unknown; text?: unknown }) => (block.type === "text" && typeof block.text === "string" ? block.text : ""))
    .join("\n");
}

describe("conformance: axn-plugin-mcp", () => {
  before(() => {
    resetAxn();
    const host = createKernelHost();
    mcpPlugin.apply(host, undefined);
    host.freeze();
  });
  after(resetAxn);

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<McpTool>({
    ...kind,
    name: "axn-plugin-mcp",
    key: "mcp",
    wrap: (action) => McpAdapter.wrap(action),
    tools: McpAdapter.tools,
    advertised: (tool) =>
      withClient(tool, {}, async (client) => {
        const { tools } = await client.listTools();
        const listed = tools[0];
        if (tools.length !== 1 || listed === undefined) throw new Error(`expected one listed tool, got ${tools.length}`);
        return { name: listed.name, inputSchema: listed.inputSchema };
      }),
    invoke: (tool, args, { ambientContext }) =>
      withClient(tool, ambientContext, async (client) => {
        const result = await client.callTool({ name: tool.name, arguments: { ...args } });
        return { ok: result.isError !== true, text: textOf(result.content), structured: result.structuredContent };
      }),
  });
});
