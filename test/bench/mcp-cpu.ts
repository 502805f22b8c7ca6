/**
 * The in-memory MCP rows' servers side by side by CPU time, for checking an MCP hot-path change on
 * a loaded machine (where wall time mostly measures the neighbours), each behind a real v2 `Client`,
 * in rounds whose order alternates, the peers with Node 20's promise hook off as in a process of
 * their own. Prints each side's median CPU per call, and axn's CPU ratios to the bare server — the
 * median of the per-round ratios and the ratio of the least-disturbed (minimum) rounds:
 *
 *   node --import tsx test/bench/mcp-cpu.ts [rounds=20] [calls per round=3000] [in flight=1] [era=2025|2026|fetch]
 *
 * 2025 (rows 4–4c): the bare v2 `Server`, `McpServer` and axn's `createMcpServer` over
 * `InMemoryTransport`. 2026 (row 4f): the client pinned to 2026-07-28, its fetch handing each
 * request to a fetch handler — the bare `Server` in the SDK's `createMcpHandler`, axn's
 * `createStreamableHttpHandler` (`axn`), and axn's server alone in the SDK's `createMcpHandler`
 * (`axnServer`: `createMcpServer(…, "modern")` per request, so without axn's HTTP steps; it also
 * rebuilds the tool set per request, which axn's own handler does once). `fetch`: the same three
 * handlers with no client — each call one prebuilt 2026-07-28 `tools/call` `Request` handed to the
 * handler's `fetch` and its body read — the server side alone (rows 4h/4i's server CPU, minus
 * sockets and Node's HTTP parsing).
 */
import type { AnyAxn } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import type { Client } from "@modelcontextprotocol/client";
import { createMcpHandler, type Server } from "@modelcontextprotocol/server";
import { addArgs, defineAddNumbers } from "./fixtures.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { promiseHooksOn, switchOffPromiseHooks } from "./lib/promise-hooks.js";
import { bareMcpHandler, connectBare, connectMcpServer } from "./peers/mcp-servers.js";
import { connect, connectModern, type FetchHandler, modernToolCall } from "./scenarios/mcp.js";

const [rounds = 20, calls = 3000, inFlight = 1] = process.argv.slice(2, 5).map(Number);
const era = process.argv[5] ?? "2025";
if (!["2025", "2026", "fetch"].includes(era)) throw new Error(`mcp-cpu: era is 2025, 2026 or fetch, not ${era}`);

clearCatalog();
const loaded = await loadPlugin("axn-plugin-mcp", ["createMcpServer", "McpAdapter", "createStreamableHttpHandler"]);
if (!loaded.ok) throw new Error(loaded.reason);
const wrap = fn<(action: AnyAxn) => { name: string }>(loaded.module, ["McpAdapter", "wrap"])!;
const createServer = fn<(options: object, era?: string) => Server>(loaded.module, ["createMcpServer"])!;
const createHandler = fn<(options: object) => { fetch: FetchHandler }>(loaded.module, ["createStreamableHttpHandler"])!;
bootHost([loaded.plugin]);
const tool = wrap(defineAddNumbers());
const request = { name: tool.name, arguments: { ...addArgs } };
const options = { name: "axn", version: "1.0.0", tools: [tool] };

/** One call: a `tools/call` through whatever the side is. */
type Call = () => Promise<unknown>;

function modernHandlers(): Record<string, FetchHandler> {
  const bare = bareMcpHandler(tool.name);
  const axn = createHandler(options);
  const axnServer = createMcpHandler(() => createServer(options, "modern"));
  return { bare: (r) => bare.fetch(r), axnServer: (r) => axnServer.fetch(r), axn: (r) => axn.fetch(r) };
}

async function sidesFor(): Promise<Record<string, Call>> {
  const byClient =
    (client: Client): Call =>
    () =>
      client.callTool(request);
  if (era === "2025")
    return {
      bare: byClient(await connect(connectBare(tool.name))),
      mcpServer: byClient(await connect(connectMcpServer(tool.name))),
      axn: byClient(await connect(createServer(options))),
    };
  const handlers = modernHandlers();
  if (era === "2026")
    return Object.fromEntries(
      await Promise.all(Object.entries(handlers).map(async ([side, h]) => [side, byClient(await connectModern(h))])),
    );
  return Object.fromEntries(
    Object.entries(handlers).map(([side, handler]) => [
      side,
      async () => {
        const response = await handler(modernToolCall(tool.name, { ...addArgs }));
        const text = await response.text();
        if (response.status !== 200 || !text.includes('"structuredContent":{"sum":42}'))
          throw new Error(`mcp-cpu: ${side} answered ${response.status}: ${text}`);
      },
    ]),
  );
}

const sideCalls: Record<string, Call> = await sidesFor();
const sides = Object.keys(sideCalls);
const isAxn = (side: string): boolean => side.startsWith("axn");

async function loop(side: string, count: number): Promise<void> {
  const call = sideCalls[side]!;
  if (inFlight === 1) for (let i = 0; i < count; i++) await call();
  else for (let i = 0; i < count / inFlight; i++) await Promise.all(Array.from({ length: inFlight }, call));
}

for (const side of sides) await loop(side, 3000);
const cpu: Record<string, number[]> = Object.fromEntries(sides.map((side) => [side, []]));
let hooked = false;
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    if (!isAxn(side)) await switchOffPromiseHooks();
    const start = process.cpuUsage();
    await loop(side, calls);
    const used = process.cpuUsage(start);
    if (isAxn(side)) hooked ||= await promiseHooksOn();
    cpu[side]!.push((used.user + used.system) / calls);
  }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ratio = (side: string, peer: string): string => {
  const perRound = cpu[side]!.map((value, index) => value / cpu[peer]![index]!);
  return `median ${median(perRound).toFixed(3)}×, min rounds ${(Math.min(...cpu[side]!) / Math.min(...cpu[peer]!)).toFixed(3)}×`;
};
process.stdout.write(
  `${era === "2025" ? "2025-11-25, in memory" : era === "2026" ? "2026-07-28, client → fetch" : "2026-07-28, fetch handler alone"}\n`,
);
for (const side of sides)
  process.stdout.write(
    `${side}: ${median(cpu[side]!).toFixed(2)} µs CPU per call${inFlight === 1 ? "" : ` (${inFlight} in flight)`}\n`,
  );
for (const side of sides.filter((s) => s !== "bare")) process.stdout.write(`${side} / bare: ${ratio(side, "bare")}\n`);
if (sideCalls["mcpServer"] !== undefined) process.stdout.write(`axn / mcpServer: ${ratio("axn", "mcpServer")}\n`);
process.stdout.write(`promise hook on after axn's calls: ${hooked}\n`);
process.exit(0);
