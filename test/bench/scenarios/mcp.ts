/**
 * Scenario 4: one MCP `tools/call` round trip, real `Client` → `InMemoryTransport` → server, for
 * the tool a user writes first: two integers in, their sum out as structured content.
 * Candidate: the server `axn-plugin-mcp` builds for the action. Baseline: what the user would
 * otherwise write — a bare low-level SDK `Server` whose `tools/call` handler validates the
 * arguments with zod 4 (the zod a fresh `npm i zod` resolves, and the one the SDK parses with) and
 * answers with `structuredContent` plus its JSON as text. Both advertise the same JSON Schemas
 * (the baseline's come from `z.toJSONSchema`), so the client does identical work on both answers.
 *
 * The baseline runs as it would in its own process: with no promise hook (lib/promise-hooks.ts).
 * axn's server scopes each call with `AsyncLocalStorage`, which on Node 20 switches one on for every
 * promise in the process; its calls switch it back on, so that cost lands on axn's side. The row's
 * note also gives the ratio with the hook on for both, which is axn's own code alone.
 */
import { createRequire } from "node:module";
import { isDeepStrictEqual } from "node:util";
import { z } from "zod";
import { clearCatalog } from "@axn/core/internal";
import { type AnyAxn } from "@axn/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { addArgs, addInput, addOutput, defineAddNumbers } from "../fixtures.js";
import { measurePair } from "../lib/measure.js";
import { promiseHooksOn, switchOffPromiseHooks } from "../lib/promise-hooks.js";
import { bootHost, fn, loadPlugin } from "../lib/plugins.js";
import { latencyRow, skippedRow } from "../lib/rows.js";
import type { Row, ScenarioContext } from "../lib/types.js";
import { resetKernel } from "@axn/sdk/testing";

/** The zod the baseline validates with: the workspace's, what `npm i zod` resolves today. */
const ZOD_VERSION = (createRequire(import.meta.url)("zod/package.json") as { version: string }).version;

const HEAD = {
  id: "4",
  title: "MCP tools/call round trip",
  candidate: "axn-plugin-mcp server",
  baseline: `bare low-level SDK Server + zod ${ZOD_VERSION} safeParse`,
  target: { kind: "max", value: 1.1 },
} as const;

/** Undeclared keys refused, as the Invoker refuses them. */
const AddArguments = z.strictObject(addInput);
const AddResult = z.object(addOutput);

/** The baseline: a low-level SDK server written the way the SDK documents one. */
export function bareSdkServer(toolName: string): Server {
  const tool: Tool = {
    name: toolName,
    description: "Add two integers",
    inputSchema: z.toJSONSchema(AddArguments) as Tool["inputSchema"],
    outputSchema: z.toJSONSchema(AddResult, { io: "output" }) as Tool["outputSchema"],
  };
  const server = new Server({ name: "baseline", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [tool] }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    if (request.params.name !== tool.name) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = AddArguments.safeParse(request.params.arguments ?? {});
    if (!args.success) return { content: [{ type: "text", text: z.prettifyError(args.error) }], isError: true };
    const structuredContent = { sum: args.data.a + args.data.b };
    return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
  });
  return server;
}

export async function connect(server: Server): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

/** A tool's schemas as the client compares them: the dialect key aside (axn documents it once). */
function schemasOf(tool: Tool): unknown {
  const strip = (schema: object | undefined): unknown => {
    if (schema === undefined) return undefined;
    const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
    return rest;
  };
  return { input: strip(tool.inputSchema), output: strip(tool.outputSchema) };
}

