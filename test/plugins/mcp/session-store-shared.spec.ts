/**
 * Two Streamable HTTP handlers (two "instances", each its own HTTP server and its own store
 * connection) sharing MCP sessions through one real Redis: the SDK's own stateful `Client` sends
 * its requests to them in turn, and every request of its session is answered whichever instance
 * gets it — the one that never saw `initialize` rebuilds the session from its record (the client's
 * capabilities too: an elicitation from there reaches the client), one `logging/setLevel` filters
 * the logs of calls on both, progress reaches the caller, a resource update made on one instance
 * reaches the GET stream held by the other exactly once, a call cancelled through the other
 * instance stops where it runs, another principal is told the session does
 * not exist on both, and a `DELETE` on one ends it on both. The per-instance cap holds for rebuilt
 * sessions too (an idle copy, rebuildable from the store, is closed to make room; a busy one never).
 */
import { expect } from "chai";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { defineAxn } from "@axn/core";
import { staticTokens } from "@axn/sdk/auth";
import { servingPolicy } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  createRedisSessionStore,
  createStreamableHttpHandler,
  defineResource,
  McpAdapter,
  type McpHttpHandler,
  type McpResource,
  type SessionStore,
} from "axn-plugin-mcp";
import { z } from "zod";
import { useRedis } from "../../support/redis.js";
import { recordNotifications } from "../../support/mcp-client.js";

const TOKENS = { "token-ada": { id: "ada" }, "token-bob": { id: "bob" } } as const;
const NOT_FOUND = { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What the hold tool saw, in order. */
const held: string[] = [];

function tools() {
  const Work = defineAxn({
    name: "SharedSessions.Work",
    expects: { n: z.number().int() },
    exposes: { n: z.number() },
    call: async ({ n }, { progress, notify }) => {
      progress(1, 2, "half");
      notify("debug", `detail ${n}`);
      notify("warning", `working on ${n}`);
      progress(2, 2, "done");
      return { n };
    },
  });
  const Ask = defineAxn({
    name: "SharedSessions.Ask",
    exposes: { elicit: z.boolean(), answer: z.string() },
    call: async (_input, { supports, elicit }) => {
      const answer = await elicit("Your name?", { name: z.string() });
      return {
        elicit: supports.elicit,
        answer: answer.action === "accept" ? String(answer.content.name) : answer.action,
      };
    },
  });
  const Hold = defineAxn({
    name: "SharedSessions.Hold",
    call: async (_input, { signal }) => {
      held.push("started");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 60_000); // a hang guard: the spec cancels it
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve();
        });
      });
      held.push(signal.aborted ? "aborted" : "ran out");
    },
  });
  return [
    McpAdapter.wrap(Work, { name: "work" }),
    McpAdapter.wrap(Ask, { name: "ask" }),
    McpAdapter.wrap(Hold, { name: "hold" }),
  ];
}

interface Instance {
  readonly name: string;
  readonly handler: McpHttpHandler;
  readonly store: SessionStore;
  readonly resource: McpResource;
  readonly origin: string;
  close(): Promise<void>;
}

