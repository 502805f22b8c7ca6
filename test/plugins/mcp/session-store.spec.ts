/**
 * The MCP session stores, the same contract in memory and on a real Redis (test/support/redis.ts):
 * a record holds what another instance needs (owner, negotiated version, client capabilities and
 * info, log level, subscriptions), touching restarts its idle time and answers its revision, a
 * change bumps the revision and never resurrects a session that expired or was deleted, and
 * messages published reach every listener (Redis: across connections, as across instances).
 * `axn serve`'s transport picks the store from `mcp.sessionStore`, and refuses `"redis"` without
 * the app's Redis, saying what to set.
 */
import { expect } from "chai";
import { Redis } from "ioredis";
import type { Transport } from "@axn/core";
import { createHost } from "@axn/sdk";
import { servingPolicy } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";
import {
  createMemorySessionStore,
  createRedisSessionStore,
  createStreamableHttpHandler,
  McpAdapter,
  mcpPlugin,
  type SessionMessage,
  type SessionStore,
} from "axn-plugin-mcp";
import { defineAxn } from "@axn/core";
import { startRedis, useRedis } from "../../support/redis.js";
import { captureReports } from "../../support/reports.js";
import { config as docsConfig, sharedMcpHandler } from "../../../docs/examples/snippets/mcp-sessions.js";

const RECORD = {
  id: "3f0c1e9a-0000-4000-8000-000000000001",
  owner: "principal:ada",
  protocolVersion: "2025-06-18",
  clientCapabilities: { elicitation: { form: {} }, sampling: {} },
  clientInfo: { name: "store-spec", version: "1.2.3" },
  createdAt: 1_764_590_000_000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function contract(name: string, make: () => Promise<SessionStore>, shared: boolean): void {
  describe(`axn-plugin-mcp: the ${name} session store`, function () {
    this.timeout(30_000); // a hang guard
    let store: SessionStore;
    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => {
      await store.close();
    });

    it(`is ${shared ? "" : "not "}shared between processes`, () => {
      expect(store.shared).to.equal(shared);
    });

    it("keeps the record as created, with no level, no subscriptions, revision 0", async () => {
      await store.create(RECORD, 60_000);
      expect(await store.get(RECORD.id)).to.deep.equal({ ...RECORD, subscriptions: [], revision: 0 });
      expect(await store.get("no-such-session")).to.equal(undefined);
    });

    it("records a log level and subscriptions in order, each change one revision; an unsubscribe removes only its URI", async () => {
      await store.create(RECORD, 60_000);
      expect((await store.update(RECORD.id, { loggingLevel: "warning" }, 60_000))?.revision).to.equal(1);
      await store.update(RECORD.id, { subscribe: "tickets://open" }, 60_000);
      await store.update(RECORD.id, { subscribe: "docs://readme" }, 60_000);
      await store.update(RECORD.id, { subscribe: "tickets://open" }, 60_000); // already there: kept once
      const after = await store.update(RECORD.id, { unsubscribe: "docs://readme" }, 60_000);
      expect(after).to.deep.equal({
        ...RECORD,
        loggingLevel: "warning",
        subscriptions: ["tickets://open"],
        revision: 5,
      });
      expect(await store.get(RECORD.id)).to.deep.equal(after);
      expect(await store.touch(RECORD.id, 60_000)).to.equal(5);
    });

    it("a record lapses after its idle time unless touched; a change or touch of a lapsed or deleted one finds nothing and creates nothing", async () => {
      await store.create(RECORD, 1500);
      await sleep(300);
      expect(await store.touch(RECORD.id, 1500)).to.equal(0);
      await sleep(400);
      expect(await store.get(RECORD.id), "touched 400 ms ago: alive").to.not.equal(undefined);
      await sleep(1800);
      expect(await store.get(RECORD.id)).to.equal(undefined);
      expect(await store.touch(RECORD.id, 60_000)).to.equal(undefined);
      expect(await store.update(RECORD.id, { loggingLevel: "debug" }, 60_000)).to.equal(undefined);
      expect(await store.get(RECORD.id)).to.equal(undefined);

      await store.create({ ...RECORD, id: "deleted" }, 60_000);
      await store.delete("deleted");
      expect(await store.update("deleted", { subscribe: "docs://readme" }, 60_000)).to.equal(undefined);
      expect(await store.get("deleted")).to.equal(undefined);
    });

    it("delivers every published message to each listener, until it stops listening", async () => {
      const seen: SessionMessage[] = [];
      const stop = await store.listen((message) => seen.push(message));
      const messages: SessionMessage[] = [
        { type: "changed", id: RECORD.id, origin: "a" },
        { type: "resource-updated", resource: "Open tickets", uri: "tickets://open", origin: "b" },
        { type: "closed", id: RECORD.id, origin: "a" },
      ];
      for (const message of messages) await store.publish(message);
      for (let i = 0; seen.length < messages.length && i < 200; i++) await sleep(10);
      expect(seen).to.deep.equal(messages);
      stop();
      await store.publish({ type: "closed", id: "later", origin: "a" });
      await sleep(100);
      expect(seen).to.have.length(messages.length);
    });
  });
}

