/**
 * The example app's access rules over MCP, through the SDK's real `Client`: reads are open, every
 * write or delete needs a signed-in agent, and `assign_to_me` works for an agent whose principal
 * the server puts in the trusted context (as the transport's authentication will) — the agent
 * sees every tool, an anonymous client only `list_tickets`.
 */
import { expect } from "chai";
import { fileURLToPath } from "node:url";
import type { AxnPrincipal } from "@axn/core";
import { loadHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { McpAdapter, type McpTool } from "axn-plugin-mcp";
import { agentPrincipal } from "../../docs/examples/helpdesk/src/access.js";
import { connectInMemory, textOf } from "../plugins/mcp/support.js";

const HELPDESK = fileURLToPath(new URL("../../docs/examples/helpdesk", import.meta.url));
let tools: McpTool[] = [];

async function as(principal: AxnPrincipal | undefined) {
  return connectInMemory({
    name: "helpdesk",
    tools,
    serverContext: () => (principal === undefined ? {} : { principal }),
  });
}

describe("docs/examples/helpdesk: access over MCP", () => {
  // The app as `axn serve` loads it: its config, its tool roots, every tool the MCP plugin serves.
  before(async () => {
    resetKernel();
    await loadHost({ cwd: HELPDESK });
    tools = McpAdapter.tools();
  });
  after(resetKernel);

  it("an anonymous client sees the reads, and every write is refused before it runs", async () => {
    const connected = await as(undefined);
    try {
      expect((await connected.client.listTools()).tools.map((tool) => tool.name)).to.deep.equal([
        "list_tickets",
        "ticket_report",
      ]);
      const deleted = await connected.client.callTool({ name: "delete_ticket", arguments: { ticketId: "T-1004" } });
      expect([deleted.isError, textOf(deleted)]).to.deep.equal([
        true,
        "Authentication required: sign in to call delete_ticket",
      ]);
      const listed = await connected.client.callTool({ name: "list_tickets", arguments: { perPage: 1 } });
      expect(listed.isError).to.not.equal(true);
    } finally {
      await connected.close();
    }
  });

  it("a signed-in agent sees every tool, and assign_to_me assigns to that agent", async () => {
    const connected = await as(agentPrincipal({ id: "ag_ada" }));
    try {
      expect((await connected.client.listTools()).tools.map((tool) => tool.name)).to.deep.equal([
        "add_comment",
        "assign_to_me",
        "close_ticket",
        "create_ticket",
        "delete_ticket",
        "list_tickets",
        "ticket_report",
      ]);
      const assigned = await connected.client.callTool({ name: "assign_to_me", arguments: { ticketId: "T-1007" } });
      expect(assigned.isError).to.not.equal(true);
      expect((assigned.structuredContent as { ticket: { assigneeId: string } }).ticket.assigneeId).to.equal("ag_ada");
    } finally {
      await connected.close();
    }
  });

  it("a principal without the agent role is shown the reads and refused the writes", async () => {
    const connected = await as({ id: "cust_1", roles: ["customer"] });
    try {
      expect((await connected.client.listTools()).tools.map((tool) => tool.name)).to.deep.equal([
        "list_tickets",
        "ticket_report",
      ]);
      const refused = await connected.client.callTool({ name: "assign_to_me", arguments: { ticketId: "T-1007" } });
      expect([refused.isError, textOf(refused)]).to.deep.equal([true, "Forbidden: assign_to_me needs the role agent"]);
    } finally {
      await connected.close();
    }
  });
});
