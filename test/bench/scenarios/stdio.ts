/**
 * Scenarios over a real stdio pipe, each server a child process the way an MCP host runs it, each
 * reached through the MCP SDK v2 `Client` and its `StdioClientTransport`:
 *
 * - 4e / 4g: the `tools/call` round trip, axn (`axn serve --mcp-stdio` on test/bench/apps/add) vs
 *   the bare v2 SDK server under the SDK's `serveStdio` entry (test/bench/peers/bare-stdio-server.mjs,
 *   the same server as scenario 4's baseline), alternating in rounds like every in-process pair —
 *   4e in the 2025-11-25 era (the client's default `initialize`), 4g in 2026-07-28 (the client
 *   pinned to it: `server/discover`, then self-describing requests). Both servers pick the era per
 *   connection.
 * - 8: cold start — from spawning the process to the first `tools/list` answered (initialize
 *   included), the wait a user has each time a host starts the server. Each round starts one of
 *   each, in alternating order; the figure is the median over rounds.
 */
import { readFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { addArgs } from "../fixtures.js";
import { measurePair } from "../lib/measure.js";
import { latencyRow } from "../lib/rows.js";
import { type Spread, spread } from "../lib/stats.js";
import type { Row, ScenarioContext } from "../lib/types.js";
import { versionOf } from "../peers/versions.js";

const fromRoot = (file: string): string => fileURLToPath(new URL(`../../../${file}`, import.meta.url));

/** How each side's process is started (by this process's Node unless told another binary). */
const SERVERS = {
  bare: { args: [fromRoot("test/bench/peers/bare-stdio-server.mjs")] },
  axn: {
    args: [
      fromRoot("sdk/bin/axn.js"),
      "serve",
      "--config",
      fromRoot("test/bench/apps/add/axn.config.ts"),
      "--mcp-stdio",
    ],
  },
} as const;

const SDK = versionOf("@modelcontextprotocol/server");

const HEADS = {
  roundTrip: {
    id: "4e",
    title: "MCP tools/call over stdio (2025-11-25, child process)",
    candidate: "axn serve --mcp-stdio",
    baseline: `bare v2 Server in serveStdio (${SDK})`,
    target: { kind: "max", value: 1.1 },
  },
  modernRoundTrip: {
    id: "4g",
    title: "MCP tools/call over stdio (2026-07-28, child process)",
    candidate: "axn serve --mcp-stdio",
    baseline: `bare v2 Server in serveStdio (${SDK})`,
    target: { kind: "max", value: 1.1 },
  },
  coldStart: {
    id: "8",
    title: "Cold start: spawn → first tools/list",
    candidate: "axn serve --mcp-stdio",
    baseline: "bare v2 Server in serveStdio (plain .mjs)",
    target: { kind: "max", value: 1.5 },
  },
} as const;

type Era = "2025-11-25" | "2026-07-28";

export interface StdioOptions {
  /** Cold starts per side. */
  readonly coldStarts: number;
}

async function start(
  side: keyof typeof SERVERS,
  era: Era = "2025-11-25",
  command: string = process.execPath,
): Promise<{ client: Client; transport: StdioClientTransport }> {
  const client = new Client(
    { name: "bench-client", version: "1.0.0" },
    era === "2026-07-28" ? { versionNegotiation: { mode: { pin: era } } } : {},
  );
  const { args } = SERVERS[side];
  // stderr piped (and dropped): axn's banner and the SDK's notices are not part of the answer.
  const transport = new StdioClientTransport({
    command,
    args: [...args],
    stderr: "pipe",
    env: { ...process.env, NODE_ENV: "production" } as Record<string, string>,
  });
  await client.connect(transport);
  const spoken = client.getProtocolEra() === "modern" ? "2026-07-28" : "2025-11-25";
  if (spoken !== era) throw new Error(`bench workload broken: ${side} over stdio speaks ${spoken}, not ${era}`);
  return { client, transport };
}

/**
 * The child's CPU time so far (user + system, ms) from /proc — what a loaded machine's waiting for
 * a core does not inflate. Undefined off Linux. Ticks are 1/100 s (`getconf CLK_TCK`).
 */
function childCpuMs(pid: number | null): number | undefined {
  if (pid === null) return undefined;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

interface ColdStart {
  readonly ms: number;
  readonly cpuMs: number | undefined;
  /** The tool listed, for the fairness check. */
  readonly tool: string;
}

/** From spawn to the first `tools/list` answer: wall time and the server's own CPU time. */
async function coldStart(side: keyof typeof SERVERS, node: string): Promise<ColdStart> {
  const started = performance.now();
  const { client, transport } = await start(side, "2025-11-25", node);
  try {
    const listed = await client.listTools();
    const ms = performance.now() - started;
    return { ms, cpuMs: childCpuMs(transport.pid), tool: listed.tools[0]?.name ?? "" };
  } finally {
    await client.close();
  }
}

/** Cold starts of both sides, alternating which goes first: medians, and the per-round ratios' spreads. */
export async function coldStartPair(
  starts: number,
  node: string,
  log: (message: string) => void = () => undefined,
): Promise<{
  readonly wall: Spread;
  readonly cpu: Spread | undefined;
  readonly bareMs: number;
  readonly axnMs: number;
  readonly bareCpuMs: number;
  readonly axnCpuMs: number;
}> {
  const base: number[] = [];
  const cand: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const cpus: Record<string, number[]> = { bare: [], axn: [] };
  for (let round = 0; round < starts; round++) {
    log(`8 cold start ${round + 1}/${starts}`);
    const order = round % 2 === 0 ? (["bare", "axn"] as const) : (["axn", "bare"] as const);
    const times: Record<string, ColdStart> = {};
    for (const side of order) times[side] = await coldStart(side, node);
    if (times["bare"]!.tool !== "add" || times["axn"]!.tool !== "add")
      throw new Error(`bench workload broken: cold start listed ${JSON.stringify(times)}`);
    base.push(times["bare"]!.ms);
    cand.push(times["axn"]!.ms);
    ratios.push(times["axn"]!.ms / times["bare"]!.ms);
    const [cpuAxn, cpuBare] = [times["axn"]!.cpuMs, times["bare"]!.cpuMs];
    if (cpuAxn !== undefined && cpuBare !== undefined && cpuAxn > 0 && cpuBare > 0) {
      cpuRatios.push(cpuAxn / cpuBare);
      cpus["axn"]!.push(cpuAxn);
      cpus["bare"]!.push(cpuBare);
    }
  }
  const median = (values: readonly number[]): number => (values.length === 0 ? Number.NaN : spread(values).median);
  return {
    wall: spread(ratios),
    cpu: cpuRatios.length === starts ? spread(cpuRatios) : undefined,
    bareMs: median(base),
    axnMs: median(cand),
    bareCpuMs: median(cpus["bare"]!),
    axnCpuMs: median(cpus["axn"]!),
  };
}

export async function stdioScenario(ctx: ScenarioContext, options: StdioOptions): Promise<readonly Row[]> {
  const rows: Row[] = [];
  const request = { name: "add", arguments: { ...addArgs } };
  for (const [era, head] of [
    ["2025-11-25", HEADS.roundTrip],
    ["2026-07-28", HEADS.modernRoundTrip],
  ] as const) {
    const bareSide = await start("bare", era);
    const axnSide = await start("axn", era);
    const [bare, axn] = [bareSide.client, axnSide.client];
    try {
      const a = await axn.callTool(request);
      const b = await bare.callTool(request);
      if (
        a.isError ||
        !isDeepStrictEqual(a.structuredContent, { sum: 42 }) ||
        !isDeepStrictEqual(a.structuredContent, b.structuredContent) ||
        !isDeepStrictEqual(a.content, b.content)
      ) {
        throw new Error(`bench workload broken: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
      }
      ctx.log(`${head.id} MCP tools/call over stdio (${era})`);
      // Each server's own CPU time over all its calls (/proc, 10 ms ticks: read over thousands of calls).
      const calls = { bare: 0, axn: 0 };
      const cpuBefore = { bare: childCpuMs(bareSide.transport.pid), axn: childCpuMs(axnSide.transport.pid) };
      const result = await measurePair(
        () => {
          calls.bare++;
          return bare.callTool(request);
        },
        () => {
          calls.axn++;
          return axn.callTool(request);
        },
        ctx.pair,
      );
      const perCall = (side: "bare" | "axn", pid: number | null): number | undefined => {
        const [before, after] = [cpuBefore[side], childCpuMs(pid)];
        return before === undefined || after === undefined ? undefined : ((after - before) * 1000) / calls[side];
      };
      const [serverBare, serverAxn] = [perCall("bare", bareSide.transport.pid), perCall("axn", axnSide.transport.pid)];
      const serverCpu =
        serverBare === undefined || serverAxn === undefined || serverBare <= 0
          ? ""
          : `; server CPU per call ${serverBare.toFixed(1)} µs bare vs ${serverAxn.toFixed(1)} µs axn (${(serverAxn / serverBare).toFixed(2)}×, over all ${calls.bare + calls.axn} calls)`;
      rows.push(
        latencyRow(
          {
            ...head,
            note: `client in this process, each server in its own; CPU ratio is this (client) process's${serverCpu}`,
          },
          result,
          ctx.pair.rounds,
        ),
      );
    } finally {
      await bare.close();
      await axn.close();
    }
  }

  const pair = await coldStartPair(options.coldStarts, process.execPath, ctx.log);
  const ratio = pair.wall;
  rows.push({
    ...HEADS.coldStart,
    unit: "µs/op",
    verdict: ratio.median <= HEADS.coldStart.target.value ? "pass" : "MISS",
    baselineValue: pair.bareMs * 1000,
    candidateValue: pair.axnMs * 1000,
    ratio,
    ...(pair.cpu === undefined ? {} : { cpuRatio: pair.cpu }),
    rounds: options.coldStarts,
    note:
      `each start: \`node\` spawned, the MCP initialize handshake, the first tools/list answered; axn loads its TypeScript config and tool module through jiti, with Node's module compile cache where Node has one (≥ 22.1; the bare side runs without). ` +
      "CPU ratio: each server process's own CPU time up to that answer (/proc), axn ÷ bare",
  });
  return rows;
}
