/**
 * One workload of the bench in a loop, for a profiler — what the findings were established with:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx test/bench/profile.ts <workload> [calls]
 *
 * Workloads: `call:<kind>` (A.call), `invoke:<kind>` (invoker.call with wire strings),
 * `hand:<kind>` (scenario 1's hand-written baseline) — kind one of zod4, zod3, valibot, arktype —
 * `mcp:axn` / `mcp:bare` / `mcp:mcpserver` (one 2025-11-25 tools/call round trip through a real v2
 * Client over `InMemoryTransport`) and `mcp2026:axn` / `mcp2026:bare` (one 2026-07-28 round trip through
 * the Client pinned to that era, its fetch handing the request to axn's `createStreamableHttpHandler`
 * or to the bare `Server` in the SDK's `createMcpHandler`); the peers with Node 20's promise hook off,
 * as in a process of their own. Prints the mean wall time per call.
 */
import type { AnyAxn } from "@axn/core";
import { Invoker } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import type { Client } from "@modelcontextprotocol/client";
import type { Server } from "@modelcontextprotocol/server";
import { addArgs, defineAddNumbers, lookupArgs, lookupWireArgs } from "./fixtures.js";
import { LOOKUP_KINDS } from "./kinds.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { switchOffPromiseHooks } from "./lib/promise-hooks.js";
import { bareSdkServer, connect, connectModern, type FetchHandler } from "./scenarios/mcp.js";
import { bareMcpHandler, connectMcpServer } from "./peers/mcp-servers.js";

const [workload = "", count] = process.argv.slice(2);
const calls = Number(count ?? 1_000_000);

async function op(): Promise<() => Promise<unknown>> {
  const [what, which = ""] = workload.split(":");
  if (what === "mcp" || what === "mcp2026") {
    const loaded = await loadPlugin("axn-plugin-mcp", ["createMcpServer", "McpAdapter", "createStreamableHttpHandler"]);
    if (!loaded.ok) throw new Error(loaded.reason);
    const wrap = fn<(action: AnyAxn) => object>(loaded.module, ["McpAdapter", "wrap"])!;
    const createServer = fn<(options: object) => Server>(loaded.module, ["createMcpServer"])!;
    const createHandler = fn<(options: object) => { fetch: FetchHandler }>(loaded.module, [
      "createStreamableHttpHandler",
    ])!;
    bootHost([loaded.plugin]);
    const tool = wrap(defineAddNumbers()) as { name: string };
    const options = { name: "axn", version: "1.0.0", tools: [tool] };
    let client: Client;
    if (what === "mcp2026") {
      const handler = which === "bare" ? bareMcpHandler(tool.name) : createHandler(options);
      client = await connectModern((r) => handler.fetch(r));
    } else {
      const server =
        which === "bare"
          ? bareSdkServer(tool.name)
          : which === "mcpserver"
            ? connectMcpServer(tool.name)
            : createServer(options);
      client = await connect(server);
    }
    await client.listTools();
    const request = { name: tool.name, arguments: { ...addArgs } };
    if (which !== "axn" && !(await switchOffPromiseHooks()))
      throw new Error("a promise hook is on and cannot be switched off");
    return () => client.callTool(request);
  }
  const kind = LOOKUP_KINDS.find((k) => k.kind.replace(/[^a-z0-9]/gi, "").toLowerCase() === which);
  if (kind === undefined)
    throw new Error(
      `unknown kind ${which}: one of ${LOOKUP_KINDS.map((k) => k.kind.replace(/[^a-z0-9]/gi, "").toLowerCase()).join(", ")}`,
    );
  const Lookup = kind.define("Bench.Lookup");
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
  if (what === "call") return () => Lookup.call(lookupArgs);
  if (what === "invoke") return () => invoker.call(Lookup, lookupWireArgs);
  if (what === "hand") return () => kind.byHand(lookupArgs);
  throw new Error(`unknown workload ${workload}`);
}

clearCatalog();
const run = await op();
for (let i = 0; i < Math.min(10_000, calls); i++) await run();
const started = performance.now();
for (let i = 0; i < calls; i++) await run();
process.stdout.write(
  `${workload}: ${(((performance.now() - started) / calls) * 1000).toFixed(2)} µs per call (${calls} calls)\n`,
);
process.exit(0);
