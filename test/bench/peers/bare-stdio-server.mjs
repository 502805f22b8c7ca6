// The bare MCP SDK v2 stdio server for the stdio and cold-start rows (test/bench/scenarios/stdio.ts):
// the low-level `Server` of test/bench/peers/mcp-servers.ts served by the SDK's `serveStdio` entry
// (which picks the protocol era per connection, as axn's stdio transport does), as plain JavaScript
// — what a user ships after compiling, so no TypeScript loader is in its start-up time.
import { ProtocolError, ProtocolErrorCode, Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const AddArguments = z.strictObject({ a: z.number().int(), b: z.number().int() });
const AddResult = z.object({ sum: z.number().int() });
const tool = {
  name: "add", // the name axn gives tools/add.ts under its tool root
  description: "Add two integers",
  inputSchema: z.toJSONSchema(AddArguments),
  outputSchema: z.toJSONSchema(AddResult, { io: "output" }),
};

function bareServer() {
  const server = new Server({ name: "baseline", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler("tools/list", () => ({ tools: [tool] }));
  server.setRequestHandler("tools/call", async (request) => {
    if (request.params.name !== tool.name)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = AddArguments.safeParse(request.params.arguments ?? {});
    if (!args.success) return { content: [{ type: "text", text: z.prettifyError(args.error) }], isError: true };
    const result = AddResult.safeParse({ sum: args.data.a + args.data.b });
    if (!result.success) return { content: [{ type: "text", text: "invalid output" }], isError: true };
    const structuredContent = result.data;
    return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
  });
  return server;
}

serveStdio(() => bareServer());
