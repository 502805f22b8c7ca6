import { expect } from "chai";
import { createServer, request as httpRequest, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { staticTokens } from "@axn/sdk/auth";
import { servingPolicy } from "@axn/sdk/serving";
import {
  createStreamableHttpHandler,
  McpAdapter,
  type McpHttpHandler,
  type StreamableHttpOptions,
} from "axn-plugin-mcp";
import { ALL } from "./fixtures/actions.js";
import { textOf } from "./support.js";

const tools = ALL.map((action) => McpAdapter.wrap(action));

interface Listening {
  readonly handler: McpHttpHandler;
  readonly port: number;
  readonly url: URL;
  close(): Promise<void>;
}

/** A real node:http server on loopback, serving the handler's Node listener. */
async function listen(options: Partial<StreamableHttpOptions> = {}): Promise<Listening> {
  const handler = createStreamableHttpHandler({ name: "axn-http-spec", version: "1.0.0", tools, ...options });
  const server: HttpServer = createServer(handler.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    handler,
    port,
    url: new URL(`http://127.0.0.1:${port}/mcp`),
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function connect(
  url: URL,
  headers: Record<string, string> = {},
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  const client = new Client({ name: "http-spec", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

interface Raw {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: string;
}

/** A raw HTTP request (node:http, so the Host header can be anything a browser could be tricked into). */
function raw(port: number, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, contentType: res.headers["content-type"], body: text }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

const MCP_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };
const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
});

function jsonErrorOf(response: Raw): { code: number; message: string } {
  expect(response.contentType).to.match(/^application\/json/);
  const parsed = JSON.parse(response.body) as { jsonrpc: string; error: { code: number; message: string }; id: null };
  expect(parsed.jsonrpc).to.equal("2.0");
  expect(parsed.id).to.equal(null);
  return parsed.error;
}

describe("axn-plugin-mcp: Streamable HTTP over loopback", () => {
  let server: Listening;
  before(async () => {
    server = await listen({
      serverContext: (request) => ({
        tenant: "http",
        ...(request.sessionId === undefined ? {} : { sessionId: request.sessionId }),
      }),
    });
  });
  after(() => server.close());

  it("lists and calls tools; the session id reaches the action as ambient context", async () => {
    const { client, transport } = await connect(server.url);
    try {
      const { tools: listed } = await client.listTools();
      expect(listed.map((t) => t.name)).to.deep.equal(ALL.map((a) => a.toolName("mcp")));
      const companies = await client.callTool({
        name: "mcp_spec_list_companies",
        arguments: { sort: "size", limit: 1 },
      });
      expect(companies.structuredContent).to.deep.equal({ companies: [{ name: "Initech", size: 7 }], count: 1 });
      const failed = await client.callTool({ name: "mcp_spec_charge_card", arguments: { amount: 1000 } });
      expect(textOf(failed)).to.equal("Could not charge the card: the card was declined");
      const who = await client.callTool({
        name: "mcp_spec_who_am_i",
        arguments: { ambientContext: { sessionId: "forged" } },
      });
      expect(transport.sessionId).to.be.a("string");
      expect(who.structuredContent).to.deep.equal({
        tenant: "http",
        sessionId: transport.sessionId,
        clientId: null,
        note: null,
      });
    } finally {
      await client.close();
    }
  });

  it("streams progress notifications over SSE", async () => {
    const { client } = await connect(server.url);
    try {
      const seen: Progress[] = [];
      await client.callTool({ name: "mcp_spec_import_rows", arguments: { rows: 2 } }, undefined, {
        onprogress: (p) => seen.push(p),
      });
      expect(seen.map((p) => p.message)).to.deep.equal(["imported 1 of 2", "imported 2 of 2"]);
    } finally {
      await client.close();
    }
  });

  it("two concurrent clients with colliding request ids each get their own responses", async () => {
    const [a, b] = await Promise.all([connect(server.url), connect(server.url)]);
    try {
      expect(a.transport.sessionId).not.to.equal(b.transport.sessionId);
      expect(server.handler.sessionCount).to.be.at.least(2);
      // Both clients number their requests the same way, so these calls share a JSON-RPC id.
      const [first, second] = await Promise.all([
        a.client.callTool({ name: "mcp_spec_slow_echo", arguments: { word: "alpha", ms: 40 } }),
        b.client.callTool({ name: "mcp_spec_slow_echo", arguments: { word: "beta", ms: 5 } }),
      ]);
      expect(first.structuredContent).to.deep.equal({ word: "alpha", sessionId: a.transport.sessionId });
      expect(second.structuredContent).to.deep.equal({ word: "beta", sessionId: b.transport.sessionId });
    } finally {
      await Promise.all([a.client.close(), b.client.close()]);
    }
  });

  describe("DNS-rebinding protection and error responses", () => {
    it("refuses a Host that is not a loopback name, with a JSON error", async () => {
      const response = await raw(
        server.port,
        "POST",
        "/mcp",
        { ...MCP_HEADERS, Host: `evil.example:${server.port}` },
        INITIALIZE,
      );
      expect(response.status).to.equal(403);
      expect(jsonErrorOf(response)).to.deep.equal({
        code: -32000,
        message: 'Forbidden: host "evil.example" is not allowed',
      });
    });

    it("reads an allowedHosts list the way the HTTP adapter does: any letter case, IPv6 with or without brackets", async () => {
      const listed = await listen({ allowedHosts: ["API.Internal", "::1"] });
      try {
        for (const host of ["api.internal", `API.INTERNAL:${listed.port}`, `[::1]:${listed.port}`]) {
          const response = await raw(listed.port, "POST", "/mcp", { ...MCP_HEADERS, Host: host }, INITIALIZE);
          expect(response.status, host).to.equal(200);
        }
        for (const host of [`localhost:${listed.port}`, "api.internal.evil.example"]) {
          const response = await raw(listed.port, "POST", "/mcp", { ...MCP_HEADERS, Host: host }, INITIALIZE);
          expect([response.status, jsonErrorOf(response).message], host).to.deep.equal([
            403,
            `Forbidden: host ${JSON.stringify(host.split(":")[0])} is not allowed`,
          ]);
        }
        const origin = await raw(
          listed.port,
          "POST",
          "/mcp",
          { ...MCP_HEADERS, Host: "api.internal", Origin: "https://API.internal" },
          INITIALIZE,
        );
        expect(origin.status).to.equal(200);
      } finally {
        await listed.close();
      }
    });

    it("refuses a foreign Origin and accepts a loopback one", async () => {
      const foreign = await raw(
        server.port,
        "POST",
        "/mcp",
        { ...MCP_HEADERS, Origin: "http://evil.example" },
        INITIALIZE,
      );
      expect(foreign.status).to.equal(403);
      expect(jsonErrorOf(foreign).message).to.equal('Forbidden: origin "http://evil.example" is not allowed');
      const local = await raw(
        server.port,
        "POST",
        "/mcp",
        { ...MCP_HEADERS, Host: `localhost:${server.port}`, Origin: "http://localhost:5173" },
        INITIALIZE,
      );
      expect(local.status).to.equal(200);
    });

    it("answers JSON for an unknown session, a missing session, a wrong path and a malformed body", async () => {
      const unknown = await raw(server.port, "POST", "/mcp", { ...MCP_HEADERS, "Mcp-Session-Id": "nope" }, "{}");
      expect([unknown.status, jsonErrorOf(unknown).message]).to.deep.equal([404, "Session not found"]);
      const missing = await raw(server.port, "GET", "/mcp", { Accept: "text/event-stream" });
      expect([missing.status, jsonErrorOf(missing).message]).to.deep.equal([
        400,
        "Bad Request: Mcp-Session-Id header is required",
      ]);
      const path = await raw(server.port, "POST", "/other", MCP_HEADERS, INITIALIZE);
      expect([path.status, jsonErrorOf(path).message]).to.deep.equal([404, "Not found: MCP is served at /mcp"]);
      const malformed = await raw(server.port, "POST", "/mcp", MCP_HEADERS, "{not json");
      expect([malformed.status, jsonErrorOf(malformed).message]).to.deep.equal([400, "Parse error: Invalid JSON"]);
      const notInitialize = await raw(
        server.port,
        "POST",
        "/mcp",
        MCP_HEADERS,
        JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      );
      expect(notInitialize.status).to.equal(400);
      jsonErrorOf(notInitialize);
    });
  });

  describe("options", () => {
    it("limits the body size (413, JSON)", async () => {
      const small = await listen({ maxBodyBytes: 512 });
      try {
        const big = JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: { padding: "x".repeat(2048) },
        });
        const response = await raw(small.port, "POST", "/mcp", MCP_HEADERS, big);
        expect(response.status).to.equal(413);
        expect(jsonErrorOf(response).code).to.equal(-32000);
      } finally {
        await small.close();
      }
    });

    it("serving's authenticate: the principal reaches the action as the SDK's AuthInfo; a refused request gets a JSON 401", async () => {
      const authed = await listen({
        serving: servingPolicy({ authenticate: staticTokens({ s3cret: { id: "claude-desktop" } }) }),
      });
      try {
        const { client } = await connect(authed.url, { Authorization: "Bearer s3cret" });
        const who = await client.callTool({ name: "mcp_spec_who_am_i", arguments: {} });
        expect((who.structuredContent as { clientId: string }).clientId).to.equal("claude-desktop");
        await client.close();
        const refused = await raw(authed.port, "POST", "/mcp", MCP_HEADERS, INITIALIZE);
        expect([refused.status, jsonErrorOf(refused).message]).to.deep.equal([
          401,
          "Unauthorized: send Authorization: Bearer <token>",
        ]);
      } finally {
        await authed.close();
      }
    });

    it("stateless: a fresh server per request, tools/list byte-identical, no sessions kept", async () => {
      const stateless = await listen({ stateless: true });
      try {
        const list = JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" });
        const headers = { ...MCP_HEADERS, "Mcp-Protocol-Version": "2025-06-18" };
        const first = await raw(stateless.port, "POST", "/mcp", headers, list);
        const second = await raw(stateless.port, "POST", "/mcp", headers, list);
        expect(first.status).to.equal(200);
        expect(first.body).to.contain("mcp_spec_list_companies");
        expect(second.body).to.equal(first.body);
        const { client } = await connect(stateless.url);
        const greet = await client.callTool({ name: "mcp_spec_greet", arguments: { name: "Sam" } });
        expect(textOf(greet)).to.equal("Hello, Sam!");
        await client.close();
        expect(stateless.handler.sessionCount).to.equal(0);
        const get = await raw(stateless.port, "GET", "/mcp", { Accept: "text/event-stream" });
        expect([get.status, jsonErrorOf(get).message]).to.deep.equal([
          405,
          "Method not allowed: this server is stateless",
        ]);
      } finally {
        await stateless.close();
      }
    });

    it("close() ends every session", async () => {
      const own = await listen();
      const { client } = await connect(own.url);
      expect(own.handler.sessionCount).to.equal(1);
      await own.close();
      expect(own.handler.sessionCount).to.equal(0);
      await client.close();
    });
  });
});
