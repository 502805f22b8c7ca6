/**
 * `npm run bench`: runs every scenario of issue 9, prints the table, and writes docs/benchmarks.md
 * and docs/benchmarks.svg. `BENCH_QUICK=1` runs a < 60 s smoke version (figures indicative only).
 * `BENCH_RENDER=1` re-renders the page and chart from the last run's saved report without
 * measuring (node_modules/.cache/axn-bench/report.json). Rows measured on another Node major and
 * saved as docs/benchmarks-node<major>.json (test/bench/one.ts, `BENCH_SAVE`) get a section of their own.
 * Exit code is 0 even when a target is missed: a miss is a finding, reported in the table.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { findingsMarkdown } from "./lib/findings.js";
import { otherRuns } from "./lib/other-runs.js";
import { markdownReport, reportProblems, terminalReport } from "./lib/report.js";
import { runSuite } from "./lib/suite.js";
import { ratioChartSvg } from "./lib/svg.js";
import type { BenchReport } from "./lib/types.js";

const flag = (name: string): boolean => ["1", "true"].includes(process.env[name] ?? "");
const fromRoot = (file: string): string => fileURLToPath(new URL(`../../${file}`, import.meta.url));
const SAVED = fromRoot("node_modules/.cache/axn-bench/report.json");

let report: BenchReport;
if (flag("BENCH_RENDER")) {
  report = JSON.parse(readFileSync(SAVED, "utf8")) as BenchReport;
} else {
  const quick = flag("BENCH_QUICK");
  process.stderr.write(`axn bench: ${quick ? "quick" : "full"} run (pid ${process.pid})\n`);
  report = await runSuite(quick ? "quick" : "full", (message) => process.stderr.write(`  · ${message}\n`));
  mkdirSync(dirname(SAVED), { recursive: true });
  writeFileSync(SAVED, JSON.stringify(report, null, 2));
}

const problems = reportProblems(report);
if (problems.length > 0) {
  process.stderr.write(`bench report is malformed:\n  ${problems.join("\n  ")}\n`);
  process.exitCode = 1;
}

process.stdout.write(`\n${terminalReport(report)}\n`);
const subtitle = `${report.machine.cpu}, ${report.machine.cores} cores, Node ${report.machine.node}, ${report.date}${report.quick ? " (quick run)" : ""}`;
writeFileSync(fromRoot("docs/benchmarks.svg"), ratioChartSvg(report.rows, subtitle));
// Rows saved from a run on another Node major (test/bench/one.ts, BENCH_SAVE) keep their own section.
const others = otherRuns(fromRoot("docs"), report.machine.node);
writeFileSync(
  fromRoot("docs/benchmarks.md"),
  markdownReport(report, findingsMarkdown(report), "benchmarks.svg", others),
);
process.stderr.write("wrote docs/benchmarks.md and docs/benchmarks.svg\n");
