import { expect } from "chai";
import { JSON_SCHEMA_DIALECT } from "@axn/core";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { ALL, ListCompanies } from "./fixtures/actions.js";
import { textOf } from "./support.js";

const SERVER = fileURLToPath(new URL("./fixtures/stdio-server.ts", import.meta.url));

describe("axn-plugin-mcp: serveStdio, driven by a real Client over a child process", function () {
  // A hang guard, not a budget: `before` starts a child process (tsx, the plugin, the SDK), which
  // takes seconds on a loaded machine.
  this.timeout(60_000);
  let client: Client;
  let transport: StdioClientTransport;

  before(async () => {
    transport = new StdioClientTransport({
      command: process.execPath,
      args: ["--import", "tsx", SERVER],
      stderr: "pipe",
    });
    client = new Client({ name: "stdio-spec", version: "1.0.0" });
    await client.connect(transport);
  });
  after(() => client.close());

  it("lists every tool with its reflected schema", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).to.deep.equal(ALL.map((a) => a.toolName("mcp")));
    expect(tools[0]!.inputSchema).to.deep.equal({ $schema: JSON_SCHEMA_DIALECT, ...ListCompanies.inputSchema });
  });

  it("calls structured, message, failing and input-invalid tools", async () => {
    const listed = await client.callTool({ name: "mcp_spec_list_companies", arguments: { limit: 1 } });
    expect(listed.structuredContent).to.deep.equal({ companies: [{ name: "Acme", size: 40 }], count: 1 });
    expect(await client.callTool({ name: "mcp_spec_greet", arguments: { name: "Lin" } })).to.deep.equal({
      content: [{ type: "text", text: "Hello, Lin!" }],
    });
    const failed = await client.callTool({ name: "mcp_spec_charge_card", arguments: { amount: 101 } });
    expect([failed.isError, textOf(failed)]).to.deep.equal([true, "Could not charge the card: the card was declined"]);
    const invalid = await client.callTool({ name: "mcp_spec_charge_card", arguments: { amount: "lots" } });
    expect(textOf(invalid)).to.equal("Could not charge the card: amount: Expected number, received string");
  });

  it("carries the server's context and progress across the process boundary", async () => {
    const who = await client.callTool({ name: "mcp_spec_who_am_i", arguments: {} });
    expect(who.structuredContent).to.deep.equal({
      tenant: `pid-${transport.pid}`,
      sessionId: null,
      clientId: null,
      note: null,
    });
    // Observed where it crosses the boundary: the messages as the client's transport receives them,
    // in order. (The SDK Client's `onprogress` runs after the response when a notification and the
    // response arrive in one read, which a loaded machine makes likely — docs/plugins/mcp.md.)
    const arrived: Progress[] = [];
    const deliver = transport.onmessage!;
    transport.onmessage = (message) => {
      if ("method" in message && message.method === "notifications/progress") arrived.push(message.params as Progress);
      deliver(message);
    };
    try {
      const imported = await client.callTool({ name: "mcp_spec_import_rows", arguments: { rows: 2 } }, undefined, {
        onprogress: () => undefined,
      });
      expect(imported.structuredContent).to.deep.equal({ imported: 2, progressToken: true });
    } finally {
      transport.onmessage = deliver;
    }
    expect(arrived.map((p) => [p.progress, p.total, p.message])).to.deep.equal([
      [1, 2, "imported 1 of 2"],
      [2, 2, "imported 2 of 2"],
    ]);
  });
});
