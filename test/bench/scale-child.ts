/**
 * One size of the scale scenario, in a process of its own so heaps of different sizes never mix:
 * defines N actions, boots the host (createKernelHost + every plugin's apply + freeze) several
 * times, enumerates `Tools.for` cold (first call after a boot) and warm (cached), and lists them
 * over MCP `tools/list` when axn-plugin-mcp is built. Heap is `heapUsed` after a full gc.
 * Prints one JSON line (a ScaleSize, plus the plugins loaded).
 *
 *   node --expose-gc --import tsx test/bench/scale-child.ts <actions> [boots]
 */
import { z } from "zod";
import { defineAxn, Tools, type AnyAxn } from "@axn/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { bootHost, fn, loadPlugin, type PluginLike } from "./lib/plugins.js";
import { median } from "./lib/stats.js";
import type { ScaleSize } from "./lib/types.js";

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error("scale-child: run node with --expose-gc");

const n = Number(process.argv[2]);
const boots = Number(process.argv[3] ?? 5);
if (!Number.isInteger(n) || n <= 0) throw new Error("scale-child: expected a positive action count");

function heap(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

/** A plugin of the bench's own, so `Tools.for` has a key even with no transport plugin built. */
const benchPlugin: PluginLike = {
  name: "bench-scale",
  apply(host) {
    host.hooks.registerAdapter.tap("bench-scale", (adapters) => adapters.add("bench"));
  },
};

const plugins: PluginLike[] = [benchPlugin];
const loadedNames: string[] = [];
for (const name of ["axn-plugin-mcp", "axn-plugin-langchain", "axn-plugin-http"]) {
  const loaded = await loadPlugin(name, []);
  if (loaded.ok) {
    plugins.push(loaded.plugin);
    loadedNames.push(name);
  }
}
const mcp = await loadPlugin("axn-plugin-mcp", ["createMcpServer", "McpAdapter"]);

const heapStart = heap();

let t0 = performance.now();
const actions: AnyAxn[] = [];
for (let i = 0; i < n; i++) {
  actions.push(
    defineAxn({
      name: `Bench.Scale.Tool${i}`,
      description: `Scale tool ${i}`,
      expects: {
        id: z.string().min(1),
        limit: { schema: z.number().int().min(1).max(100), default: 10 },
      },
      exposes: { total: z.number().int() },
      tool: true,
      call: ({ limit }) => ({ total: limit }),
    }) as unknown as AnyAxn,
  );
}
const defineMs = performance.now() - t0;

const bootSamples: number[] = [];
const coldSamples: number[] = [];
for (let b = 0; b < boots; b++) {
  t0 = performance.now();
  bootHost(plugins);
  bootSamples.push(performance.now() - t0);
  t0 = performance.now();
  const members = Tools.for("bench");
  coldSamples.push(performance.now() - t0);
  if (members.length !== n) throw new Error(`scale-child: Tools.for returned ${members.length} of ${n}`);
}

const warmSamples: number[] = [];
for (let i = 0; i < 2000; i++) {
  t0 = performance.now();
  Tools.for("bench");
  warmSamples.push(performance.now() - t0);
}

let toolsListColdMs: number | undefined;
let toolsListWarmMs: number | undefined;
let client: Client | undefined;
const wrapAll = mcp.ok ? fn<() => unknown[]>(mcp.module, ["McpAdapter", "tools"]) : undefined;
const createServer = mcp.ok ? fn<(options: object) => Server>(mcp.module, ["createMcpServer"]) : undefined;
if (wrapAll !== undefined && createServer !== undefined) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  // Cold: wrap every member, build the server (it prepares the listing), then the first tools/list.
  t0 = performance.now();
  const server = createServer({ name: "scale", version: "1.0.0", tools: wrapAll() });
  const setupMs = performance.now() - t0;
  client = new Client({ name: "scale-client", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  // A raw request: the SDK Client's listTools() also compiles an output validator per tool, which is
  // the client's cost, not the server's.
  const list = () => client!.request({ method: "tools/list" }, ListToolsResultSchema);
  t0 = performance.now();
  const first = await list();
  toolsListColdMs = setupMs + (performance.now() - t0);
  if (first.tools.length !== n) throw new Error(`scale-child: tools/list returned ${first.tools.length} of ${n}`);
  const warm: number[] = [];
  const reps = n >= 10_000 ? 5 : n >= 1000 ? 15 : 50;
  for (let i = 0; i < reps; i++) {
    t0 = performance.now();
    await list();
    warm.push(performance.now() - t0);
  }
  toolsListWarmMs = median(warm);
}

const heapBytes = heap() - heapStart;
void actions.length;
await client?.close();

const size: ScaleSize & { plugins: string[] } = {
  actions: n,
  defineMs,
  bootMs: median(bootSamples),
  toolsForColdMs: median(coldSamples),
  toolsForWarmMs: median(warmSamples),
  ...(toolsListColdMs === undefined ? {} : { toolsListColdMs, toolsListWarmMs: toolsListWarmMs! }),
  heapBytes,
  plugins: loadedNames,
};
process.stdout.write(`${JSON.stringify(size)}\n`);