contract("memory", async () => createMemorySessionStore(), false);

describe("axn-plugin-mcp: the Redis session store, on a real Redis", function () {
  this.timeout(60_000); // a hang guard
  const redis = useRedis();
  contract(
    "Redis",
    () => createRedisSessionStore({ connection: redis.url, prefix: `store-spec-${process.pid}` }),
    true,
  );

  it("keeps each session as one hash under {prefix}:mcp:session:{id}, its TTL the idle time, and messages on {prefix}:mcp:sessions", async () => {
    const prefix = `store-keys-${process.pid}`;
    const a = await createRedisSessionStore({ connection: redis.url, prefix });
    const b = await createRedisSessionStore({ connection: redis.url, prefix });
    const raw = new Redis(redis.url, { maxRetriesPerRequest: null });
    const watcher = new Redis(redis.url, { maxRetriesPerRequest: null });
    try {
      await a.create(RECORD, 30_000);
      const key = `${prefix}:mcp:session:${RECORD.id}`;
      expect(await raw.type(key)).to.equal("hash");
      const ttl = await raw.pttl(key);
      expect(ttl).to.be.greaterThan(20_000).and.at.most(30_000);
      // Another instance's store sees it, and its change is the first one's too.
      await b.update(RECORD.id, { loggingLevel: "error" }, 30_000);
      expect((await a.get(RECORD.id))?.loggingLevel).to.equal("error");

      const heard: string[] = [];
      watcher.on("message", (_channel: string, text: string) => heard.push(text));
      await watcher.subscribe(`${prefix}:mcp:sessions`);
      const received: SessionMessage[] = [];
      await b.listen((message) => received.push(message));
      await a.publish({ type: "changed", id: RECORD.id, origin: "instance-a" });
      for (let i = 0; (received.length === 0 || heard.length === 0) && i < 200; i++) await sleep(10);
      expect(received).to.deep.equal([{ type: "changed", id: RECORD.id, origin: "instance-a" }]);
      expect(heard.map((text) => JSON.parse(text) as unknown)).to.deep.equal(received);

      await b.delete(RECORD.id);
      expect(await raw.exists(key)).to.equal(0);

      // A hash this store cannot read is no session (a request for it is 404, not a 500).
      await raw.hset(`${prefix}:mcp:session:damaged`, {
        owner: "principal:ada",
        protocolVersion: "2025-06-18",
        clientCapabilities: "{not json",
        clientInfo: "{}",
      });
      expect(await a.get("damaged")).to.equal(undefined);
    } finally {
      await a.close();
      await b.close();
      raw.disconnect();
      watcher.disconnect();
    }
  });
});

