/**
 * Rows 4–4c's servers side by side by CPU time, for checking an MCP hot-path change on a loaded
 * machine (where wall time mostly measures the neighbours): the bare SDK `Server`, `McpServer` and
 * axn, each behind a real `Client` over `InMemoryTransport`, in rounds whose order alternates, the
 * peers with Node 20's promise hook off as in a process of their own. Prints each side's median CPU
 * per call, and axn's CPU ratios to each peer — the median of the per-round ratios and the ratio of
 * the least-disturbed (minimum) rounds:
 *
 *   node --import tsx test/bench/mcp-cpu.ts [rounds=20] [calls per round=3000] [in flight=1]
 */
import type { AnyAxn } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { addArgs, defineAddNumbers } from "./fixtures.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { promiseHooksOn, switchOffPromiseHooks } from "./lib/promise-hooks.js";
import { connectBare, connectMcpServer } from "./peers/mcp-servers.js";
import { connect } from "./scenarios/mcp.js";

const [rounds = 20, calls = 3000, inFlight = 1] = process.argv.slice(2).map(Number);
const SIDES = ["bare", "mcpServer", "axn"] as const;
type Side = (typeof SIDES)[number];

clearCatalog();
const loaded = await loadPlugin("axn-plugin-mcp", ["createMcpServer", "McpAdapter"]);
if (!loaded.ok) throw new Error(loaded.reason);
const wrap = fn<(action: AnyAxn) => { name: string }>(loaded.module, ["McpAdapter", "wrap"])!;
const createServer = fn<(options: object) => Server>(loaded.module, ["createMcpServer"])!;
bootHost([loaded.plugin]);
const tool = wrap(defineAddNumbers());
const request = { name: tool.name, arguments: { ...addArgs } };
const clients: Record<Side, Client> = {
  bare: await connect(connectBare(tool.name)),
  mcpServer: await connect(connectMcpServer(tool.name)),
  axn: await connect(createServer({ name: "axn", version: "1.0.0", tools: [tool] })),
};

async function loop(side: Side, count: number): Promise<void> {
  const client = clients[side];
  if (inFlight === 1) for (let i = 0; i < count; i++) await client.callTool(request);
  else
    for (let i = 0; i < count / inFlight; i++)
      await Promise.all(Array.from({ length: inFlight }, () => client.callTool(request)));
}

for (const side of SIDES) await loop(side, 3000);
const cpu: Record<Side, number[]> = { bare: [], mcpServer: [], axn: [] };
let hooked = false;
for (let round = 0; round < rounds; round++) {
  for (const side of round % 2 === 0 ? SIDES : [...SIDES].reverse()) {
    if (side !== "axn") await switchOffPromiseHooks();
    const start = process.cpuUsage();
    await loop(side, calls);
    const used = process.cpuUsage(start);
    if (side === "axn") hooked ||= await promiseHooksOn();
    cpu[side].push((used.user + used.system) / calls);
  }
}

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ratio = (peer: Side): string => {
  const perRound = cpu.axn.map((value, index) => value / cpu[peer][index]!);
  return `median ${median(perRound).toFixed(3)}×, min rounds ${(Math.min(...cpu.axn) / Math.min(...cpu[peer])).toFixed(3)}×`;
};
for (const side of SIDES)
  process.stdout.write(
    `${side}: ${median(cpu[side]).toFixed(2)} µs CPU per call${inFlight === 1 ? "" : ` (${inFlight} in flight)`}\n`,
  );
process.stdout.write(`axn / bare Server: ${ratio("bare")}\naxn / McpServer: ${ratio("mcpServer")}\n`);
process.stdout.write(`promise hook on after axn's calls: ${hooked}\n`);
process.exit(0);
