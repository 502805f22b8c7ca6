/**
 * Authentication and sessions of MCP Streamable HTTP over a real loopback socket: the 401
 * challenge (RFC 6750 / RFC 9728), bearer tokens checked on every request, the principal reaching
 * actions as ambient `principal`, sessions bound to the principal that opened them (two principals,
 * colliding request ids), the session cap, idle expiry, DELETE, the stateless mode, and the JWT
 * verifier against a real JWKS served on loopback.
 */
import { expect } from "chai";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { defineAxn, PRINCIPAL_AMBIENT_KEY } from "@axn/core";
import { jwtVerifier, staticTokens } from "@axn/sdk/auth";
import { servingPolicy } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  createStreamableHttpHandler,
  McpAdapter,
  type McpHttpHandler,
  type StreamableHttpOptions,
} from "axn-plugin-mcp";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { z } from "zod";

const TOKENS = { "token-ana": { id: "ana", roles: ["agent"] }, "token-bo": { id: "bo" } } as const;

function tools() {
  const WhoAmI = defineAxn({
    name: "AuthSpec.WhoAmI",
    expects: { principal: { schema: z.object({ id: z.string() }).passthrough().optional(), on: "ambientContext" } },
    exposes: { id: z.string() },
    call: ({ principal }) => ({ id: principal?.id ?? "anonymous" }),
  });
  const Tagged = defineAxn({
    name: "AuthSpec.Tagged",
    expects: {
      tag: z.string(),
      waitMs: z.number().int(),
      principal: { schema: z.object({ id: z.string() }).passthrough(), on: "ambientContext" },
    },
    exposes: { tag: z.string(), id: z.string() },
    call: async ({ tag, waitMs, principal }) => {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      return { tag, id: principal.id };
    },
  });
  return [McpAdapter.wrap(WhoAmI, { name: "who_am_i" }), McpAdapter.wrap(Tagged, { name: "tagged" })];
}

interface Listening {
  readonly handler: McpHttpHandler;
  readonly url: string;
  close(): Promise<void>;
}

