// axn.config.ts
import { defineConfig } from "@axn/sdk";
import type {} from "axn-plugin-http"; // types the http: { … } settings below
import type {} from "axn-plugin-mcp"; // types the mcp: { … } settings below

const toolRoots = ["agent_tools"]; // every action exported under agent_tools/ is a tool

export default defineConfig({
  plugins: ["mcp", "http"],
  mcp: { toolRoots },
  http: { toolRoots },
});
