/* docs/plugins/mcp.md: test/plugins/mcp/docs.spec.ts serves this app over stdio and Streamable HTTP. */
// axn.config.ts
import { defineConfig } from "@axn/sdk";

export default defineConfig({
  plugins: ["mcp"],                       // resolves to axn-plugin-mcp
  mcp: { toolRoots: ["src/agent_tools"] }, // optional: every action under this folder is a tool
});
