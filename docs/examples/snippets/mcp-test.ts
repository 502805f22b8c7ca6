/**
 * docs/plugins/mcp.md, "Testing your tools" — a real client over the SDK's in-memory transport,
 * after the app is loaded (a tool's name is settled when the host imports the tool roots).
 * test/plugins/mcp/docs.spec.ts imports this module inside a spec, with a fresh kernel.
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { loadHost } from "@axn/sdk";
import { createMcpServer, McpAdapter } from "axn-plugin-mcp";

await loadHost({ cwd: join(import.meta.dirname, "mcp-app") }); // first: tool names settle when the roots are imported
const server = createMcpServer({ name: "t", version: "1", tools: [McpAdapter.wrap(ListCompanies)], serverContext: () => ({ userId: "u1" }) });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const client = new Client({ name: "spec", version: "1" });
await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
const result = await client.callTool({ name: "list_companies", arguments: { limit: "1" } });
// result.structuredContent → { companies: [{ name: "Acme" }], count: 1 }

// What the lines above assume (imports are hoisted), and what the spec reads.
import { ListCompanies } from "./mcp-app/src/agent_tools/list_companies.js";
export const direct = await McpAdapter.wrap(ListCompanies).call({ limit: 1 }, { ambientContext: { userId: "u1" } });
export { client, result, server };