async function listen(options: Partial<StreamableHttpOptions> = {}): Promise<Listening> {
  const handler = createStreamableHttpHandler({
    name: "auth-spec",
    version: "1.0.0",
    tools: tools(),
    serving: servingPolicy({ authenticate: staticTokens(TOKENS) }),
    ...options,
  });
  const server: HttpServer = createServer(handler.listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  return {
    handler,
    url,
    async close() {
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const INIT = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

interface RpcReply {
  readonly status: number;
  readonly headers: Headers;
  readonly messages: {
    id?: unknown;
    result?: { structuredContent?: unknown };
    error?: { code: number; message: string };
  }[];
}

/** One raw POST (or other method); the JSON-RPC messages of its JSON or SSE body. */
async function rpc(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  method = "POST",
): Promise<RpcReply> {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  const messages = response.headers.get("content-type")?.includes("text/event-stream")
    ? text
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => JSON.parse(line.slice(6)))
    : text === ""
      ? []
      : [JSON.parse(text)];
  return { status: response.status, headers: response.headers, messages };
}

async function openSession(url: string, token: string): Promise<string> {
  const reply = await rpc(url, INIT, { authorization: `Bearer ${token}` });
  expect(reply.status).to.equal(200);
  const id = reply.headers.get("mcp-session-id")!;
  await rpc(
    url,
    { jsonrpc: "2.0", method: "notifications/initialized" },
    { authorization: `Bearer ${token}`, "mcp-session-id": id, "mcp-protocol-version": "2025-06-18" },
  );
  return id;
}

const call = (id: number, name: string, args: object) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

describe("axn-plugin-mcp: authentication and sessions over Streamable HTTP", () => {
  beforeEach(resetKernel);
  afterEach(resetKernel);

  it("answers 401 with a Bearer challenge naming the protected resource metadata, without and with a bad token", async () => {
    const server = await listen();
    try {
      const none = await rpc(server.url, INIT);
      expect(none.status).to.equal(401);
      expect(none.headers.get("www-authenticate")).to.equal(
        `Bearer resource_metadata="${new URL(server.url).origin}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(none.messages[0]!.error).to.deep.equal({
        code: -32001,
        message: "Unauthorized: send Authorization: Bearer <token>",
      });
      expect(none.headers.get("x-content-type-options")).to.equal("nosniff");
      const bad = await rpc(server.url, INIT, { authorization: "Bearer bogus" });
      expect(bad.status).to.equal(401);
      expect(bad.headers.get("www-authenticate")).to.match(
        /^Bearer error="invalid_token", error_description="The bearer token is not valid; send a token this server issued", resource_metadata="/,
      );
      expect(bad.messages[0]!.error!.message).to.equal(
        "Unauthorized: The bearer token is not valid; send a token this server issued",
      );
      expect(server.handler.sessionCount).to.equal(0);
    } finally {
      await server.close();
    }
  });

  it("checks the token on every request, not only initialize, and hands actions the principal as ambient context", async () => {
    const server = await listen();
    try {
      const session = await openSession(server.url, "token-ana");
      const headers = { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" };
      const who = await rpc(server.url, call(1, "who_am_i", {}), { ...headers, authorization: "Bearer token-ana" });
      expect(who.messages[0]!.result!.structuredContent).to.deep.equal({ id: "ana" });
      const dropped = await rpc(server.url, call(2, "who_am_i", {}), headers);
      expect(dropped.status).to.equal(401);
      expect(PRINCIPAL_AMBIENT_KEY).to.equal("principal");
    } finally {
      await server.close();
    }
  });

  it("a session belongs to its principal: another principal with its id and the same request id gets 404, never the stream or the result", async () => {
    const server = await listen();
    try {
      const session = await openSession(server.url, "token-ana");
      const common = { "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" };
      const ana = { ...common, authorization: "Bearer token-ana" };
      const bo = { ...common, authorization: "Bearer token-bo" };
      for (let round = 0; round < 20; round++) {
        const mine = rpc(server.url, call(7, "tagged", { tag: `ana-private-${round}`, waitMs: 20 }), ana);
        const theirs = await rpc(server.url, call(7, "tagged", { tag: `bo-${round}`, waitMs: 0 }), bo);
        expect(theirs.status).to.equal(404);
        expect(theirs.messages).to.deep.equal([
          { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null },
        ]);
        const answered = await mine;
        expect(answered.messages.map((m) => m.result?.structuredContent)).to.deep.equal([
          { tag: `ana-private-${round}`, id: "ana" },
        ]);
      }
      expect((await rpc(server.url, undefined, bo, "GET")).status).to.equal(404);
      expect((await rpc(server.url, undefined, bo, "DELETE")).status).to.equal(404);
      expect(server.handler.sessionCount).to.equal(1);
      // The owner's DELETE frees it.
      expect((await rpc(server.url, undefined, ana, "DELETE")).status).to.equal(200);
      expect(server.handler.sessionCount).to.equal(0);
      expect((await rpc(server.url, call(8, "who_am_i", {}), ana)).status).to.equal(404);
    } finally {
      await server.close();
    }
  });

  it("caps live sessions (per caller 429 with Retry-After; a full table closes its least recently used idle one) and expires idle ones", async () => {
    const server = await listen({ maxSessions: 2, maxSessionsPerPrincipal: 1, sessionIdleMs: 200 });
    try {
      const first = await openSession(server.url, "token-ana");
      const again = await rpc(server.url, INIT, { authorization: "Bearer token-ana" });
      expect(again.status).to.equal(429);
      expect(again.headers.get("retry-after")).to.equal("1");
      expect(again.messages[0]!.error!.message).to.equal(
        "Too many MCP sessions: this caller has 1 open, the most one caller keeps; close one (DELETE) or retry after one expires",
      );
      // DELETE frees the caller's share at once.
      const deleted = await fetch(server.url, {
        method: "DELETE",
        headers: { authorization: "Bearer token-ana", "mcp-session-id": first, "mcp-protocol-version": "2025-06-18" },
      });
      expect(deleted.status).to.equal(200);
      await openSession(server.url, "token-ana");
      await openSession(server.url, "token-bo");
      expect(server.handler.sessionCount).to.equal(2);
      // Idle expiry: polled with a generous hang guard, never a wall-clock assertion.
      for (let i = 0; i < 200 && server.handler.sessionCount > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(server.handler.sessionCount).to.equal(0);
      await openSession(server.url, "token-ana");
    } finally {
      await server.close();
    }
  });

  it("stateless mode keeps no session at all", async () => {
    const server = await listen({ stateless: true });
    try {
      const reply = await rpc(server.url, INIT, { authorization: "Bearer token-bo" });
      expect(reply.status).to.equal(200);
      expect(reply.headers.get("mcp-session-id")).to.equal(null);
      expect(server.handler.sessionCount).to.equal(0);
    } finally {
      await server.close();
    }
  });

  it("jwtVerifier: a real client with a JWT from a JWKS served on loopback; expired, foreign-audience and unsigned tokens are refused", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    const jwks = createServer((_request, response) =>
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] })),
    );
    await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
    const issuer = "https://auth.example.test/";
    const audience = "https://tools.example.test/mcp";
    const sign = (claims: Record<string, unknown>, aud = audience, exp = "5m") =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer(issuer)
        .setAudience(aud)
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(privateKey);
    const authenticate = jwtVerifier({
      issuer,
      audience,
      jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks.json`,
    });
    const server = await listen({ serving: servingPolicy({ authenticate }) });
    try {
      const token = await sign({ sub: "carla", scope: "tickets:read tickets:write" });
      const client = new Client({ name: "jwt-spec", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(server.url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      const who = await client.callTool({ name: "who_am_i", arguments: {} });
      expect(who.structuredContent).to.deep.equal({ id: "carla" });
      await client.close();

      const expired = await rpc(server.url, INIT, {
        authorization: `Bearer ${await sign({ sub: "carla" }, audience, "-1m")}`,
      });
      expect(expired.messages[0]!.error!.message).to.equal(
        "Unauthorized: The bearer token has expired; get a new one from the authorization server",
      );
      const foreign = await rpc(server.url, INIT, {
        authorization: `Bearer ${await sign({ sub: "carla" }, "https://other.example.test/")}`,
      });
      expect(foreign.status).to.equal(401);
      const [header, payload] = token.split(".");
      const unsigned = await rpc(server.url, INIT, { authorization: `Bearer ${header}.${payload}.` });
      expect(unsigned.status).to.equal(401);
    } finally {
      await server.close();
      await new Promise((resolve) => jwks.close(resolve));
    }
  });
});
