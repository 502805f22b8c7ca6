/**
 * Issue 29, MCP sessions cannot be hoarded — through a spawned `axn serve` on the fixture app, real
 * HTTP over loopback, the caps from the `mcp` settings: a flood of anonymous `initialize`s each
 * holding a `GET` stream takes only the anonymous share of the table (`maxSessionsPerPrincipal`:
 * `429` past it, pinned), and a signed-in agent still gets a session; a full table closes its
 * least recently used idle session for a new caller, and refuses (`503`) only when every session is
 * working; a held stream does not keep a session past `sessionIdleMs`; what a session keeps of an
 * `initialize` carrying ~1 MB of `capabilities.experimental` is bounded — on memory and on Redis.
 */
import { expect } from "chai";
import { Redis } from "ioredis";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { useRedis } from "../support/redis.js";
import type { ServedApp } from "./support/serve-child.js";
import { holdStream, initialize, ping, send, serveHoardApp, type HeldStream } from "./support/serve-mcp-hoard.js";

const ADA = { authorization: "Bearer ada-token" };
const BOB = { authorization: "Bearer bob-token" };

const ownerFull = (max: number) => ({
  jsonrpc: "2.0",
  error: {
    code: -32000,
    message: `Too many MCP sessions: this caller has ${max} open, the most one caller keeps; close one (DELETE) or retry after one expires`,
  },
  id: null,
});
const notFound = { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null };

/** A `tools/call` of the gated `hoard_report` on session `id`, answered once its response stream is open (the call has started). */
function startCall(mcpUrl: string, id: string, requestId: number, headers: Record<string, string>): Promise<Response> {
  return fetch(mcpUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": id,
      "mcp-protocol-version": "2025-11-25",
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 10 + requestId,
      method: "tools/call",
      params: { name: "hoard_report", arguments: { gate: true } },
    }),
  });
}

