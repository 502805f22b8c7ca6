/* docs/configuration.md — an app's config file. test/docs/pages.spec.ts reads it with loadConfig. */
// axn.config.ts
import { defineConfig } from "@axn/sdk";

export default defineConfig({
  plugins: [
    "mcp",                                   // → axn-plugin-mcp
    ["@acme/audit", { level: "info" }],      // → @acme/axn-plugin-audit, with options
    "./plugins/local.ts",                    // a path, relative to this file
  ],
  mcp: { presentAs: "message", toolRoots: ["agent_tools"] },   // the mcp plugin's settings
  axn: { coerceInputTypes: false },                              // global options
});
