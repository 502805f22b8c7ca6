/* docs/plugins/mcp.md §11: test/plugins/mcp/docs-surface.spec.ts connects a client to this server. */
import { createMcpServer } from "axn-plugin-mcp";
import { Logo, Readme, Ticket, TriageTicket } from "./mcp-surface-app/src/surface.js";

export const clients: string[] = [];

export const helpdeskServer = () =>
  createMcpServer({
    name: "helpdesk",
    version: "1.0.0",                  // tools: default McpAdapter.tools()
    resources: [Readme, Logo, Ticket], // default: the `resources` setting
    prompts: [TriageTicket],           // default: the `prompts` setting
    configureServer: (mcp) => {        // default: the `configureServer` setting
      mcp.server.oninitialized = () => clients.push(mcp.server.getClientVersion()?.name ?? "unknown");
    },
  });
