import { expect } from "chai";
import { JSON_SCHEMA_DIALECT } from "@axn/core";
import { ErrorCode, McpError, type Progress } from "@modelcontextprotocol/sdk/types.js";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { ADAPTER_FAILURE_MESSAGE, createMcpServer, McpAdapter } from "axn-plugin-mcp";
import { captureReports } from "../../support/reports.js";
import * as Actions from "./fixtures/actions.js";
import { connectInMemory, schemaErrors, textOf, type Connected } from "./support.js";

const tools = Actions.ALL.map((action) => McpAdapter.wrap(action));

describe("axn-plugin-mcp: a real Client over InMemoryTransport", () => {
  const reports = captureReports();
  let connected: Connected;
  beforeEach(async () => {
    connected = await connectInMemory({ tools, serverContext: () => ({ tenant: "acme" }) });
  });
  afterEach(() => connected.close());

  const call = (name: string, args: Record<string, unknown> = {}) =>
    connected.client.callTool({ name, arguments: args });

  describe("tools/list", () => {
    it("advertises each action's reflected JSON Schema unchanged, outputSchema only when something is presented structured", async () => {
      const { tools: listed } = await connected.client.listTools();
      expect(listed.map((t) => t.name)).to.deep.equal(Actions.ALL.map((a) => a.toolName("mcp")));
      const byName = new Map(listed.map((t) => [t.name, t]));
      // Unchanged but for the dialect, which MCP 2025-11-25 asks a server to declare.
      for (const action of Actions.ALL)
        expect(byName.get(action.toolName("mcp"))!.inputSchema).to.deep.equal({
          $schema: JSON_SCHEMA_DIALECT,
          ...action.inputSchema,
        });
      expect(byName.get("mcp_spec_list_companies")).to.deep.equal({
        name: "mcp_spec_list_companies",
        description: "List the companies a user can see",
        inputSchema: { $schema: JSON_SCHEMA_DIALECT, ...Actions.ListCompanies.inputSchema },
        outputSchema: { $schema: JSON_SCHEMA_DIALECT, ...Actions.ListCompanies.outputSchema },
        annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      });
      expect(byName.get("mcp_spec_greet")).to.deep.equal({
        name: "mcp_spec_greet",
        title: "Say hello",
        description: "Greet someone",
        inputSchema: { $schema: JSON_SCHEMA_DIALECT, ...Actions.Greet.inputSchema },
      });
      expect(byName.get("mcp_spec_import_rows")!._meta).to.deep.equal({ "axn/toolVersion": 2 });
      expect(listed.filter((t) => t.outputSchema !== undefined).map((t) => t.name)).to.deep.equal([
        "mcp_spec_list_companies",
        "mcp_spec_charge_card",
        "mcp_spec_leaky_label",
        "mcp_spec_who_am_i",
        "mcp_spec_import_rows",
        "mcp_spec_wait_for_cancel",
        "mcp_spec_slow_echo",
      ]);
    });

    it("ambient fields never appear in the advertised schema", async () => {
      const { tools: listed } = await connected.client.listTools();
      const whoAmI = listed.find((t) => t.name === "mcp_spec_who_am_i")!;
      expect(whoAmI.inputSchema).to.deep.equal({
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { note: { type: "string" } },
        additionalProperties: false,
      });
    });

    it("is identical across calls", async () => {
      const first = JSON.stringify(await connected.client.listTools());
      const second = JSON.stringify(await connected.client.listTools());
      expect(second).to.equal(first);
    });
  });

  describe("tools/call", () => {
    it("structured: coerces wire strings; structuredContent conforms to the listed outputSchema", async () => {
      const { tools: listed } = await connected.client.listTools();
      const result = await call("mcp_spec_list_companies", { limit: "2" });
      expect(result.isError).to.equal(undefined);
      expect(result.structuredContent).to.deep.equal({
        companies: [
          { name: "Acme", size: 40 },
          { name: "Globex", size: 12 },
        ],
        count: 2,
      });
      expect(textOf(result)).to.equal(JSON.stringify(result.structuredContent));
      const schema = listed.find((t) => t.name === "mcp_spec_list_companies")!.outputSchema!;
      expect(schemaErrors(schema, result.structuredContent)).to.deep.equal([]);
    });

    it("message presentation and an action exposing nothing answer the action's message", async () => {
      const greet = await call("mcp_spec_greet", { name: "Ada" });
      expect(greet).to.deep.equal({ content: [{ type: "text", text: "Hello, Ada!" }] });
      const archive = await call("mcp_spec_archive_project", { projectId: "p1" });
      expect(archive).to.deep.equal({ content: [{ type: "text", text: "Project archived" }] });
    });

    it("input errors are tool results with isError naming the field, so the model can correct itself", async () => {
      const wrongType = await call("mcp_spec_list_companies", { limit: "many", extra: 1 });
      expect(wrongType.isError).to.equal(true);
      expect(textOf(wrongType)).to.equal(
        "Could not list companies: limit: Expected number, received string; unknown input: extra",
      );
      const missing = await call("mcp_spec_greet", {});
      expect(missing).to.deep.equal({ content: [{ type: "text", text: "name: Required" }], isError: true });
      expect(reports).to.have.length(0);
    });

    it("a business failure answers result.error with no adapter headline", async () => {
      const result = await call("mcp_spec_charge_card", { amount: 500 });
      expect(result).to.deep.equal({
        content: [{ type: "text", text: "Could not charge the card: the card was declined" }],
        isError: true,
      });
    });

    it("an exception in the action never shows its message: the client sees result.error", async () => {
      const result = await call("mcp_spec_explode");
      expect(result).to.deep.equal({ content: [{ type: "text", text: "Could not run the report" }], isError: true });
      expect(JSON.stringify(result)).not.to.contain("hunter2");
      expect(reports.map((r) => r.phase)).to.deep.equal(["call"]);
    });

    it("an unrenderable result answers the adapter's own error and is reported once", async () => {
      const result = await call("mcp_spec_leaky_label");
      expect(result).to.deep.equal({ content: [{ type: "text", text: ADAPTER_FAILURE_MESSAGE }], isError: true });
      expect(ADAPTER_FAILURE_MESSAGE).to.equal("The tool could not produce a valid response");
      expect(reports).to.have.length(1);
      expect(reports[0]).to.include({ action: "McpSpec.LeakyLabel", phase: "adapter response" });
    });

    it("an unknown tool is a protocol error (InvalidParams), not a tool result", async () => {
      const error = await call("no_such_tool").then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(McpError);
      expect((error as McpError).code).to.equal(ErrorCode.InvalidParams);
      // The SDK prefixes an McpError's message when it is thrown and again when the client rebuilds it.
      expect((error as McpError).message).to.equal("MCP error -32602: Unknown tool: no_such_tool");
    });
  });

  describe("server context", () => {
    it("reaches the action as ambient context built from the request, never from the arguments", async () => {
      const result = await call("mcp_spec_who_am_i", { note: "hi" });
      expect(result.structuredContent).to.deep.equal({ tenant: "acme", sessionId: null, clientId: null, note: "hi" });
      const smuggled = await call("mcp_spec_who_am_i", {
        ambientContext: { tenant: "evil", authInfo: { clientId: "attacker" } },
        ambient_context: { tenant: "evil" },
      });
      expect(smuggled.isError).to.equal(undefined);
      expect(smuggled.structuredContent).to.deep.equal({ tenant: "acme", sessionId: null, clientId: null, note: null });
    });

    it("a model cannot set an ambient field as a plain argument either", async () => {
      const result = await call("mcp_spec_who_am_i", { tenant: "evil" });
      expect(result).to.deep.equal({ content: [{ type: "text", text: "unknown input: tenant" }], isError: true });
    });

    it("a server context builder that throws is reported and answered with the adapter's error", async () => {
      const failing = await connectInMemory({
        tools,
        serverContext: () => {
          throw new Error("session store offline: redis://secret");
        },
      });
      try {
        const result = await failing.client.callTool({ name: "mcp_spec_who_am_i", arguments: {} });
        expect(result).to.deep.equal({ content: [{ type: "text", text: ADAPTER_FAILURE_MESSAGE }], isError: true });
        expect(reports).to.have.length(1);
        expect(reports[0]).to.include({ action: "McpSpec.WhoAmI", phase: "mcp server context" });
      } finally {
        await failing.close();
      }
    });

    it("progress: notifications/progress reach the client when it sent a progress token", async () => {
      const seen: Progress[] = [];
      const result = await connected.client.callTool(
        { name: "mcp_spec_import_rows", arguments: { rows: 3 } },
        undefined,
        {
          onprogress: (progress) => seen.push(progress),
        },
      );
      expect(result.structuredContent).to.deep.equal({ imported: 3, progressToken: true });
      expect(seen).to.deep.equal([
        { progress: 1, total: 3, message: "imported 1 of 3" },
        { progress: 2, total: 3, message: "imported 2 of 3" },
        { progress: 3, total: 3, message: "imported 3 of 3" },
      ]);
      const quiet = await call("mcp_spec_import_rows", { rows: 2 });
      expect(quiet.structuredContent).to.deep.equal({ imported: 2, progressToken: false });
    });

    it("cancellation: notifications/cancelled aborts the action's signal", async () => {
      Actions.cancellations.length = 0;
      const controller = new AbortController();
      const pending = connected.client.callTool({ name: "mcp_spec_wait_for_cancel", arguments: {} }, undefined, {
        signal: controller.signal,
      });
      setTimeout(() => controller.abort("user pressed stop"), 30);
      const error = await pending.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(String(error)).to.contain("user pressed stop");
      // The cancellation reaches the server on its own schedule: poll, with a deadline that only guards a hang.
      const deadline = Date.now() + 10_000;
      while (Actions.cancellations.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      expect(Actions.cancellations).to.deep.equal([{ reason: "ctx.signal aborted: true" }]);
    });

    it("concurrent calls each see their own call context", async () => {
      const other = await connectInMemory({ tools });
      try {
        const [a, b] = await Promise.all([
          connected.client.callTool({ name: "mcp_spec_slow_echo", arguments: { word: "first", ms: 30 } }),
          other.client.callTool({ name: "mcp_spec_slow_echo", arguments: { word: "second", ms: 5 } }),
        ]);
        expect(a.structuredContent).to.deep.equal({ word: "first", sessionId: null });
        expect(b.structuredContent).to.deep.equal({ word: "second", sessionId: null });
      } finally {
        await other.close();
      }
    });
  });
});

describe("axn-plugin-mcp: the transport a server connects to", () => {
  // The guard notes each request's method through the `onmessage` the SDK's connect chains ahead
  // of its own. An accessor defined on the transport instead made the SDK's per-request 2026-07-28
  // transport a dictionary-mode object, every field of it read slowly (bench row 4f).
  it("keeps onmessage a plain property when no task is answered before the SDK, and still shortens its refusals", async () => {
    const server = createMcpServer({ name: "axn-spec", version: "1.0.0", tools: [McpAdapter.wrap(Actions.Greet)] });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const answers: unknown[] = [];
    clientSide.onmessage = (message) => void answers.push(message);
    await server.connect(serverSide);
    await clientSide.start();
    try {
      const descriptor = Object.getOwnPropertyDescriptor(serverSide, "onmessage");
      expect(descriptor?.get).to.equal(undefined);
      expect(descriptor?.value).to.be.a("function");
      await clientSide.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: INITIALIZE });
      await clientSide.send({ jsonrpc: "2.0", id: 2, method: "tools/call", params: {} });
      await waitFor(() => answers.length === 2);
      expect(answers[1]).to.deep.equal({
        jsonrpc: "2.0",
        id: 2,
        error: {
          code: -32602,
          message: "Invalid params: tools/call needs params.name, the name of a tool from tools/list",
        },
      });
    } finally {
      await server.close();
    }
  });
});

const INITIALIZE = { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } };

async function waitFor(done: () => boolean): Promise<void> {
  for (let turn = 0; !done(); turn++) {
    if (turn > 1000) throw new Error("waitFor: never done");
    await new Promise((resolve) => setImmediate(resolve));
  }
}
