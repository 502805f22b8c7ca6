/**
 * One scenario of the suite alone, with the full run's budgets — for checking a hot-path change
 * before the whole `npm run bench`:
 *
 *   node --import tsx test/bench/one.ts mcp|mcp-http|stdio|http|langchain|core|serialization|queue|proxy [quick]
 */
import { resetKernel } from "@axn/sdk/testing";
import { coreCallScenarios } from "./scenarios/core-calls.js";
import { httpScenario } from "./scenarios/http.js";
import { langchainScenario } from "./scenarios/langchain.js";
import { mcpScenario } from "./scenarios/mcp.js";
import { mcpHttpScenario } from "./scenarios/mcp-http.js";
import { serializationScenarios } from "./scenarios/serialization.js";
import { stdioScenario } from "./scenarios/stdio.js";
import { queueScenario } from "./scenarios/queue.js";
import { proxyScenario } from "./scenarios/proxy.js";
import { terminalReport } from "./lib/report.js";
import { BUDGETS, machine } from "./lib/suite.js";
import type { Row, ScenarioContext } from "./lib/types.js";

const [which = "", mode = "full"] = process.argv.slice(2);
const budget = BUDGETS[mode === "quick" ? "quick" : "full"];
const ctx: ScenarioContext = {
  quick: mode === "quick",
  ownProcess: true,
  pair: budget.pair,
  log: (m) => process.stderr.write(`  · ${m}\n`),
};
const scenarios: Record<string, () => Promise<readonly Row[]>> = {
  core: () => coreCallScenarios(ctx),
  serialization: () => serializationScenarios(ctx),
  mcp: () => mcpScenario(ctx),
  "mcp-http": () => mcpHttpScenario(ctx, budget.http),
  stdio: () => stdioScenario(ctx, budget.stdio),
  http: () => httpScenario(ctx, budget.http),
  langchain: () => langchainScenario(ctx),
  queue: () => queueScenario(ctx),
  proxy: () => proxyScenario(ctx),
};
const run = scenarios[which];
if (run === undefined) {
  process.stderr.write(`usage: one.ts ${Object.keys(scenarios).join("|")} [quick]\n`);
  process.exit(2);
}
resetKernel();
const rows = await run();
process.stdout.write(
  `${terminalReport({ date: new Date().toISOString(), quick: mode === "quick", machine: machine(), rows, scale: undefined, durationS: 0 })}\n`,
);
process.exit(0);
