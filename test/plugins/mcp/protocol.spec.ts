/**
 * Protocol hygiene of MCP Streamable HTTP over a real loopback socket: a `__proto__` key in
 * `tools/call` params is refused (it would otherwise supply the tool name a gateway never sees),
 * `tools/call` without a name is `-32602` with one short line, invalid UTF-8 is refused as the HTTP
 * API refuses it, every JSON reply carries `nosniff` (the SDK's own errors included), an internal
 * message never reaches the client even in development, and `notifications/cancelled` closes the
 * cancelled request's stream.
 */
import { expect } from "chai";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { configureAxn, defineAxn } from "@axn/core";
import { resetAxnConfig } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";
import { createStreamableHttpHandler, McpAdapter, type McpHttpHandler } from "axn-plugin-mcp";
import { z } from "zod";

const INIT = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};
const HEADERS = { "content-type": "application/json", accept: "application/json, text/event-stream" };

describe("axn-plugin-mcp: protocol hygiene over Streamable HTTP", () => {
  let handler: McpHttpHandler;
  let http: HttpServer;
  let url: string;
  let deleted: string[];
  let started: (() => void) | undefined;

  beforeEach(async () => {
    resetKernel();
    deleted = [];
    const Delete = defineAxn({
      name: "ProtoSpec.DeleteTicket",
      expects: { ticketId: z.string() },
      call: ({ ticketId }) => void deleted.push(ticketId),
    });
    const Secret = defineAxn({
      name: "ProtoSpec.Secret",
      exposes: { value: z.unknown() },
      // A getter that throws while the result is rendered: a mapping bug with a revealing message.
      call: () => ({
        value: {
          get boom() {
            throw new Error("getter secret /srv/y.ts");
          },
        },
      }),
    });
    const Hang = defineAxn({
      name: "ProtoSpec.Hang",
      call: async (_args, { signal }) => {
        started?.();
        await new Promise((resolve) => signal.addEventListener("abort", resolve));
      },
    });
    handler = createStreamableHttpHandler({
      name: "proto",
      version: "1",
      tools: [Delete, Secret, Hang].map((a) => McpAdapter.wrap(a)),
    });
    http = createServer(handler.listener);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });

  afterEach(async () => {
    await handler.close();
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
    resetAxnConfig();
    resetKernel();
  });

  async function session(): Promise<Record<string, string>> {
    const init = await fetch(url, { method: "POST", headers: HEADERS, body: JSON.stringify(INIT) });
    await init.text();
    const headers = {
      ...HEADERS,
      "mcp-session-id": init.headers.get("mcp-session-id")!,
      "mcp-protocol-version": "2025-06-18",
    };
    await (
      await fetch(url, { method: "POST", headers, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' })
    ).text();
    return headers;
  }

  async function errorOf(headers: Record<string, string>, body: string | Uint8Array): Promise<unknown> {
    const response = await fetch(url, { method: "POST", headers, body });
    const text = await response.text();
    const data = text.split("\n").find((line) => line.startsWith("data: "));
    return (JSON.parse(data === undefined ? text : data.slice(6)) as { error?: unknown }).error;
  }

  it("refuses a __proto__ key at the params level of tools/call as a malformed request (400, -32600); nothing runs", async () => {
    const headers = await session();
    const body =
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"__proto__":{"name":"proto_spec_delete_ticket","arguments":{"ticketId":"T-1004"}}}}';
    const response = await fetch(url, { method: "POST", headers, body });
    expect([response.status, await response.json()]).to.deep.equal([
      400,
      {
        jsonrpc: "2.0",
        error: { code: -32600, message: 'Invalid request: "__proto__" is not allowed as a key of params' },
        id: null,
      },
    ]);
    expect(deleted).to.deep.equal([]);
  });

  it("tools/call without a name is -32602 with one short line", async () => {
    const headers = await session();
    expect(
      await errorOf(headers, '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"arguments":{}}}'),
    ).to.deep.equal({
      code: -32602,
      message: "Invalid params: tools/call needs params.name, the name of a tool from tools/list",
    });
  });

  it("invalid UTF-8 is refused (400, parse error), not run with U+FFFD; JSON errors carry nosniff, the SDK's own too", async () => {
    const headers = await session();
    const bytes = Buffer.concat([
      Buffer.from(
        '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"proto_spec_delete_ticket","arguments":{"ticketId":"T-',
      ),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('"}}}'),
    ]);
    const response = await fetch(url, { method: "POST", headers, body: bytes });
    expect([response.status, response.headers.get("x-content-type-options"), await response.json()]).to.deep.equal([
      400,
      "nosniff",
      {
        jsonrpc: "2.0",
        error: { code: -32700, message: "Parse error: the request body is not valid UTF-8" },
        id: null,
      },
    ]);
    expect(deleted).to.deep.equal([]);
    const notAcceptable = await fetch(url, {
      method: "POST",
      headers: { ...headers, accept: "text/html" },
      body: "{}",
    });
    expect([notAcceptable.status, notAcceptable.headers.get("x-content-type-options")]).to.deep.equal([406, "nosniff"]);
  });

  it("in development too, a mapping bug reaches the client as the generic Internal error, never its message", async () => {
    // The bug is reported to onException (pinned here, not printed into the run), never sent.
    const reported: [string, string][] = [];
    configureAxn({ env: "development", onException: (_error, info) => void reported.push([info.action, info.phase]) });
    const headers = await session();
    const error = await errorOf(
      headers,
      '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"proto_spec_secret","arguments":{}}}',
    );
    expect(error).to.deep.equal({ code: -32603, message: "Internal error" });
    expect(reported).to.deep.include(["ProtoSpec.Secret", "adapter response"]);
  });

  it("after notifications/cancelled the cancelled request's stream is closed", async () => {
    const headers = await session();
    const running = new Promise<void>((resolve) => (started = resolve));
    const call = await fetch(url, {
      method: "POST",
      headers,
      body: '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"proto_spec_hang","arguments":{}}}',
    });
    await running;
    const ended = call.text();
    await (
      await fetch(url, {
        method: "POST",
        headers,
        body: '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5,"reason":"user"}}',
      })
    ).text();
    // Resolves only once the server closed the stream: the spec's timeout is the hang guard.
    expect(await ended).to.not.include('"id":5');
  });
});
