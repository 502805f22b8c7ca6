/* docs/plugins/mcp.md: test/plugins/mcp/docs.spec.ts launches this file and talks to it with a real client. */
// mcp-server.ts
import { loadHost } from "@axn/sdk";
import { serveStdio } from "axn-plugin-mcp";

await loadHost({ cwd: import.meta.dirname }); // reads axn.config.ts, imports tool roots, freezes the host
await serveStdio({ name: "acme", version: "1.0.0" }); // every `mcp` tool (McpAdapter.tools())
