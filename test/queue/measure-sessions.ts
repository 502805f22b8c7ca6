/**
 * By hand, not in CI: what keeping MCP sessions in Redis costs a request, on a real Redis
 * (test/support/redis.ts), in one process with alternating rounds so the loaded machine's drift
 * hits every variant alike. An SDK `Client` calls a trivial tool over loopback HTTP:
 *   memory    — the default store, one handler;
 *   redis     — a Redis store, the session held by the handler answering (one touch per request);
 *   redis a/b — two handlers sharing the store, requests alternating between them;
 * and the first request of a session on an instance that never held it (a rebuild) beside the
 * second. docs/scaling.md reports its output.
 *
 *   node --import tsx test/queue/measure-sessions.ts          # 5 rounds of 200 calls per variant
 *   MEASURE_ROUNDS=9 MEASURE_CALLS=500 node --import tsx test/queue/measure-sessions.ts
 */
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { defineAxn } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createRedisSessionStore, createStreamableHttpHandler, McpAdapter, type SessionStore } from "axn-plugin-mcp";
import { z } from "zod";
import { startRedis } from "../support/redis.js";

const ROUNDS = Number(process.env["MEASURE_ROUNDS"] ?? 5);
const CALLS = Number(process.env["MEASURE_CALLS"] ?? 200);
const REBUILDS = Number(process.env["MEASURE_REBUILDS"] ?? 200);

const median = (samples: readonly number[]): number =>
  [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

resetKernel();
const Echo = defineAxn({
  name: "MeasureSessions.Echo",
  expects: { n: z.number().int() },
  exposes: { n: z.number().int() },
  call: ({ n }) => ({ n }),
});
const tools = [McpAdapter.wrap(Echo, { name: "echo" })];
const redis = await startRedis();
const servers: HttpServer[] = [];
const stores: SessionStore[] = [];

const listen = async (sessionStore?: SessionStore): Promise<string> => {
  const handler = createStreamableHttpHandler({
    name: "measure",
    version: "1",
    tools,
    ...(sessionStore === undefined ? {} : { sessionStore }),
  });
  const server = createServer(handler.listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

const connect = async (origins: readonly string[]): Promise<Client> => {
  let n = 0;
  const transport = new StreamableHTTPClientTransport(new URL(`${origins[0]}/mcp`), {
    fetch: (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      // The GET stream stays on the first; POSTs alternate.
      const origin = (init?.method ?? "GET") === "GET" ? origins[0]! : origins[n++ % origins.length]!;
      return fetch(`${origin}${url.pathname}`, init);
    },
  });
  const client = new Client({ name: "measure", version: "1" });
  await client.connect(transport);
  return client;
};

try {
  const storeA = await createRedisSessionStore({ connection: redis.url, prefix: "measure" });
  const storeB = await createRedisSessionStore({ connection: redis.url, prefix: "measure" });
  stores.push(storeA, storeB);
  const memory = await listen();
  const a = await listen(storeA);
  const b = await listen(storeB);
  const variants: Record<string, Client> = {
    memory: await connect([memory]),
    redis: await connect([a]),
    "redis a/b": await connect([a, b]),
  };
  const perCall: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  // CPU of this process per call (client, both handlers, the store's client): steadier than wall time on a loaded machine.
  const cpuPerCall: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((name) => [name, []]));
  for (const client of Object.values(variants))
    for (let i = 0; i < 50; i++) await client.callTool({ name: "echo", arguments: { n: i } }); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, client] of Object.entries(variants)) {
      const start = performance.now();
      const cpu = process.cpuUsage();
      for (let i = 0; i < CALLS; i++) await client.callTool({ name: "echo", arguments: { n: i } });
      perCall[name]!.push(((performance.now() - start) * 1000) / CALLS);
      const used = process.cpuUsage(cpu);
      cpuPerCall[name]!.push((used.user + used.system) / CALLS);
    }
  }
  for (const [name, samples] of Object.entries(perCall)) {
    // Each round's ratio to the memory variant's same round: the machine's drift cancels within a round.
    const ratios = samples.map((sample, round) => sample / perCall["memory"]![round]!).sort((x, y) => x - y);
    const cpuRatios = cpuPerCall[name]!.map((sample, round) => sample / cpuPerCall["memory"]![round]!).sort(
      (x, y) => x - y,
    );
    console.log(
      `${name.padEnd(10)} tools/call wall ${median(samples).toFixed(0)} µs (÷ memory per round: median ${median(ratios).toFixed(2)}×, ${ratios[0]!.toFixed(2)}–${ratios.at(-1)!.toFixed(2)}); ` +
        `CPU ${median(cpuPerCall[name]!).toFixed(0)} µs (÷ memory: median ${median(cpuRatios).toFixed(2)}×, ${cpuRatios[0]!.toFixed(2)}–${cpuRatios.at(-1)!.toFixed(2)})`,
    );
  }

  // A rebuild: initialize on a, then the first request on b (rebuilds), then a second one on b.
  const post = (origin: string, body: unknown, id?: string) =>
    fetch(`${origin}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(id === undefined ? {} : { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" }),
      },
      body: JSON.stringify(body),
    });
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < REBUILDS; i++) {
    const opened = await post(a, {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "m", version: "1" } },
    });
    await opened.text();
    const id = opened.headers.get("mcp-session-id")!;
    for (const samples of [first, second]) {
      const start = performance.now();
      await (await post(b, { jsonrpc: "2.0", id: 1, method: "ping" }, id)).text();
      samples.push((performance.now() - start) * 1000);
    }
    await fetch(`${a}/mcp`, {
      method: "DELETE",
      headers: { "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
    });
  }
  console.log(
    `ping on an instance that never held the session: first (rebuild) ${median(first).toFixed(0)} µs, second ${median(second).toFixed(0)} µs (medians of ${REBUILDS})`,
  );
  for (const client of Object.values(variants)) await client.close();
} finally {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  for (const store of stores) await store.close();
  await redis.stop();
}
