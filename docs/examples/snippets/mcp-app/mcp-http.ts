/* docs/plugins/mcp.md: test/plugins/mcp/docs.spec.ts runs this file (with PORT set) and connects a real client. */
// mcp-http.ts
import { createServer } from "node:http";
import { loadHost } from "@axn/sdk";
import { createStreamableHttpHandler } from "axn-plugin-mcp";

await loadHost({ cwd: import.meta.dirname });
const mcp = createStreamableHttpHandler({ name: "acme", version: "1.0.0" }); // served at /mcp
createServer(mcp.listener).listen(Number(process.env.PORT ?? 3000), "127.0.0.1");
