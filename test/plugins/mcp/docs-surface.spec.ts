/**
 * docs/plugins/mcp.md §8–11 run as written: the page's resources-and-prompts app
 * (docs/examples/snippets/mcp-surface-app) is served by `axn serve --stdio mcp`, the way a client
 * launches it, and driven by the SDK's real `Client`; `closeTicket`'s update notification is
 * observed in process. The page's outputs are pinned here.
 */
import { expect } from "chai";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { axnBin } from "../../support/axn-child.js";
import {
  closeTicket,
  Escalations,
  HandOver,
  Ticket,
} from "../../../docs/examples/snippets/mcp-surface-app/src/surface.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";
import mcpPlugin from "axn-plugin-mcp";
import { clients, helpdeskServer } from "../../../docs/examples/snippets/mcp-configure-server.js";
import { connectInMemory } from "./support.js";

const APP = join(dirname(fileURLToPath(import.meta.url)), "../../../docs/examples/snippets/mcp-surface-app");

describe("docs/plugins/mcp.md: resources, prompts, completions, configureServer", function () {
  this.timeout(120_000);

  it("axn serve --stdio mcp serves the page's resources, template, prompt and the configureServer resource", async () => {
    const { PORT: _port, ...env } = process.env;
    const client = new Client({ name: "docs-surface-spec", version: "1.0.0" });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [axnBin, "serve", "--stdio", "mcp"],
        cwd: APP,
        env: env as Record<string, string>,
        stderr: "pipe",
      }),
    );
    try {
      expect((await client.listResources()).resources.map((resource) => resource.uri)).to.deep.equal([
        "helpdesk://readme",
        "helpdesk://logo.png",
        "helpdesk://build-info",
        "tickets://1",
        "tickets://12",
      ]);
      expect(await client.readResource({ uri: "tickets://12" })).to.deep.equal({
        contents: [
          { uri: "tickets://12", mimeType: "application/json", text: '{"id":12,"title":"VPN down","status":"open"}' },
        ],
      });
      expect((await client.readResource({ uri: "helpdesk://logo.png" })).contents).to.deep.equal([
        { uri: "helpdesk://logo.png", mimeType: "image/png", blob: "iVBORw0KGgo=" },
      ]);
      expect((await client.readResource({ uri: "helpdesk://build-info" })).contents).to.deep.equal([
        { uri: "helpdesk://build-info", mimeType: "application/json", text: '{"commit":"dev"}' },
      ]);
      expect(await client.getPrompt({ name: "triage_ticket", arguments: { ticketId: "12" } })).to.deep.equal({
        messages: [
          {
            role: "user",
            content: { type: "text", text: "Triage ticket 12 (brief): summarize it and propose a priority." },
          },
          { role: "user", content: { type: "resource_link", uri: "tickets://12", name: "Ticket 12" } },
        ],
      });
      await client.getPrompt({ name: "triage_ticket", arguments: { ticketId: "twelve" } }).then(
        () => expect.fail("expected a refusal"),
        (error: Error) =>
          expect(error.message).to.equal(
            "MCP error -32602: Invalid arguments for prompt triage_ticket: ticketId: expected a ticket number",
          ),
      );
      expect(
        (
          await client.complete({
            ref: { type: "ref/resource", uri: "tickets://{id}" },
            argument: { name: "id", value: "1" },
          })
        ).completion.values,
      ).to.deep.equal(["1", "12"]);
      expect(
        (
          await client.complete({
            ref: { type: "ref/prompt", name: "triage_ticket" },
            argument: { name: "ticketId", value: "12" },
          })
        ).completion.values,
      ).to.deep.equal(["12"]);
    } finally {
      await client.close();
    }
  });

  it("closeTicket tells a subscribed session that the ticket changed", async () => {
    const connected = await connectInMemory({ tools: [], resources: [Ticket] });
    try {
      const updated: string[] = [];
      connected.client.setNotificationHandler(
        ResourceUpdatedNotificationSchema,
        (notification) => void updated.push(notification.params.uri),
      );
      await connected.client.subscribeResource({ uri: "tickets://1" });
      await closeTicket(1);
      await connected.client.ping();
      expect(updated).to.deep.equal(["tickets://1"]);
      expect((await connected.client.readResource({ uri: "tickets://1" })).contents[0]).to.deep.include({
        text: '{"id":1,"title":"Printer on fire","status":"closed"}',
      });
    } finally {
      await connected.close();
    }
  });

  it("Escalations and HandOver are shown to the callers their access admits, and not found for anyone else", async () => {
    const view = async (principal: { id: string; roles?: string[] } | null) => {
      const connected = await connectInMemory({ tools: [], resources: [Escalations], prompts: [HandOver], principal });
      try {
        const resources = (await connected.client.listResources()).resources.map((resource) => resource.uri);
        const prompts = (await connected.client.listPrompts()).prompts.map((prompt) => prompt.name);
        const read = await connected.client.readResource({ uri: "helpdesk://escalations" }).then(
          (result) => result.contents[0],
          (error: Error) => error.message,
        );
        return { resources, prompts, read };
      } finally {
        await connected.close();
      }
    };
    expect(await view(null)).to.deep.equal({
      resources: [],
      prompts: [],
      read: "MCP error -32602: Resource not found: helpdesk://escalations",
    });
    expect(await view({ id: "u_bob" })).to.deep.equal({
      resources: [],
      prompts: ["hand_over"],
      read: "MCP error -32602: Resource not found: helpdesk://escalations",
    });
    expect(await view({ id: "ag_ada", roles: ["agent"] })).to.deep.equal({
      resources: ["helpdesk://escalations"],
      prompts: ["hand_over"],
      read: { uri: "helpdesk://escalations", mimeType: "text/plain", text: "[]" },
    });
  });

  it("createMcpServer's configureServer option runs on the SDK server before it connects", async () => {
    const host = createKernelHost();
    await mcpPlugin.apply(host, undefined);
    host.freeze();
    const server = helpdeskServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "docs-spec", version: "1.0.0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      await client.ping();
      expect(clients).to.deep.equal(["docs-spec"]);
      expect((await client.listResources()).resources.map((resource) => resource.name)).to.deep.equal([
        "readme",
        "logo",
        "Ticket 1",
        "Ticket 12",
      ]);
    } finally {
      await client.close();
      resetKernel();
    }
  });
});