describe("axn-plugin-mcp: sessions shared by two instances through Redis", function () {
  this.timeout(120_000); // a hang guard for a loaded machine
  const redis = useRedis();
  let instances: Instance[] = [];
  beforeEach(resetKernel);
  afterEach(async () => {
    await Promise.all(instances.map((instance) => instance.close()));
    instances = [];
    resetKernel();
  });

  const start = async (
    name: string,
    prefix: string,
    maxSessions?: number,
    sessionIdleMs?: number,
  ): Promise<Instance> => {
    const store = await createRedisSessionStore({ connection: redis.url, prefix });
    // Each instance its own resource object, as two processes each load their own.
    // Signed-in callers only: a subscription replayed on another instance is replayed as its owner's.
    const resource = defineResource({
      name: "Open tickets",
      uri: "tickets://open",
      access: "authenticated",
      read: () => "3 open",
    });
    const handler = createStreamableHttpHandler({
      name: "shared-sessions",
      version: "1.0.0",
      tools: tools(),
      resources: [resource],
      serving: servingPolicy({ authenticate: staticTokens(TOKENS) }),
      sessionStore: store,
      ...(maxSessions === undefined ? {} : { maxSessions }),
      ...(sessionIdleMs === undefined ? {} : { sessionIdleMs }),
    });
    const server: HttpServer = createServer(handler.listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const instance: Instance = {
      name,
      handler,
      store,
      resource,
      origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      async close() {
        await handler.close();
        await store.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      },
    };
    instances.push(instance);
    return instance;
  };

  /** A stateful SDK client whose POSTs go to the instances in turn (GETs to `getTo`), noting who answered each. */
  const connect = async (token: string, pick: (method: string, rpc: string, index: number) => Instance) => {
    const served: { method: string; instance: string; rpc: string }[] = [];
    let n = 0;
    const transport = new StreamableHTTPClientTransport(new URL(`${instances[0]!.origin}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
      fetch: async (input, init) => {
        const method = init?.method ?? "GET";
        const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }) : undefined;
        const target = pick(method, body?.method ?? "", n++);
        const url = new URL(String(input instanceof Request ? input.url : input));
        served.push({ method, instance: target.name, rpc: body?.method ?? "" });
        return fetch(`${target.origin}${url.pathname}`, init);
      },
    });
    const client = new Client(
      { name: "shared-sessions-spec", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: "accept", content: { name: "Ada" } }));
    const { logs, updates } = recordNotifications(client);
    await client.connect(transport);
    return { client, transport, served, logs, updates };
  };

  it("every request of one session is answered by either instance: calls, one log level, progress, elicitation, resource updates, principal binding, DELETE", async () => {
    const prefix = `shared-${process.pid}-a`;
    const a = await start("a", prefix);
    const b = await start("b", prefix);
    // POSTs alternate (initialize on a); the GET stream is always on a; the client's answer to a
    // question, and its cancellation of a call, go to the instance not running the call.
    let last = b;
    let posts = 0;
    const ada = await connect("token-ada", (method, rpc) => {
      if (method === "GET") return a;
      if (rpc === "" || rpc === "notifications/cancelled") return last === a ? b : a;
      last = posts++ % 2 === 0 ? a : b;
      return last;
    });
    const id = ada.transport.sessionId!;
    expect(id).to.be.a("string");
    try {
      const progress: string[] = [];
      const calls: string[] = [];
      for (let n = 0; n < 6; n++) {
        const before = ada.served.length;
        const result = await ada.client.callTool({ name: "work", arguments: { n } }, undefined, {
          onprogress: (p) => void progress.push(`${p.progress}/${p.total} ${p.message}`),
        });
        expect(result.isError ?? false, JSON.stringify(result)).to.equal(false);
        expect(result.structuredContent).to.deep.equal({ n });
        calls.push(
          ...ada.served
            .slice(before)
            .filter((entry) => entry.rpc === "tools/call")
            .map((entry) => entry.instance),
        );
      }
      expect(new Set(calls)).to.deep.equal(new Set(["a", "b"]));
      expect(progress).to.deep.equal(Array.from({ length: 6 }, () => ["1/2 half", "2/2 done"]).flat());
      // Before any setLevel every level is sent.
      expect(ada.logs.filter((line) => line.startsWith("debug"))).to.have.length(6);

      // One setLevel, on one instance; the calls after it, on both, send warnings only.
      ada.logs.length = 0;
      await ada.client.setLoggingLevel("warning");
      const after: string[] = [];
      for (let n = 10; n < 14; n++) {
        const before = ada.served.length;
        await ada.client.callTool({ name: "work", arguments: { n } });
        after.push(
          ...ada.served
            .slice(before)
            .filter((entry) => entry.rpc === "tools/call")
            .map((entry) => entry.instance),
        );
      }
      expect(new Set(after)).to.deep.equal(new Set(["a", "b"]));
      expect(ada.logs).to.deep.equal([
        "warning: working on 10",
        "warning: working on 11",
        "warning: working on 12",
        "warning: working on 13",
      ]);

      // The client's capabilities reach the instance that rebuilt the session: it elicits too, and
      // the answer, sent to the other instance, reaches the one that asked.
      const asked: string[] = [];
      for (let i = 0; i < 4; i++) {
        const before = ada.served.length;
        const result = await ada.client.callTool({ name: "ask", arguments: {} });
        const answered = ada.served.slice(before).filter((entry) => entry.method === "POST" && entry.rpc === "");
        expect(answered, "the elicitation answer").to.have.length(1);
        expect(result.structuredContent).to.deep.equal({ elicit: true, answer: "Ada" });
        asked.push(
          ...ada.served
            .slice(before)
            .filter((entry) => entry.rpc === "tools/call")
            .map((entry) => entry.instance),
        );
      }
      expect(new Set(asked)).to.deep.equal(new Set(["a", "b"]));

      // A call cancelled through the other instance stops where it runs.
      held.length = 0;
      const cancel = new AbortController();
      const before = ada.served.length;
      const holding = ada.client.callTool({ name: "hold", arguments: {} }, undefined, { signal: cancel.signal });
      while (!held.includes("started")) await sleep(10);
      cancel.abort("the user gave up");
      await holding.then(
        () => expect.fail("a cancelled call does not resolve"),
        () => undefined,
      );
      while (held.length < 2) await sleep(10);
      expect(held).to.deep.equal(["started", "aborted"]);
      const routed = ada.served.slice(before).filter((entry) => entry.method === "POST");
      expect(routed.map((entry) => entry.rpc)).to.deep.equal(["tools/call", "notifications/cancelled"]);
      expect(routed[0]!.instance).to.not.equal(routed[1]!.instance);

      // Subscribed through one instance, updated on the other: the GET stream (on a) hears it once.
      await ada.client.subscribeResource({ uri: "tickets://open" });
      while (ada.served.filter((entry) => entry.method === "GET").length === 0) await sleep(10);
      await ada.client.ping(); // a request of the session on each, so both hold it in step
      await ada.client.ping();
      await b.resource.notifyUpdated();
      for (let i = 0; ada.updates.length === 0 && i < 500; i++) await sleep(10);
      await a.resource.notifyUpdated();
      for (let i = 0; ada.updates.length < 2 && i < 500; i++) await sleep(10);
      await sleep(200); // a duplicate would arrive by now
      expect(ada.updates).to.deep.equal(["tickets://open", "tickets://open"]);

      // Another principal: the session does not exist, on the instance holding it and on the other.
      for (const instance of [a, b]) {
        const reply = await fetch(`${instance.origin}/mcp`, {
          method: "POST",
          headers: {
            authorization: "Bearer token-bob",
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-session-id": id,
            "mcp-protocol-version": "2025-11-25",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
        });
        expect(reply.status, instance.name).to.equal(404);
        expect(await reply.json()).to.deep.equal(NOT_FOUND);
      }
      // Ada's own session id on a fresh instance that never saw it is rebuilt, not refused.
      const c = await start("c", prefix);
      const fromC = await fetch(`${c.origin}/mcp`, {
        method: "POST",
        headers: {
          authorization: "Bearer token-ada",
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": id,
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(fromC.status).to.equal(200);
      expect(await fromC.text()).to.include('"name":"work"');

      // DELETE through b ends the session everywhere.
      await ada.transport.terminateSession();
      for (const instance of [a, b, c]) {
        const reply = await fetch(`${instance.origin}/mcp`, {
          method: "POST",
          headers: {
            authorization: "Bearer token-ada",
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-session-id": id,
            "mcp-protocol-version": "2025-11-25",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
        });
        expect(reply.status, instance.name).to.equal(404);
        expect(await reply.json()).to.deep.equal(NOT_FOUND);
      }
      expect(await a.store.get(id)).to.equal(undefined);
    } finally {
      await ada.client.close();
    }
  });

  it("the session cap holds per instance: a rebuild on an instance full of working sessions is 503; an idle copy makes room", async () => {
    const prefix = `shared-${process.pid}-cap`;
    const a = await start("a", prefix);
    const full = await start("full", prefix, 1);
    // One session of bob's, with a call in progress, fills `full`; ada's, opened on a, cannot be rebuilt there.
    const bob = await connect("token-bob", () => full);
    const ada = await connect("token-ada", () => a);
    const holding = new AbortController();
    const before = held.length;
    const call = bob.client
      .callTool({ name: "hold", arguments: {} }, undefined, { signal: holding.signal })
      .catch(() => undefined);
    while (held.length === before) await sleep(10);
    try {
      const id = ada.transport.sessionId!;
      const headers = {
        authorization: "Bearer token-ada",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": id,
        "mcp-protocol-version": "2025-11-25",
      };
      const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });
      const refused = await fetch(`${full.origin}/mcp`, { method: "POST", headers, body });
      expect(refused.status).to.equal(503);
      expect(refused.headers.get("retry-after")).to.equal("1");
      expect(await refused.json()).to.deep.equal({
        jsonrpc: "2.0",
        error: {
          code: -32000,
          message: "Server busy: 1 MCP sessions are open and working, the most this server keeps; retry later",
        },
        id: null,
      });
      expect((await fetch(`${a.origin}/mcp`, { method: "POST", headers, body })).status).to.equal(200);
      expect(full.handler.sessionCount).to.equal(1);

      // An idle copy is no reason to refuse: with bob's call cancelled (his client still holds its GET
      // stream: listening is no call in progress), the rebuild closes bob's idle copy to make room —
      // and bob's next request rebuilds his in turn.
      const bobId = bob.transport.sessionId!;
      holding.abort();
      await call;
      const ping = async (token: string, session: string) =>
        (
          await fetch(`${full.origin}/mcp`, {
            method: "POST",
            headers: { ...headers, authorization: `Bearer ${token}`, "mcp-session-id": session },
            body,
          })
        ).status;
      // The server sees the call end a moment after the client cancels it: 503 until then.
      let status = await ping("token-ada", id);
      for (let i = 0; status === 503 && i < 200; i++) {
        await sleep(25);
        status = await ping("token-ada", id);
      }
      expect(status).to.equal(200);
      expect(full.handler.sessionCount).to.equal(1);
      expect(await ping("token-bob", bobId)).to.equal(200);
      expect(full.handler.sessionCount).to.equal(1);
    } finally {
      await ada.client.close();
      await bob.client.close();
    }
  });

  it("idle expiry is the session's, not an instance's: requests on either keep it alive, after its idle time it is gone from both", async () => {
    const prefix = `shared-${process.pid}-idle`;
    const a = await start("a", prefix, undefined, 2500);
    const b = await start("b", prefix, undefined, 2500);
    // Opened raw: nothing but the requests below restarts its idle time.
    const opened = await fetch(`${a.origin}/mcp`, {
      method: "POST",
      headers: {
        authorization: "Bearer token-ada",
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 0,
        method: "initialize",
        params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "idle", version: "1" } },
      }),
    });
    await opened.text();
    const id = opened.headers.get("mcp-session-id")!;
    const headers = {
      authorization: "Bearer token-ada",
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": id,
      "mcp-protocol-version": "2025-11-25",
    };
    const ping = (instance: Instance) =>
      fetch(`${instance.origin}/mcp`, {
        method: "POST",
        headers,
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
      });
    try {
      // Longer than the idle time of requests, alternately on b and a: alive throughout.
      for (let i = 0; i < 8; i++) {
        await sleep(500);
        const reply = await ping(i % 2 === 0 ? b : a);
        expect(reply.status, `ping ${i}`).to.equal(200);
        await reply.text();
      }
      await sleep(4000);
      for (const instance of [a, b]) {
        const reply = await ping(instance);
        expect(reply.status, instance.name).to.equal(404);
        expect(await reply.json()).to.deep.equal(NOT_FOUND);
      }
      expect(await a.store.get(id)).to.equal(undefined);
      expect([a.handler.sessionCount, b.handler.sessionCount]).to.deep.equal([0, 0]);
    } finally {
      await Promise.all([a, b].map((instance) => instance.handler.close()));
    }
  });
});
