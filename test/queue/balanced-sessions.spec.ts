/**
 * Stateful MCP behind a real round-robin proxy: two `axn serve` instances of one app
 * (fixtures/sessions-app, `mcp.sessionStore: "redis"`) share their sessions through one real
 * Redis, HAProxy (test/support/haproxy.ts) in front. The SDK's own stateful `Client` initializes
 * once and every request of its session is answered by whichever instance the proxy picks: tool
 * calls on both (each says which process ran it), progress on each call, one `logging/setLevel`
 * filtering the logs of calls on both, a resource update from either instance reaching its GET
 * stream once. Two clients calling at once each get their own results and progress. Another
 * principal's session is `404` for it. One instance killed (SIGKILL) mid-run:
 * the session carries on through the survivor, level and subscription included. HTTP tool calls
 * go through the same proxy.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { axnBin, exitOf, readUntil } from "../support/axn-child.js";
import { startBalancer, type Balancer } from "../support/haproxy.js";
import { freePort, useRedis } from "../support/redis.js";
import { recordNotifications } from "../support/mcp-client.js";

const fixture = fileURLToPath(new URL("./fixtures/sessions-app/", import.meta.url));
const NOT_FOUND = { jsonrpc: "2.0", error: { code: -32001, message: "Session not found" }, id: null };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Served {
  readonly method: string;
  readonly rpc: string;
  readonly by: string;
}

describe("queue: MCP sessions shared by two axn serve instances behind HAProxy", function () {
  this.timeout(180_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis();
  const children: ChildProcess[] = [];
  let balancer: Balancer | undefined;
  const clients: Client[] = [];

  const serve = async (port: number): Promise<ChildProcess> => {
    const { PORT: _port, ...env } = process.env;
    const child = spawn(process.execPath, [axnBin, "serve", "--port", String(port)], {
      cwd: fixture,
      env: { ...env, AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: `sessions-${process.pid}` },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    await readUntil(child, "Press Ctrl+C to stop.");
    return child;
  };
  after(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    await balancer?.stop();
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exitOf));
  });

  /** A stateful SDK client through the proxy, noting which instance answered each request. */
  const connect = async (token: string) => {
    const served: Served[] = [];
    const transport = new StreamableHTTPClientTransport(new URL(`${balancer!.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
      fetch: async (input, init) => {
        const body = typeof init?.body === "string" ? (JSON.parse(init.body) as { method?: string }) : undefined;
        const response = await fetch(input, init);
        served.push({
          method: init?.method ?? "GET",
          rpc: body?.method ?? "",
          by: response.headers.get("x-served-by") ?? "?",
        });
        return response;
      },
    });
    const client = new Client({ name: "balanced-sessions-spec", version: "1.0.0" });
    clients.push(client);
    const { logs, updates } = recordNotifications(client);
    await client.connect(transport);
    return { client, transport, served, logs, updates };
  };

  it("a stateful SDK Client's session is answered by either instance, and carries on through the survivor when one is killed", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await serve(portA);
    await serve(portB);
    balancer = await startBalancer({ a: portA, b: portB });
    const ada = await connect("token-ada");
    const session = ada.transport.sessionId;
    expect(session, "a stateful session").to.be.a("string");

    const progress: string[] = [];
    const call = async (n: number) => {
      const before = ada.served.length;
      const result = await ada.client.callTool({ name: "work", arguments: { n } }, undefined, {
        onprogress: (p) => void progress.push(`${p.progress}/${p.total} ${p.message}`),
      });
      expect(result.isError ?? false, JSON.stringify(result)).to.equal(false);
      const { pid } = result.structuredContent as { n: number; pid: number };
      expect(result.structuredContent).to.deep.equal({ n, pid });
      const by = ada.served
        .slice(before)
        .filter((entry) => entry.rpc === "tools/call")
        .map((entry) => entry.by);
      expect(by).to.have.length(1);
      return { pid, by: by[0]! };
    };

    // Calls answered by both instances, each with its own progress.
    const first = [];
    for (let n = 0; n < 10; n++) first.push(await call(n));
    expect(new Set(first.map((c) => c.by))).to.deep.equal(new Set(["a", "b"]));
    expect(new Set(first.map((c) => c.pid)).size).to.equal(2);
    expect(progress).to.deep.equal(
      Array.from({ length: 10 }, (_, n) => [`1/2 started ${n}`, `2/2 finished ${n}`]).flat(),
    );
    expect(ada.logs.filter((line) => line.startsWith("debug: "))).to.have.length(10);

    // One setLevel, answered by one instance; the logs of calls on both are filtered by it.
    await ada.client.setLoggingLevel("warning");
    ada.logs.length = 0;
    const leveled = [];
    for (let n = 10; n < 16; n++) leveled.push(await call(n));
    expect(new Set(leveled.map((c) => c.by))).to.deep.equal(new Set(["a", "b"]));
    expect(ada.logs).to.deep.equal(leveled.map((c, i) => `warning: work ${10 + i} on ${c.pid}`));

    // Another principal's session does not exist for ada, whichever instance is asked.
    const bob = await connect("token-bob");
    const foreign: string[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await fetch(`${balancer.url}/mcp`, {
        method: "POST",
        headers: {
          authorization: "Bearer token-ada",
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": bob.transport.sessionId!,
          "mcp-protocol-version": "2025-11-25",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      foreign.push(reply.headers.get("x-served-by")!);
      expect(reply.status).to.equal(404);
      expect(await reply.json()).to.deep.equal(NOT_FOUND);
    }
    expect(new Set(foreign)).to.deep.equal(new Set(["a", "b"]));

    // Two clients at once, each with calls in flight on both instances: each result and each
    // progress notification reaches the client whose call it is.
    const together = async (who: typeof ada, from: number) => {
      const seen: string[] = [];
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          who.client.callTool({ name: "work", arguments: { n: from + i } }, undefined, {
            onprogress: (p) => void seen.push(String(p.message)),
          }),
        ),
      );
      return { ns: results.map((result) => (result.structuredContent as { n: number }).n), seen: seen.sort() };
    };
    const [adas, bobs] = await Promise.all([together(ada, 100), together(bob, 200)]);
    const expected = (from: number) =>
      Array.from({ length: 6 }, (_, i) => [`started ${from + i}`, `finished ${from + i}`])
        .flat()
        .sort();
    expect(adas).to.deep.equal({ ns: [100, 101, 102, 103, 104, 105], seen: expected(100) });
    expect(bobs).to.deep.equal({ ns: [200, 201, 202, 203, 204, 205], seen: expected(200) });
    expect(new Set(bob.served.filter((entry) => entry.rpc === "tools/call").map((entry) => entry.by))).to.deep.equal(
      new Set(["a", "b"]),
    );

    // Subscribed once; an update made by the tool on either instance reaches the GET stream once.
    await ada.client.subscribeResource({ uri: "board://main" });
    while (!ada.served.some((entry) => entry.method === "GET" && entry.by !== "?")) await sleep(20);
    const posted = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const before = ada.served.length;
      await ada.client.callTool({ name: "board", arguments: {} });
      for (const entry of ada.served.slice(before)) if (entry.rpc === "tools/call") posted.add(entry.by);
      for (let wait = 0; ada.updates.length < i + 1 && wait < 500; wait++) await sleep(10);
    }
    await sleep(300); // a duplicate would have arrived by now
    expect(posted).to.deep.equal(new Set(["a", "b"]));
    expect(ada.updates).to.deep.equal(["board://main", "board://main", "board://main", "board://main"]);

    // HTTP tool calls through the same proxy, answered by both.
    const httpBy = new Set<string>();
    for (let n = 0; n < 4; n++) {
      const reply = await fetch(`${balancer.url}/api/work/v1`, {
        method: "POST",
        headers: { authorization: "Bearer token-ada", "content-type": "application/json" },
        body: JSON.stringify({ n }),
      });
      expect(reply.status).to.equal(200);
      expect(((await reply.json()) as { n: number }).n).to.equal(n);
      httpBy.add(reply.headers.get("x-served-by")!);
    }
    expect(httpBy).to.deep.equal(new Set(["a", "b"]));

    // One instance dies mid-run; the session carries on through the survivor, level included.
    a.kill("SIGKILL");
    await exitOf(a);
    await balancer.down("a");
    ada.logs.length = 0;
    const survived = [];
    for (let n = 20; n < 26; n++) survived.push(await call(n));
    expect(new Set(survived.map((c) => c.by))).to.deep.equal(new Set(["b"]));
    expect(ada.logs).to.deep.equal(survived.map((c, i) => `warning: work ${20 + i} on ${c.pid}`));
    expect(progress.slice(-2)).to.deep.equal(["1/2 started 25", "2/2 finished 25"]);
    expect(ada.transport.sessionId).to.equal(session);

    // The subscription survives too: the GET stream reconnects to b, and b's update reaches it.
    const streams = () => ada.served.filter((entry) => entry.method === "GET");
    if (streams().at(-1)?.by === "a") {
      const before = streams().length;
      while (streams().length === before) await sleep(20);
    }
    expect(streams().at(-1)?.by).to.equal("b");
    const updatesBefore = ada.updates.length;
    await ada.client.callTool({ name: "board", arguments: {} });
    for (let wait = 0; ada.updates.length === updatesBefore && wait < 500; wait++) await sleep(10);
    expect(ada.updates.slice(updatesBefore)).to.deep.equal(["board://main"]);
  });
});
