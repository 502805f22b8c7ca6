/**
 * MCP over Streamable HTTP (real sockets, raw JSON-RPC and the SDK's `Client`): a `tools/call` the
 * caller's bearer token lacks a scope for is answered as the MCP authorization spec's scope
 * challenge — HTTP 403 with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…",
 * resource_metadata="…"` — and reported to the audit hook; a refusal a new token cannot fix (a role,
 * a predicate, no caller) stays a tool result with `isError`, and an admitted caller runs the tool.
 */
import { expect } from "chai";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createKernelHost } from "@axn/core/internal";
import { staticTokens } from "@axn/sdk/auth";
import { servingPolicy } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport, StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createStreamableHttpHandler, McpAdapter, type McpHttpHandler } from "axn-plugin-mcp";
import { ACCESS_ACTIONS, AGENT, READER, REFUSALS, WRITER } from "../../fixtures/access/actions.js";

const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };
const INIT = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "scope-spec", version: "1" } },
};

describe("axn-plugin-mcp: the insufficient_scope challenge over Streamable HTTP", () => {
  let server: Server;
  let handler: McpHttpHandler;
  let url: string;
  let denied: string[];

  beforeEach(async () => {
    resetKernel();
    denied = [];
    const host = createKernelHost();
    host.hooks.onAccessDenied.tap("spec-audit", ({ tool, reason }) => void denied.push(`${tool}:${reason}`));
    host.freeze();
    handler = createStreamableHttpHandler({
      name: "scope-spec",
      version: "1",
      tools: ACCESS_ACTIONS.map((action) => McpAdapter.wrap(action)),
      serving: servingPolicy({
        authenticate: staticTokens({ "t-reader": READER, "t-writer": WRITER, "t-agent": AGENT }),
        anonymous: true,
      }),
    });
    server = createServer(handler.listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterEach(async () => {
    await handler.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    resetKernel();
  });

  async function session(token: string): Promise<Record<string, string>> {
    const headers = { ...HEADERS, authorization: `Bearer ${token}` };
    const init = await fetch(url, { method: "POST", headers, body: JSON.stringify(INIT) });
    await init.text();
    const id = init.headers.get("mcp-session-id")!;
    const withSession = { ...headers, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" };
    await (
      await fetch(url, {
        method: "POST",
        headers: withSession,
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      })
    ).text();
    return withSession;
  }

  it("answers 403 with the challenge naming the tool's scopes and the metadata URL, and the JSON-RPC id", async () => {
    const headers = await session("t-reader");
    const reply = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "write_note", arguments: { text: "hi" } },
      }),
    });
    expect(reply.status).to.equal(403);
    expect(reply.headers.get("www-authenticate")).to.equal(
      `Bearer error="insufficient_scope", scope="notes:write", resource_metadata="${new URL(url).origin}/.well-known/oauth-protected-resource/mcp", error_description="${REFUSALS.reader.write_note}"`,
    );
    expect(reply.headers.get("x-content-type-options")).to.equal("nosniff");
    expect(await reply.json()).to.deep.equal({
      jsonrpc: "2.0",
      id: 7,
      error: { code: -32001, message: REFUSALS.reader.write_note },
    });
    expect(denied).to.deep.equal(["write_note:forbidden"]);
  });

  it("the SDK client sees HTTP 403 (its auth provider would upscope); the writer's token runs the tool", async () => {
    const reader = new Client({ name: "scope-spec", version: "1" });
    const writer = new Client({ name: "scope-spec", version: "1" });
    try {
      await reader.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: "Bearer t-reader" } },
        }),
      );
      await writer.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: "Bearer t-writer" } },
        }),
      );
      const refused = await reader.callTool({ name: "write_note", arguments: { text: "hi" } }).then(
        () => "answered",
        (error: unknown) => (error instanceof StreamableHTTPError ? error.code : String(error)),
      );
      expect(refused).to.equal(403);
      const written = await writer.callTool({ name: "write_note", arguments: { text: "hi" } });
      expect(written.structuredContent).to.deep.equal({ written: "hi" });
    } finally {
      await Promise.all([reader.close(), writer.close()]);
    }
  });

  it("a refusal no token scope can fix stays a tool error: a role, a predicate, an anonymous caller", async () => {
    const reader = new Client({ name: "scope-spec", version: "1" });
    const anonymous = new Client({ name: "scope-spec", version: "1" });
    try {
      await reader.connect(
        new StreamableHTTPClientTransport(new URL(url), {
          requestInit: { headers: { authorization: "Bearer t-reader" } },
        }),
      );
      await anonymous.connect(new StreamableHTTPClientTransport(new URL(url)));
      const text = (result: Awaited<ReturnType<Client["callTool"]>>) => [
        result.isError,
        (result.content as { text: string }[])[0]!.text,
      ];
      expect(text(await reader.callTool({ name: "assign_note", arguments: {} }))).to.deep.equal([
        true,
        REFUSALS.reader.assign_note,
      ]);
      expect(text(await reader.callTool({ name: "tenant_report", arguments: {} }))).to.deep.equal([
        true,
        REFUSALS.reader.tenant_report,
      ]);
      expect(text(await anonymous.callTool({ name: "write_note", arguments: { text: "hi" } }))).to.deep.equal([
        true,
        REFUSALS.anonymous.write_note,
      ]);
      expect(denied).to.deep.equal(["assign_note:forbidden", "tenant_report:forbidden", "write_note:unauthenticated"]);
    } finally {
      await Promise.all([reader.close(), anonymous.close()]);
    }
  });
});
