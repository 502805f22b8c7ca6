/**
 * The helpdesk's axn config: the three transport plugins, each exposing every action under
 * `agent_tools/` (directory membership — no per-action `tool` line needed), and the HTTP API's
 * bearer-token authentication.
 */
import { defineConfig } from "@axn/sdk";
import { authenticateAgent } from "./src/auth.js";

const toolRoots = ["agent_tools"];

export default defineConfig({
  plugins: ["mcp", "langchain", "http"],
  mcp: { toolRoots },
  langchain: { toolRoots },
  http: { toolRoots, authenticate: authenticateAgent },
});
