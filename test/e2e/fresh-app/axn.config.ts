/** The fresh app's config: the three transport plugins, every module under agent_tools/ a tool. */
import { defineConfig } from "@axn/sdk";

const toolRoots = ["agent_tools"];

export default defineConfig({
  plugins: ["mcp", "langchain", "http"],
  mcp: { toolRoots },
  langchain: { toolRoots },
  http: { toolRoots },
});
