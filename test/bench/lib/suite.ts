/**
 * The suite: which scenarios run, with what budgets, in which mode. `full` is `npm run bench`
 * (≈ 5–7 min), `quick` is `BENCH_QUICK=1` (< 60 s), `smoke` is the mocha spec's pass with tiny
 * iteration counts, child-process rows included (numbers meaningless, shape checked).
 */
import os from "node:os";
import { coreCallScenarios } from "../scenarios/core-calls.js";
import { serializationScenarios } from "../scenarios/serialization.js";
import { mcpScenario } from "../scenarios/mcp.js";
import { mcpHttpScenario } from "../scenarios/mcp-http.js";
import { httpScenario, type HttpOptions } from "../scenarios/http.js";
import { langchainScenario } from "../scenarios/langchain.js";
import { stdioScenario, type StdioOptions } from "../scenarios/stdio.js";
import { scaleScenario } from "../scenarios/scale.js";
import { cliStartupScenarios } from "../scenarios/cli-startup.js";
import { queueScenario } from "../scenarios/queue.js";
import { proxyScenario } from "../scenarios/proxy.js";
import type { PairOptions } from "./measure.js";
import type { BenchReport, Machine, Row, ScaleReport, ScenarioContext } from "./types.js";
import { resetKernel } from "@axn/sdk/testing";

export type Mode = "full" | "quick" | "smoke";

interface Budget {
  readonly pair: PairOptions;
  readonly http: HttpOptions;
  readonly stdio: StdioOptions;
  readonly scale: { readonly sizes: readonly number[]; readonly boots: number } | undefined;
}

export const BUDGETS: Record<Mode, Budget> = {
  full: {
    pair: { rounds: 7, timeMs: 500, warmupMs: 500 },
    http: { rounds: 7, durationS: 3, warmupS: 2, connections: 10 },
    stdio: { coldStarts: 15 },
    scale: { sizes: [10, 100, 1000, 10_000], boots: 5 },
  },
  quick: {
    pair: { rounds: 3, timeMs: 80, warmupMs: 50 },
    http: { rounds: 2, durationS: 1, warmupS: 1, connections: 10 },
    stdio: { coldStarts: 3 },
    scale: { sizes: [10, 100, 1000], boots: 2 },
  },
  smoke: {
    pair: { rounds: 2, timeMs: 5, warmupMs: 0, minIterations: 4 },
    // Child-process rows too, each to one figure: a few hundred requests, one cold start a side.
    http: { rounds: 1, durationS: 1, warmupS: 0, connections: 10, amount: 200 },
    stdio: { coldStarts: 1 },
    scale: undefined,
  },
};

export function machine(loadAtStart?: number): Machine {
  const cpus = os.cpus();
  return {
    ...(loadAtStart === undefined ? {} : { loadAverage: [loadAtStart, os.loadavg()[0]!] }),
    cpu: cpus[0]?.model.trim() ?? "unknown CPU",
    cores: cpus.length,
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    memoryGiB: os.totalmem() / 1024 ** 3,
  };
}

export async function runSuite(mode: Mode, log: (message: string) => void = () => undefined): Promise<BenchReport> {
  const started = performance.now();
  const loadAtStart = os.loadavg()[0]!;
  const budget = BUDGETS[mode];
  const ctx: ScenarioContext = { quick: mode !== "full", ownProcess: mode !== "smoke", pair: budget.pair, log };
  const rows: Row[] = [];
  // Each scenario starts and ends with a clean catalog and no host, so none sees another's actions.
  const isolated = async (run: () => Promise<readonly Row[]>): Promise<void> => {
    resetKernel();
    try {
      rows.push(...(await run()));
    } finally {
      resetKernel();
    }
  };
  await isolated(() => coreCallScenarios(ctx));
  await isolated(() => serializationScenarios(ctx));
  await isolated(() => mcpScenario(ctx));
  await isolated(() => stdioScenario(ctx, budget.stdio));
  await isolated(() => httpScenario(ctx, budget.http));
  await isolated(() => mcpHttpScenario(ctx, budget.http));
  await isolated(() => langchainScenario(ctx));
  await isolated(() => cliStartupScenarios(ctx));
  await isolated(() => queueScenario(ctx));
  await isolated(() => proxyScenario(ctx));
  let scale: ScaleReport | undefined;
  if (budget.scale !== undefined) scale = await scaleScenario(ctx, budget.scale.sizes, budget.scale.boots);
  rows.sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }));
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    quick: mode !== "full",
    machine: machine(loadAtStart),
    rows,
    scale,
    durationS: (performance.now() - started) / 1000,
  };
}
