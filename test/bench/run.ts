/**
 * `npm run bench`: runs every scenario of issue 9 on **Node 24** — the primary column, the Node users
 * run — and again on Node 20 beside it, each in a process of its own (`nodeMajor` in
 * test/support/node-major.ts installs the registry's Node binary outside the workspace; this
 * process's own Node serves when it is that major), then prints the table and writes
 * docs/benchmarks.md and docs/benchmarks.svg from the Node 24 run with the Node 20 figures beside it.
 *
 * - `BENCH_QUICK=1` runs a < 60 s smoke version per Node (figures indicative only).
 * - `BENCH_NODES=24,20` (the default) names the majors, the first one primary; `BENCH_NODES=20` alone
 *   measures one major.
 * - `BENCH_RENDER=1` re-renders the page and chart from the last run's saved reports without
 *   measuring (node_modules/.cache/axn-bench/report-node<major>.json).
 *
 * Rows measured on another major by test/bench/one.ts and saved as docs/benchmarks-node<major>.json
 * (`BENCH_SAVE`) get a section of their own when no run of this command measured that major.
 * Exit code is 0 even when a target is missed: a miss is a finding, reported in the table.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { nodeMajor } from "../support/node-major.js";
import { findingsMarkdown } from "./lib/findings.js";
import { otherRuns, type SavedRun } from "./lib/other-runs.js";
import { BENCH_COMMAND, markdownReport, reportProblems, terminalReport } from "./lib/report.js";
import { runSuite } from "./lib/suite.js";
import { ratioChartSvg } from "./lib/svg.js";
import type { BenchReport } from "./lib/types.js";

const flag = (name: string): boolean => ["1", "true"].includes(process.env[name] ?? "");
const fromRoot = (file: string): string => fileURLToPath(new URL(`../../${file}`, import.meta.url));
const savedFor = (major: number): string => fromRoot(`node_modules/.cache/axn-bench/report-node${major}.json`);
const majorOf = (version: string): number => Number(/^v?(\d+)/.exec(version)?.[1]);
const quick = flag("BENCH_QUICK");

// A child measuring one major: run the suite in this process and write its report where the parent reads it.
const childOut = process.env["AXN_BENCH_REPORT"];
if (childOut !== undefined) {
  const report = await runSuite(quick ? "quick" : "full", (message) => process.stderr.write(`  · ${message}\n`));
  mkdirSync(dirname(childOut), { recursive: true });
  writeFileSync(childOut, JSON.stringify(report, null, 2));
  process.exit(0);
}

const majors = (process.env["BENCH_NODES"] ?? "24,20").split(",").map((m) => Number(m.trim()));
if (majors.length === 0 || majors.some((m) => !Number.isInteger(m) || m < 20)) {
  process.stderr.write(
    `BENCH_NODES must list Node majors ≥ 20, the primary first (e.g. 24,20), not "${process.env["BENCH_NODES"]}"\n`,
  );
  process.exit(2);
}

/** Runs the suite on a Node `major` in a child process and returns its report. */
async function measureOn(major: number): Promise<BenchReport> {
  const binary = majorOf(process.version) === major ? process.execPath : await nodeMajor(major);
  const out = savedFor(major);
  process.stderr.write(`axn bench: ${quick ? "quick" : "full"} run on Node ${major} (${binary})\n`);
  const child = spawn(binary, ["--import", "tsx", fileURLToPath(import.meta.url)], {
    env: { ...process.env, AXN_BENCH_REPORT: out },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`the bench on Node ${major} exited with ${code}: see its output above`);
  return JSON.parse(readFileSync(out, "utf8")) as BenchReport;
}

const runs: BenchReport[] = [];
for (const major of majors) {
  runs.push(
    flag("BENCH_RENDER") ? (JSON.parse(readFileSync(savedFor(major), "utf8")) as BenchReport) : await measureOn(major),
  );
}
const [report, ...beside] = runs as [BenchReport, ...BenchReport[]];

for (const run of runs) {
  const problems = reportProblems(run);
  if (problems.length > 0) {
    process.stderr.write(`bench report (Node ${run.machine.node}) is malformed:\n  ${problems.join("\n  ")}\n`);
    process.exitCode = 1;
  }
}

for (const run of runs) process.stdout.write(`\n${terminalReport(run)}\n`);
const subtitle = `${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node}, ${report.date}${report.quick ? " (quick run)" : ""}`;
writeFileSync(fromRoot("docs/benchmarks.svg"), ratioChartSvg(report.rows, subtitle));
// The same command's runs on the other majors, then rows one.ts saved on a major neither measured.
const measured = new Set(runs.map((run) => majorOf(run.machine.node)));
const others: SavedRun[] = [
  ...beside.map((run) => ({ ...run, command: BENCH_COMMAND })),
  ...otherRuns(fromRoot("docs"), report.machine.node).filter((run) => !measured.has(majorOf(run.machine.node))),
];
writeFileSync(
  fromRoot("docs/benchmarks.md"),
  markdownReport(report, findingsMarkdown(report), "benchmarks.svg", others),
);
process.stderr.write("wrote docs/benchmarks.md and docs/benchmarks.svg\n");