/** A signed-in agent through the MCP SDK's own client: connected, and its tool call answered. */
async function agentCalls(mcpUrl: string, token: string): Promise<unknown> {
  const client = new Client({ name: "agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(mcpUrl), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  try {
    return (await client.callTool({ name: "hoard_ping", arguments: {} })).structuredContent;
  } finally {
    await client.close();
  }
}

describe("axn serve under hostile load: MCP sessions (child process, fixture app)", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  let app: ServedApp | undefined;
  const streams: HeldStream[] = [];
  afterEach(async () => {
    for (const stream of streams.splice(0)) stream.close();
    await app?.stop();
    app = undefined;
  });
  const mcp = () => `${app!.url}/mcp`;

  /** `count` anonymous clients, each opening a session and holding its GET stream: their statuses. */
  async function flood(
    count: number,
  ): Promise<{ statuses: number[]; refused: string | undefined; retryAfter: string | null }> {
    const statuses: number[] = [];
    let refused: string | undefined;
    let retryAfter: string | null = null;
    for (let i = 0; i < count; i++) {
      const opened = await initialize(mcp());
      statuses.push(opened.status);
      if (opened.id !== undefined) streams.push(await holdStream(mcp(), opened.id));
      else if (refused === undefined) {
        refused = opened.text;
        retryAfter = opened.headers.get("retry-after");
      }
    }
    return { statuses, refused, retryAfter };
  }

  it("a flood of anonymous initializes holding GET streams takes only the anonymous share; a signed-in agent still gets a session", async () => {
    app = await serveHoardApp({ mcp: { maxSessions: 20, maxSessionsPerPrincipal: 5 } });
    const { statuses, refused, retryAfter } = await flood(40);
    expect(statuses).to.deep.equal([...Array(5).fill(200), ...Array(35).fill(429)]);
    expect(JSON.parse(refused!)).to.deep.equal(ownerFull(5));
    expect(retryAfter).to.equal("1");
    // Every held stream is still open, and still the table leaves room for everyone else.
    expect(await agentCalls(mcp(), "ada-token")).to.deep.equal({ pong: true });
    expect(app.stderr()).to.equal("");
  });

  it("a full table closes its least recently used idle session for a new caller; every session working, it refuses (503)", async () => {
    app = await serveHoardApp({ mcp: { maxSessions: 4, maxSessionsPerPrincipal: 2 } });
    const first = await initialize(mcp());
    const second = await initialize(mcp());
    const bob = [await initialize(mcp(), BOB), await initialize(mcp(), BOB)];
    // The second anonymous session holds its GET stream; the others are used again after it opened:
    // the second is now the least recently used (a held stream is no use).
    streams.push(await holdStream(mcp(), second.id!));
    expect((await ping(mcp(), first.id!)).status).to.equal(200);
    expect((await ping(mcp(), bob[0]!.id!, BOB)).status).to.equal(200);
    expect((await ping(mcp(), bob[1]!.id!, BOB)).status).to.equal(200);
    const ada = await initialize(mcp(), ADA);
    expect(ada.status).to.equal(200);
    // The evicted session is gone — its held stream ended by the server — the others live on.
    await streams[0]!.ended;
    const gone = await ping(mcp(), second.id!);
    expect([gone.status, JSON.parse(gone.text)]).to.deep.equal([404, notFound]);
    for (const [id, headers] of [
      [first.id!, {}],
      [bob[0]!.id!, BOB],
      [bob[1]!.id!, BOB],
      [ada.id!, ADA],
    ] as const)
      expect((await ping(mcp(), id, headers)).status).to.equal(200);

    // Every session with a call in progress (its response stream open: the call has started, and
    // holds at the gate): nothing to close, so a new caller is refused.
    const held = await Promise.all(
      [
        [first, {}],
        [bob[0]!, BOB],
        [bob[1]!, BOB],
        [ada, ADA],
      ].map(([opened, headers], i) =>
        startCall(mcp(), (opened as { id?: string }).id!, i, headers as Record<string, string>),
      ),
    );
    const refusedNow = await initialize(mcp(), { authorization: "Bearer cy-token" });
    expect(refusedNow.status).to.equal(503);
    expect(JSON.parse(refusedNow.text)).to.deep.equal({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: "Server busy: 4 MCP sessions are open and working, the most this server keeps; retry later",
      },
      id: null,
    });
    expect(refusedNow.headers.get("retry-after")).to.equal("1");
    expect(
      (
        await send(mcp(), first.id!, {
          jsonrpc: "2.0",
          id: 99,
          method: "tools/call",
          params: { name: "hoard_release" },
        })
      ).status,
    ).to.equal(200);
    for (const response of held) expect(await response.text()).to.include('"structuredContent":{"done":true}');
    expect(app.stderr()).to.equal("");
  });

  it("a held GET stream does not keep a session past its idle time: the stream is closed and the session ends", async () => {
    app = await serveHoardApp({ mcp: { sessionIdleMs: 1000 } });
    const opened = await initialize(mcp());
    const stream = await holdStream(mcp(), opened.id!);
    streams.push(stream);
    expect(stream.status).to.equal(200);
    // No request comes: the server ends the stream at the idle time (before: it was held for ever).
    await stream.ended;
    const after = await ping(mcp(), opened.id!);
    expect([after.status, JSON.parse(after.text)]).to.deep.equal([404, notFound]);
    expect(app.stderr()).to.equal("");
  });

  describe("with the Redis session store", () => {
    const redis = useRedis();
    // Each case its own key prefix (queue.prefix, which the session store uses): no case sees another's sessions.
    let cases = 0;
    const onRedis = () => ({ redisUrl: redis.url, queue: { prefix: `hoard-${process.pid}-${++cases}` } });

    it("the per-caller cap holds, an agent still gets a session, and an initialize with ~1 MB of experimental capabilities is recorded bounded", async () => {
      const shared = onRedis();
      const { prefix } = shared.queue;
      app = await serveHoardApp({ mcp: { maxSessions: 20, maxSessionsPerPrincipal: 5 }, ...shared });
      const big = await initialize(mcp(), {}, { experimental: { blob: { data: "x".repeat(900_000) } }, roots: {} });
      expect(big.status).to.equal(200);
      const { statuses, refused } = await flood(10);
      expect(statuses).to.deep.equal([...Array(4).fill(200), ...Array(6).fill(429)]);
      expect(JSON.parse(refused!)).to.deep.equal(ownerFull(5));
      expect(await agentCalls(mcp(), "bob-token")).to.deep.equal({ pong: true });
      // What the store keeps of the session: the capabilities without their 900 KB experimental blob.
      const client = new Redis(redis.url);
      try {
        const record = await client.hgetall(`${prefix}:mcp:session:${big.id}`);
        expect(JSON.parse(record["clientCapabilities"]!)).to.deep.equal({ roots: {} });
        expect(JSON.parse(record["clientInfo"]!)).to.deep.equal({ name: "hoarder", version: "1" });
      } finally {
        client.disconnect();
      }
      expect(app.stderr()).to.equal("");
    });

    it("a stream held on one instance lives while requests come through another, and ends once the session is idle everywhere", async () => {
      const mcpSettings = { sessionIdleMs: 1500 };
      const shared = onRedis();
      const a = await serveHoardApp({ mcp: mcpSettings, ...shared });
      app = await serveHoardApp({ mcp: mcpSettings, ...shared });
      try {
        const opened = await initialize(`${a.url}/mcp`, ADA);
        const stream = await holdStream(mcp(), opened.id!, ADA);
        streams.push(stream);
        expect(stream.status).to.equal(200);
        let ended = false;
        void stream.ended.then(() => (ended = true));
        // Three idle times of requests through the other instance, one every fifth of it.
        for (let i = 0; i < 15; i++) {
          expect((await ping(`${a.url}/mcp`, opened.id!, ADA)).status).to.equal(200);
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        expect(ended).to.equal(false);
        // Then nothing: the stream ends with the session, gone on both instances.
        await stream.ended;
        for (const origin of [a.url, app.url]) {
          const after = await ping(`${origin}/mcp`, opened.id!, ADA);
          expect([after.status, JSON.parse(after.text)]).to.deep.equal([404, notFound]);
        }
        expect([a.stderr(), app.stderr()]).to.deep.equal(["", ""]);
      } finally {
        await a.stop();
      }
    });

    it("the per-caller cap counts the caller's sessions on every instance; a DELETE on one frees a place on the other", async () => {
      const settings = { maxSessions: 20, maxSessionsPerPrincipal: 5 };
      const shared = onRedis();
      const a = await serveHoardApp({ mcp: settings, ...shared });
      app = await serveHoardApp({ mcp: settings, ...shared });
      try {
        const origins = [a.url, app.url];
        const opened = [];
        for (let i = 0; i < 10; i++) opened.push(await initialize(`${origins[i % 2]}/mcp`));
        expect(opened.map((reply) => reply.status)).to.deep.equal([...Array(5).fill(200), ...Array(5).fill(429)]);
        expect(JSON.parse(opened[5]!.text)).to.deep.equal(ownerFull(5));
        expect(await agentCalls(`${a.url}/mcp`, "ada-token")).to.deep.equal({ pong: true });
        const deleted = await fetch(`${a.url}/mcp`, {
          method: "DELETE",
          headers: { "mcp-session-id": opened[0]!.id!, "mcp-protocol-version": "2025-11-25" },
        });
        expect(deleted.status).to.equal(200);
        expect((await initialize(`${app.url}/mcp`)).status).to.equal(200);
        expect((await initialize(`${app.url}/mcp`)).status).to.equal(429);
        expect([a.stderr(), app.stderr()]).to.deep.equal(["", ""]);
      } finally {
        await a.stop();
      }
    });
  });
});
