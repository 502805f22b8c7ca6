/**
 * The add app served over HTTP and MCP Streamable HTTP, stateless, for the proxy rows
 * (test/bench/scenarios/proxy.ts): identical instances behind HAProxy answer any request.
 */
import { defineConfig } from "@axn/sdk";
import type {} from "axn-plugin-http";
import type {} from "axn-plugin-mcp";

export default defineConfig({
  plugins: ["http", "mcp"],
  http: { toolRoots: ["tools"] },
  mcp: { toolRoots: ["tools"], stateless: true },
});
