/**
 * One scenario of the suite alone, with the full run's budgets — for checking a hot-path change
 * before the whole `npm run bench`:
 *
 *   node --import tsx test/bench/one.ts mcp|mcp-http|stdio|http|langchain|core|serialization|queue|proxy [quick]
 *
 * Several at once, comma-separated (`mcp,stdio,mcp-http`: every MCP row). Runs on the Node that runs
 * it: `npm run bench` measures Node 24 and Node 20 itself (run.ts); for a scenario alone on Node 24,
 * start this script with that binary (`nodeMajor(24)`, test/support/node-major.ts). `BENCH_SAVE=<file>`
 * also writes the rows as a report (JSON, with the command that measured them): a run on a major
 * `npm run bench` does not measure, saved as `docs/benchmarks-node<major>.json`, is shown on
 * docs/benchmarks.md beside the full run (lib/other-runs.ts), e.g. on Node 26:
 *
 *   BENCH_SAVE=docs/benchmarks-node26.json <node 26> --import tsx test/bench/one.ts mcp,stdio,mcp-http
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
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { relative } from "node:path";
import { terminalReport } from "./lib/report.js";
import type { SavedRun } from "./lib/other-runs.js";
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
const names = which.split(",");
if (names.some((name) => scenarios[name] === undefined)) {
  process.stderr.write(`usage: one.ts ${Object.keys(scenarios).join("|")}[,…] [quick]\n`);
  process.exit(2);
}
const started = performance.now();
const loadAtStart = loadavg()[0];
const rows: Row[] = [];
for (const name of names) {
  resetKernel();
  rows.push(...(await scenarios[name]!()));
}
rows.sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }));
const report = {
  date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
  quick: mode === "quick",
  machine: machine(loadAtStart),
  rows,
  scale: undefined,
  durationS: (performance.now() - started) / 1000,
};
process.stdout.write(`${terminalReport(report)}\n`);
const save = process.env["BENCH_SAVE"];
if (save !== undefined && save !== "") {
  const script = relative(process.cwd(), process.argv[1]!);
  const command = ["node", ...process.execArgv, script, ...process.argv.slice(2)].join(" ");
  writeFileSync(save, `${JSON.stringify({ ...report, command } satisfies SavedRun, null, 2)}\n`);
  process.stderr.write(`wrote ${save}\n`);
}
process.exit(0);
