/* docs/plugins/mcp.md §8 and §11: test/plugins/mcp/docs-surface.spec.ts serves this app over stdio. */
// axn.config.ts
import { defineConfig } from "@axn/sdk";
import type {} from "axn-plugin-mcp";
import { Logo, Readme, Ticket, TriageTicket } from "./src/surface.js";

export default defineConfig({
  plugins: ["mcp"],
  mcp: {
    resources: [Readme, Logo, Ticket],
    prompts: [TriageTicket],
    // The raw seam: the SDK's McpServer, after axn's registrations, before it connects.
    configureServer: (server) => {
      server.registerResource("build-info", "helpdesk://build-info", { mimeType: "application/json" }, (uri) => ({
        contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify({ commit: process.env["GIT_COMMIT"] ?? "dev" }) }],
      }));
    },
  },
});