describe("axn-plugin-mcp: axn serve's /mcp and mcp.sessionStore", function () {
  this.timeout(60_000); // a hang guard
  const redis = useRedis();
  afterEach(resetKernel);

  const startMcp = async (config: Record<string, unknown>) => {
    const { host } = await createHost({ config: { plugins: [mcpPlugin], ...config } as never });
    const added: Transport[] = [];
    host.hooks.registerTransport.call({ add: (transport: Transport) => void added.push(transport) } as never);
    const transport = added.find((candidate) => candidate.kind === "http" && candidate.name === "mcp");
    if (transport?.kind !== "http") throw new Error("expected the mcp http transport");
    return transport.start({
      app: { name: "store-spec", version: "1.0.0", root: process.cwd() },
      flags: {},
      serving: servingPolicy(),
    } as never);
  };

  it('"redis" without queue.connection is refused when serving starts, saying what to set', async () => {
    let error: unknown;
    try {
      await startMcp({ mcp: { sessionStore: "redis" } });
    } catch (caught) {
      error = caught;
    }
    expect((error as Error | undefined)?.message).to.equal(
      'mcp.sessionStore is "redis", which keeps MCP sessions on the app\'s Redis, but queue.connection is not set; set queue: { connection: "redis://…" } or give mcp.sessionStore a redis:// URL',
    );
  });

  const cases: readonly (readonly [string, (url: string) => Record<string, unknown>, string])[] = [
    [
      '"redis", on the app\'s queue.connection (under its prefix)',
      (url) => ({ mcp: { sessionStore: "redis" }, queue: { connection: url, prefix: `serve-spec-${process.pid}` } }),
      `serve-spec-${process.pid}`,
    ],
    ["a redis:// URL of its own", (url) => ({ mcp: { sessionStore: url } }), "axn"],
  ];
  for (const [label, config, prefix] of cases) {
    it(`${label}: a session opened through the transport is recorded in Redis`, async () => {
      const running = await startMcp(config(redis.url));
      const raw = new Redis(redis.url, { maxRetriesPerRequest: null });
      const { createServer } = await import("node:http");
      const server = createServer(running.listener as never);
      await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
      try {
        const { port } = server.address() as { port: number };
        const reply = await fetch(`http://127.0.0.1:${port}/mcp`, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 0,
            method: "initialize",
            params: {
              protocolVersion: "2025-06-18",
              capabilities: { sampling: {} },
              clientInfo: { name: "serve-spec", version: "1" },
            },
          }),
        });
        expect(reply.status).to.equal(200);
        await reply.text();
        const id = reply.headers.get("mcp-session-id")!;
        expect(await raw.hgetall(`${prefix}:mcp:session:${id}`)).to.deep.include({
          owner: "anonymous",
          protocolVersion: "2025-06-18",
          clientCapabilities: '{"sampling":{}}',
          clientInfo: '{"name":"serve-spec","version":"1"}',
          revision: "0",
        });
      } finally {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
        await running.stop?.();
        raw.disconnect();
      }
    });
  }
});

describe("docs/scaling.md: MCP sessions in Redis (docs/examples/snippets/mcp-sessions.ts)", function () {
  this.timeout(60_000); // a hang guard
  const redis = useRedis();
  afterEach(resetKernel);

  it("the config keeps sessions on the app's queue.connection", () => {
    expect(docsConfig.mcp).to.deep.equal({ sessionStore: "redis" });
    expect(docsConfig.queue).to.deep.equal({ connection: "redis://127.0.0.1:6379" });
  });

  it("a handler given the store records its sessions in Redis, under the store's prefix", async () => {
    await createHost({ config: { plugins: [mcpPlugin] } }); // the app's host, as loadHost builds it
    const { handler, close } = await sharedMcpHandler(redis.url);
    const raw = new Redis(redis.url, { maxRetriesPerRequest: null });
    try {
      const reply = await handler.fetch(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({
            jsonrpc: "2.0",
            id: 0,
            method: "initialize",
            params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "docs", version: "1" } },
          }),
        }),
      );
      expect(reply.status).to.equal(200);
      await reply.text();
      expect(await raw.hget(`helpdesk:mcp:session:${reply.headers.get("mcp-session-id")}`, "owner")).to.equal(
        "anonymous",
      );
    } finally {
      await close();
      raw.disconnect();
    }
  });
});

describe("axn-plugin-mcp: a Redis session store that stops answering", function () {
  this.timeout(60_000); // a hang guard
  // The unreachable store is reported to onException (pinned below), not printed into the run.
  const reports = captureReports();

  it("a request of a session is answered 503 with Retry-After, not left waiting for Redis, and closing does not wait for it either", async () => {
    const redis = await startRedis();
    const store = await createRedisSessionStore({ connection: redis.url, timeoutMs: 300 });
    const Ping = defineAxn({ name: "StoreDown.Ping", call: () => undefined });
    const handler = createStreamableHttpHandler({
      name: "store-down",
      version: "1",
      tools: [McpAdapter.wrap(Ping)],
      sessionStore: store,
    });
    const post = (body: unknown, id?: string) =>
      handler.fetch(
        new Request("http://127.0.0.1/mcp", {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            ...(id === undefined ? {} : { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" }),
          },
          body: JSON.stringify(body),
        }),
      );
    try {
      const opened = await post({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "down", version: "1" } },
      });
      await opened.text();
      const id = opened.headers.get("mcp-session-id")!;
      await redis.stop();
      const reply = await post({ jsonrpc: "2.0", id: 1, method: "ping" }, id);
      expect(reply.status).to.equal(503);
      expect(reply.headers.get("retry-after")).to.equal("1");
      expect(await reply.json()).to.deep.equal({
        jsonrpc: "2.0",
        error: { code: -32000, message: "Server busy: the MCP session store did not answer; retry later" },
        id: null,
      });
      expect(reports.map((r) => [r.phase, (r.error as Error).message])).to.deep.equal([
        ["mcp http request", "Redis did not answer within 300 ms"],
      ]);
    } finally {
      await handler.close();
      await store.close();
      await redis.stop();
    }
  });
});
