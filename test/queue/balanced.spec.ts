/**
 * Two `axn serve` instances of one app behind a real round-robin proxy (HAProxy, test/support/
 * haproxy.ts), jobs on one real Redis, one `axn worker`: a background call accepted by one instance
 * is read back through whichever instance the proxy picks next, and killing an instance mid-run
 * loses no accepted job. MCP too, with `mcp: { stateless: true }` (fixtures/app/axn.mcp.config.ts): the
 * SDK's own `Client` over Streamable HTTP through the proxy lists and calls tools, each call
 * answered by whichever instance the proxy picks, and after one instance is killed mid-run every
 * further call still succeeds — each call ran exactly once (counted in Redis by the tool itself).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Redis } from "ioredis";
import { axnBin, exitOf, readUntil } from "../support/axn-child.js";
import { startBalancer, type Balancer } from "../support/haproxy.js";
import { freePort, useRedis } from "../support/redis.js";

const fixture = fileURLToPath(new URL("./fixtures/app/", import.meta.url));

describe("queue: two axn serve instances behind HAProxy", function () {
  this.timeout(180_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis();
  const queue = `balanced-${process.pid}`;
  const children: ChildProcess[] = [];
  let balancer: Balancer | undefined;

  const spawnAxn = async (args: readonly string[], marker: string, mcp = false): Promise<ChildProcess> => {
    const { PORT: _port, ...env } = process.env;
    if (mcp) args = [...args, "--config", "axn.mcp.config.ts"];
    const child = spawn(process.execPath, [axnBin, ...args], {
      cwd: fixture,
      env: { ...env, AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: queue },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    await readUntil(child, marker);
    return child;
  };
  after(async () => {
    await balancer?.stop();
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exitOf));
  });

  it("any instance answers any job's URL, and an instance killed mid-run loses no accepted job", async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await spawnAxn(["serve", "--port", String(portA)], "Press Ctrl+C to stop.");
    await spawnAxn(["serve", "--port", String(portB)], "Press Ctrl+C to stop.");
    await spawnAxn(["worker", "--concurrency", "4"], "(Ctrl+C to stop)");
    balancer = await startBalancer({ a: portA, b: portB });
    const base = balancer.url;
    const enqueue = (n: number) =>
      fetch(`${base}/api/count/v1?async=1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ run: "balanced", n }),
      });

    const accepted: { location: string; by: string }[] = [];
    for (let n = 0; n < 10; n++) {
      const reply = await enqueue(n);
      expect(reply.status).to.equal(202);
      accepted.push({ location: reply.headers.get("location")!, by: reply.headers.get("x-served-by")! });
    }
    expect(new Set(accepted.map((job) => job.by))).to.deep.equal(new Set(["a", "b"]));

    // Kill one instance while jobs are in flight, and keep enqueueing through the proxy.
    a.kill("SIGKILL");
    await exitOf(a);
    await balancer.down("a");
    for (let n = 10; n < 20; n++) {
      const reply = await enqueue(n);
      expect(reply.status).to.equal(202);
      accepted.push({ location: reply.headers.get("location")!, by: reply.headers.get("x-served-by")! });
    }

    const readers = new Set<string>();
    for (const job of accepted) {
      for (;;) {
        const reply = await fetch(`${base}${job.location}`);
        readers.add(reply.headers.get("x-served-by")!);
        const body = (await reply.json()) as { state?: string; pid?: number };
        if (body.state === undefined) {
          expect(reply.status).to.equal(200);
          expect(body.pid).to.be.a("number");
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    // Every accepted job completed; the surviving instance read back jobs the dead one accepted.
    expect(accepted.filter((job) => job.by === "a").length).to.be.greaterThan(0);
    expect(readers.has("b")).to.equal(true);
  });

  it("MCP, stateless: an SDK Client through the proxy lists and calls tools on either instance, and a killed instance loses no call", async () => {
    await balancer?.stop();
    balancer = undefined;
    const [portA, portB] = [await freePort(), await freePort()];
    const a = await spawnAxn(["serve", "--port", String(portA)], "Press Ctrl+C to stop.", true);
    await spawnAxn(["serve", "--port", String(portB)], "Press Ctrl+C to stop.", true);
    balancer = await startBalancer({ a: portA, b: portB });
    const servedBy: string[] = [];
    // The SDK's transport over the real fetch, noting which instance answered each request.
    const transport = new StreamableHTTPClientTransport(new URL(`${balancer.url}/mcp`), {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        servedBy.push(response.headers.get("x-served-by") ?? "?");
        return response;
      },
    });
    const client = new Client({ name: "balanced-spec", version: "1.0.0" });
    const record = new Redis(redis.url, { maxRetriesPerRequest: null });
    try {
      await client.connect(transport);
      // Stateless: no session id was handed out, so nothing pins this client to one instance.
      expect(transport.sessionId).to.equal(undefined);
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name).sort()).to.deep.equal(["count", "hold"]);

      const run = `mcp-balanced-${process.pid}`;
      const call = async (n: number) => {
        const before = servedBy.length;
        const result = await client.callTool({ name: "count", arguments: { run, n } });
        expect(result.isError ?? false, JSON.stringify(result)).to.equal(false);
        expect((result.structuredContent as { pid: number }).pid).to.be.a("number");
        return servedBy.slice(before);
      };
      const answeredBy = new Set<string>();
      for (let n = 0; n < 10; n++) for (const by of await call(n)) answeredBy.add(by);
      expect(answeredBy).to.deep.equal(new Set(["a", "b"]));

      // One instance dies between calls; the proxy sends the next ones to the survivor.
      a.kill("SIGKILL");
      await exitOf(a);
      await balancer.down("a");
      const after = new Set<string>();
      for (let n = 10; n < 20; n++) for (const by of await call(n)) after.add(by);
      expect(after).to.deep.equal(new Set(["b"]));

      // Every call ran exactly once, none lost and none repeated by the proxy's retries.
      const counts = await record.hgetall(`count:${run}`);
      expect(counts).to.deep.equal(Object.fromEntries(Array.from({ length: 20 }, (_, n) => [String(n), "1"])));
    } finally {
      await client.close();
      record.disconnect();
    }
  });
});
