/**
 * The helpdesk's axn config: the three transport plugins, each exposing every action under
 * `agent_tools/` (directory membership — no per-action `tool` line needed), and one authentication
 * for every HTTP-served transport (`serve`): `/api` and `/mcp` both know the agent behind a bearer
 * token, and both admit anonymous callers for reads.
 */
import { defineConfig } from "@axn/sdk";
import { authenticateAgent } from "./src/auth.js";

const toolRoots = ["agent_tools"];

export default defineConfig({
  plugins: ["mcp", "langchain", "http"],
  mcp: { toolRoots },
  langchain: { toolRoots },
  http: { toolRoots },
  serve: { authenticate: authenticateAgent, anonymous: true },
});
