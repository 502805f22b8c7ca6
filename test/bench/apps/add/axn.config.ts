/**
 * The bench's smallest app (cold start and stdio rows): the MCP plugin and one tool, served with
 * `axn serve --config test/bench/apps/add/axn.config.ts --mcp-stdio`.
 */
import { defineConfig } from "@axn/sdk";
import type {} from "axn-plugin-mcp";

export default defineConfig({
  plugins: ["mcp"],
  mcp: { toolRoots: ["tools"] },
});
