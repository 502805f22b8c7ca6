/**
 * Access over MCP, through the SDK's real `Client`, in memory and over Streamable HTTP on loopback:
 * `tools/list` shows each caller what it may call, `tools/call` of anything else is refused before
 * the tool runs — a tool result with `isError: true` and the refusal's sentence (as the SDK's own
 * `McpServer` answers a tool that exists but cannot be called; over HTTP a refusal only a scope can
 * fix is the 403 challenge instead, as scope-challenge.spec.ts pins) — and a server with restricted tools
 * advertises `tools.listChanged` and tells a session when its caller's grants changed.
 */
import { expect } from "chai";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { AxnPrincipal } from "@axn/core";
import { staticTokens } from "@axn/sdk/auth";
import { servingPolicy } from "@axn/sdk/serving";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { createStreamableHttpHandler, McpAdapter } from "axn-plugin-mcp";
import { ACCESS_ACTIONS, AGENT, ALLOWED, READER, REFUSALS, WRITER } from "../../fixtures/access/actions.js";
import { ALL } from "./fixtures/actions.js";
import { connectInMemory, textOf } from "./support.js";

const tools = ACCESS_ACTIONS.map((action) => McpAdapter.wrap(action));
const names = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

describe("axn-plugin-mcp: access", () => {
  describe("in memory", () => {
    const callers: [keyof typeof ALLOWED, AxnPrincipal | undefined][] = [
      ["anonymous", undefined],
      ["reader", READER],
      ["writer", WRITER],
      ["agent", AGENT],
    ];
    for (const [label, principal] of callers) {
      it(`tools/list shows the ${label} caller exactly what it may call`, async () => {
        const connected = await connectInMemory({
          tools,
          serverContext: () => (principal === undefined ? {} : { principal }),
        });
        try {
          expect(await names(connected.client)).to.deep.equal(ALLOWED[label]);
        } finally {
          await connected.close();
        }
      });
    }

    it("tools/call refuses a hidden tool with the refusal's sentence, and runs an allowed one", async () => {
      let principal: AxnPrincipal | undefined;
      const connected = await connectInMemory({
        tools,
        serverContext: () => (principal === undefined ? {} : { principal }),
      });
      try {
        const { client } = connected;
        const anonymous = await client.callTool({ name: "who_am_i", arguments: {} });
        expect(anonymous.isError).to.equal(true);
        expect(textOf(anonymous)).to.equal(REFUSALS.anonymous.who_am_i);
        principal = READER;
        for (const [tool, message] of Object.entries(REFUSALS.reader)) {
          const refused = await client.callTool({ name: tool, arguments: tool === "write_note" ? { text: "hi" } : {} });
          expect(refused.isError, tool).to.equal(true);
          expect(refused.structuredContent, tool).to.equal(undefined);
          expect(textOf(refused), tool).to.equal(message);
        }
        const allowed = await client.callTool({ name: "who_am_i", arguments: {} });
        expect(allowed.isError).to.not.equal(true);
        expect(allowed.structuredContent).to.deep.equal({ id: "u_reader" });
        // A name the server never had stays a protocol error.
        const unknown = await client.callTool({ name: "no_such_tool", arguments: {} }).then(
          () => undefined,
          (error: { code?: number }) => error.code,
        );
        expect(unknown).to.equal(-32602);
      } finally {
        await connected.close();
      }
    });

    it("advertises tools.listChanged only when some tool is restricted", async () => {
      const restricted = await connectInMemory({ tools });
      const open = await connectInMemory({ tools: ALL.map((action) => McpAdapter.wrap(action)) });
      try {
        expect(restricted.client.getServerCapabilities()?.tools).to.deep.equal({ listChanged: true });
        expect(open.client.getServerCapabilities()?.tools).to.deep.equal({});
      } finally {
        await restricted.close();
        await open.close();
      }
    });

    it("sends notifications/tools/list_changed when the caller's grants changed since its last listing", async () => {
      let principal: AxnPrincipal = READER;
      const connected = await connectInMemory({ tools, serverContext: () => ({ principal }) });
      let changes = 0;
      connected.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changes++);
      try {
        expect(await names(connected.client)).to.deep.equal(ALLOWED.reader);
        await connected.client.callTool({ name: "list_notes", arguments: {} });
        expect(changes).to.equal(0);
        // The same user, re-authenticated with a scope more (a refreshed token).
        principal = { ...READER, scopes: ["notes:write"] };
        const written = await connected.client.callTool({ name: "write_note", arguments: { text: "hi" } });
        expect(written.structuredContent).to.deep.equal({ written: "hi" });
        expect(changes).to.equal(1);
        expect(await names(connected.client)).to.deep.equal(ALLOWED.writer);
        await connected.client.callTool({ name: "list_notes", arguments: {} });
        expect(changes).to.equal(1);
      } finally {
        await connected.close();
      }
    });
  });

  describe("over Streamable HTTP", () => {
    let server: HttpServer;
    let url: URL;
    let handler: ReturnType<typeof createStreamableHttpHandler>;
    // Bearer tokens of this spec → principals, through the serving policy's `authenticate` (no token:
    // anonymous). Tokens are looked up on every request, so a spec can change what one grants mid-session.
    let TOKENS: Record<string, AxnPrincipal> = {};
    beforeEach(() => {
      TOKENS = { "t-reader": READER, "t-agent": AGENT };
    });

    before(async () => {
      handler = createStreamableHttpHandler({
        name: "axn-access-spec",
        version: "1.0.0",
        tools,
        // Built per request, so a token's grants changed mid-spec count on its next request.
        serving: servingPolicy({ authenticate: (request) => staticTokens(TOKENS)(request), anonymous: true }),
      });
      server = createServer(handler.listener);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    });

    after(async () => {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    async function connect(token?: string): Promise<Client> {
      const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
      const client = new Client({ name: "access-spec", version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      return client;
    }

    it("lists and refuses per caller, and runs the agent's tools for the agent", async () => {
      const anonymous = await connect();
      const reader = await connect("t-reader");
      const agent = await connect("t-agent");
      try {
        expect(await names(anonymous)).to.deep.equal(ALLOWED.anonymous);
        expect(await names(reader)).to.deep.equal(ALLOWED.reader);
        expect(await names(agent)).to.deep.equal(ALLOWED.agent);

        const refused = await anonymous.callTool({ name: "who_am_i", arguments: {} });
        expect([refused.isError, textOf(refused)]).to.deep.equal([true, REFUSALS.anonymous.who_am_i]);
        // A refusal only a token's scope can fix is the HTTP 403 challenge (scope-challenge.spec.ts); the others stay tool errors.
        const scoped = await reader.callTool({ name: "write_note", arguments: { text: "hi" } }).then(
          () => "answered",
          (error: unknown) => (error instanceof StreamableHTTPError ? [error.code, error.message] : String(error)),
        );
        expect(scoped).to.deep.equal([
          403,
          `Streamable HTTP error: Error POSTing to endpoint: {"jsonrpc":"2.0","id":2,"error":{"code":-32001,"message":"${REFUSALS.reader.write_note}"}}`,
        ]);
        for (const tool of ["assign_note", "tenant_report"] as const) {
          const forbidden = await reader.callTool({ name: tool, arguments: {} });
          expect([forbidden.isError, textOf(forbidden)], tool).to.deep.equal([true, REFUSALS.reader[tool]]);
        }
        const report = await agent.callTool({ name: "tenant_report", arguments: {} });
        expect([report.isError, textOf(report)]).to.deep.equal([undefined, "Report ready"]);
        const assigned = await agent.callTool({ name: "assign_note", arguments: {} });
        expect([assigned.isError, textOf(assigned)]).to.deep.equal([undefined, "Assigned"]);
        const who = await agent.callTool({ name: "who_am_i", arguments: {} });
        expect(who.structuredContent).to.deep.equal({ id: "u_agent" });
      } finally {
        await Promise.all([anonymous.close(), reader.close(), agent.close()]);
      }
    });

    it("tells a live session its tool list changed when its token's grants did", async () => {
      const reader = await connect("t-reader");
      const changed = new Promise<void>((resolve) =>
        reader.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
      );
      try {
        expect(reader.getServerCapabilities()?.tools).to.deep.equal({ listChanged: true });
        expect(await names(reader)).to.deep.equal(ALLOWED.reader);
        // The same user's token now carries the write scope (re-issued by the authorization server).
        TOKENS["t-reader"] = { ...READER, scopes: ["notes:write"] };
        const written = await reader.callTool({ name: "write_note", arguments: { text: "hi" } });
        expect(written.structuredContent).to.deep.equal({ written: "hi" });
        await changed;
        expect(await names(reader)).to.deep.equal(ALLOWED.writer);
      } finally {
        await reader.close();
      }
    });
  });
});