export async function mcpScenario(ctx: ScenarioContext): Promise<readonly Row[]> {
  const loaded = await loadPlugin("axn-plugin-mcp", ["createMcpServer", "McpAdapter"]);
  const wrap = loaded.ok ? fn<(action: AnyAxn) => Record<string, unknown>>(loaded.module, ["McpAdapter", "wrap"]) : undefined;
  const createServer = loaded.ok ? fn<(options: object) => Server>(loaded.module, ["createMcpServer"]) : undefined;
  if (!loaded.ok || wrap === undefined || createServer === undefined) {
    return [skippedRow(HEAD, "µs/op", loaded.ok ? "skipped: plugin not built (no McpAdapter.wrap)" : loaded.reason)];
  }
  clearCatalog();
  bootHost([loaded.plugin]);
  const clients: Client[] = [];
  try {
    const AddNumbers = defineAddNumbers();
    const axnServer = createServer({ name: "axn", version: "1.0.0", tools: [wrap(AddNumbers)] });
    const axnClient = await connect(axnServer);
    clients.push(axnClient);
    const listed = (await axnClient.listTools()).tools[0];
    if (listed === undefined) throw new Error("bench workload broken: axn server lists no tool");
    const baseClient = await connect(bareSdkServer(listed.name));
    clients.push(baseClient);
    const baseListed = (await baseClient.listTools()).tools[0];
    // Fairness: the client validates each answer against the advertised output schema; both must advertise the same.
    if (baseListed === undefined || !isDeepStrictEqual(schemasOf(listed), schemasOf(baseListed))) {
      throw new Error(`bench workload broken: the servers advertise different schemas: ${JSON.stringify(listed)} vs ${JSON.stringify(baseListed)}`);
    }
    const request = { name: listed.name, arguments: { ...addArgs } };

    const a = (await axnClient.callTool(request)) as CallToolResult;
    const b = (await baseClient.callTool(request)) as CallToolResult;
    if (a.isError || b.isError || !isDeepStrictEqual(a.structuredContent, { sum: 42 }) || !isDeepStrictEqual(a.structuredContent, b.structuredContent) || !isDeepStrictEqual(a.content, b.content)) {
      throw new Error(`bench workload broken: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
    const baseline = () => baseClient.callTool(request);
    const candidate = () => axnClient.callTool(request);
    if (!ctx.ownProcess) {
      // Sharing a process (the smoke spec): leave other code's storages alone, and measure as the process is.
      ctx.log("4 MCP tools/call");
      const result = await measurePair(baseline, candidate, ctx.pair);
      return [latencyRow({ ...HEAD, note: "measured with the promise hook as this shared process has it" }, result, ctx.pair.rounds)];
    }
    // The axn call above switched the hook on (where the runtime has one); the baseline must be able to run without it.
    const hooked = await promiseHooksOn();
    const canSwitchOff = await switchOffPromiseHooks();
    ctx.log("4 MCP tools/call");
    let stayedOn = 0;
    const beforeBaseline = async (): Promise<void> => {
      if (!(await switchOffPromiseHooks())) stayedOn++;
    };
    const result = await measurePair(baseline, candidate, ctx.pair, canSwitchOff ? { beforeBaseline } : {});
    if (stayedOn > 0) return [latencyRow({ ...HEAD, note: `the promise hook stayed on for ${stayedOn} baseline batches: a call was still running` }, result, ctx.pair.rounds)];
    if (!hooked) return [latencyRow({ ...HEAD, note: "this runtime runs no promise hook for AsyncLocalStorage" }, result, ctx.pair.rounds)];
    if (!canSwitchOff) return [latencyRow({ ...HEAD, note: "a promise hook could not be switched off: both sides measured with it on" }, result, ctx.pair.rounds)];
    ctx.log("4 MCP tools/call, promise hook on for both");
    const both = await measurePair(baseline, candidate, ctx.pair);
    const micros = (ms: number): string => `${(ms * 1000).toFixed(1)} µs`;
    const note =
      `the baseline runs with no promise hook, as in a process of its own (axn's calls switch Node 20's AsyncLocalStorage hook on for the whole process). ` +
      `With the hook on for both sides — axn's own code alone — ${micros(both.baselineMs.median)} bare vs ${micros(both.candidateMs.median)} axn, ` +
      `${both.ratio.median.toFixed(2)}×` +
      (both.cpuRatio === undefined ? "" : ` (CPU ${both.cpuRatio.median.toFixed(2)}×)`);
    return [latencyRow({ ...HEAD, note }, result, ctx.pair.rounds)];
  } finally {
    for (const client of clients) await client.close();
    resetKernel();
  }
}
