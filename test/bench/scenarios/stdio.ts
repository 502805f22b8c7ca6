/**
 * Scenarios over a real stdio pipe, each server a child process the way an MCP host runs it:
 *
 * - 4e: the `tools/call` round trip through `StdioClientTransport`, axn (`axn serve --mcp-stdio`
 *   on test/bench/apps/add) vs the bare SDK server (test/bench/peers/bare-stdio-server.mjs, the
 *   same server as scenario 4's baseline), alternating in rounds like every in-process pair.
 * - 8: cold start — from spawning the process to the first `tools/list` answered (initialize
 *   included), the wait a user has each time a host starts the server. Each round starts one of
 *   each, in alternating order; the figure is the median over rounds.
 */
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { addArgs } from "../fixtures.js";
import { measurePair } from "../lib/measure.js";
import { latencyRow } from "../lib/rows.js";
import { spread } from "../lib/stats.js";
import type { Row, ScenarioContext } from "../lib/types.js";
import { versionOf } from "../peers/versions.js";

const fromRoot = (file: string): string => fileURLToPath(new URL(`../../../${file}`, import.meta.url));

/** How each side's process is started. */
export const SERVERS = {
  bare: { command: process.execPath, args: [fromRoot("test/bench/peers/bare-stdio-server.mjs")] },
  axn: { command: process.execPath, args: [fromRoot("sdk/bin/axn.js"), "serve", "--config", fromRoot("test/bench/apps/add/axn.config.ts"), "--mcp-stdio"] },
} as const;

const SDK = versionOf("@modelcontextprotocol/sdk");

const HEADS = {
  roundTrip: { id: "4e", title: "MCP tools/call over stdio (child process)", candidate: "axn serve --mcp-stdio", baseline: `bare SDK Server (${SDK}) over stdio`, target: { kind: "max", value: 1.1 } },
  coldStart: { id: "8", title: "Cold start: spawn → first tools/list", candidate: "axn serve --mcp-stdio", baseline: "bare SDK Server (plain .mjs)", target: { kind: "max", value: 1.5 } },
} as const;

export interface StdioOptions {
  /** Cold starts per side. */
  readonly coldStarts: number;
}

async function start(side: keyof typeof SERVERS): Promise<Client> {
  const client = new Client({ name: "bench-client", version: "1.0.0" });
  const { command, args } = SERVERS[side];
  // stderr piped (and dropped): axn's banner and the SDK's notices are not part of the answer.
  await client.connect(new StdioClientTransport({ command, args: [...args], stderr: "pipe", env: { ...process.env, NODE_ENV: "production" } as Record<string, string> }));
  return client;
}

/** Milliseconds from spawn to the first `tools/list` answer; the tool's name for the fairness check. */
async function coldStart(side: keyof typeof SERVERS): Promise<{ ms: number; tool: string }> {
  const started = performance.now();
  const client = await start(side);
  try {
    const listed = await client.listTools();
    const ms = performance.now() - started;
    return { ms, tool: listed.tools[0]?.name ?? "" };
  } finally {
    await client.close();
  }
}

export async function stdioScenario(ctx: ScenarioContext, options: StdioOptions): Promise<readonly Row[]> {
  const rows: Row[] = [];
  const bare = await start("bare");
  const axn = await start("axn");
  try {
    const request = { name: "add", arguments: { ...addArgs } };
    const a = (await axn.callTool(request)) as CallToolResult;
    const b = (await bare.callTool(request)) as CallToolResult;
    if (a.isError || !isDeepStrictEqual(a.structuredContent, { sum: 42 }) || !isDeepStrictEqual(a.structuredContent, b.structuredContent) || !isDeepStrictEqual(a.content, b.content)) {
      throw new Error(`bench workload broken: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
    }
    ctx.log("4e MCP tools/call over stdio");
    const result = await measurePair(
      () => bare.callTool(request),
      () => axn.callTool(request),
      ctx.pair,
    );
    rows.push(latencyRow({ ...HEADS.roundTrip, note: "client in this process, each server in its own; CPU ratio is this (client) process's" }, result, ctx.pair.rounds));
  } finally {
    await bare.close();
    await axn.close();
  }

  const base: number[] = [];
  const cand: number[] = [];
  const ratios: number[] = [];
  for (let round = 0; round < options.coldStarts; round++) {
    ctx.log(`8 cold start ${round + 1}/${options.coldStarts}`);
    const order = round % 2 === 0 ? (["bare", "axn"] as const) : (["axn", "bare"] as const);
    const times: Record<string, { ms: number; tool: string }> = {};
    for (const side of order) times[side] = await coldStart(side);
    if (times["bare"]!.tool !== "add" || times["axn"]!.tool !== "add") throw new Error(`bench workload broken: cold start listed ${JSON.stringify(times)}`);
    base.push(times["bare"]!.ms);
    cand.push(times["axn"]!.ms);
    ratios.push(times["axn"]!.ms / times["bare"]!.ms);
  }
  const ratio = spread(ratios);
  rows.push({
    ...HEADS.coldStart,
    unit: "µs/op",
    verdict: ratio.median <= HEADS.coldStart.target.value ? "pass" : "MISS",
    baselineValue: spread(base).median * 1000,
    candidateValue: spread(cand).median * 1000,
    ratio,
    rounds: options.coldStarts,
    note: "each start: `node` spawned, the MCP initialize handshake, the first tools/list answered; axn loads its TypeScript config and tool module through jiti",
  });
  return rows;
}
