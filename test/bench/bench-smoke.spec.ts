/**
 * Smoke test of the benchmark suite (not a benchmark): runs the in-process scenarios in "smoke"
 * mode — tiny iteration counts — and checks only that each produced finite positive numbers and a
 * well-formed report. Never asserts wall-clock figures: those belong to `npm run bench`.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect } from "chai";
import { markdownReport, reportProblems, terminalReport } from "./lib/report.js";
import { rowLabel } from "./lib/rows.js";
import { runSuite } from "./lib/suite.js";
import { ratioChartSvg } from "./lib/svg.js";
import { findingsMarkdown } from "./lib/findings.js";
import { scaleChecks } from "./scenarios/scale.js";
import type { BenchReport } from "./lib/types.js";
import { resetKernel } from "@axn/sdk/testing";

const run = promisify(execFile);

describe("bench suite (smoke)", function () {
  // A hang guard, not a budget: `before` runs every scenario once (child-process servers included)
  // and one case drives a child process, each seconds on a loaded machine — minutes when `npm test`
  // runs this file beside other spec files in parallel.
  this.timeout(600_000);
  let report: BenchReport;

  before(async () => {
    report = await runSuite("smoke");
  });

  after(() => {
    resetKernel();
  });

  it("measures every scenario and peer row (or skips it with a reason), 1 and 2 once per schema kind", () => {
    const perKind = (id: string) => ["zod 4", "zod 3", "valibot", "ArkType"].map((kind) => `${id} ${kind}`);
    expect(report.rows.map((r) => (r.kind === undefined ? r.id : `${r.id} ${r.kind}`))).to.deep.equal([
      ...perKind("1"),
      ...perKind("2"),
      "3a",
      "3b",
      ...["4", "4b", "4c", "4d", "4e", "4f", "4g", "4h", "4i"],
      ...["5", "5b", "5c", "5d"],
      ...["6", "6b"],
      "8",
    ]);
    // Every row produced a figure: none skipped (the peers are devDependencies, the plugins are built).
    expect(report.rows.filter((r) => r.verdict === "skipped").map((r) => `${r.id}: ${r.note}`)).to.deep.equal([]);
    expect(reportProblems(report)).to.deep.equal([]);
    for (const row of report.rows.filter((r) => r.verdict !== "skipped")) {
      expect(row.ratio!.min).to.be.at.most(row.ratio!.median);
      expect(row.ratio!.median).to.be.at.most(row.ratio!.max);
    }
  });

  it("names each peer with the version installed, read from its package.json", () => {
    // Read by path, as the bench does: fastmcp's `exports` do not list its package.json.
    const installed = (name: string): string =>
      (
        JSON.parse(
          readFileSync(fileURLToPath(new URL(`../../node_modules/${name}/package.json`, import.meta.url)), "utf8"),
        ) as { version: string }
      ).version;
    const baselineOf = (id: string): string => report.rows.find((r) => r.id === id)!.baseline;
    const server = installed("@modelcontextprotocol/server");
    expect(baselineOf("4")).to.equal(
      `bare v2 Server (@modelcontextprotocol/server ${server}) + zod ${installed("zod")}`,
    );
    expect(baselineOf("4c")).to.equal(`McpServer.registerTool (@modelcontextprotocol/server ${server})`);
    expect(baselineOf("4e")).to.equal(`bare v2 Server in serveStdio (@modelcontextprotocol/server ${server})`);
    expect(baselineOf("4h")).to.equal(`bare v2 Server in createMcpHandler (@modelcontextprotocol/server ${server})`);
    expect(baselineOf("4d")).to.equal(`fastmcp ${installed("fastmcp")}`);
    expect(baselineOf("5")).to.equal(`fastify ${installed("fastify")}, JSON Schema body + response`);
    expect(baselineOf("5d")).to.equal(
      `fastify ${installed("fastify")}, JSON Schema body + response, loopback Host check hook`,
    );
    expect(baselineOf("5b")).to.equal(`@hono/zod-openapi ${installed("@hono/zod-openapi")} route`);
    expect(baselineOf("6")).to.equal(`tool() from the zod schema (@langchain/core ${installed("@langchain/core")})`);
  });

  it("renders the table, the markdown page and the chart", () => {
    const table = terminalReport(report);
    const page = markdownReport(report, findingsMarkdown(report), "benchmarks.svg");
    const svg = ratioChartSvg(report.rows, "smoke");
    const xml = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    for (const row of report.rows) {
      expect(table).to.include(rowLabel(row));
      expect(page).to.include(`| ${row.id} | ${rowLabel(row)} |`);
      expect(svg).to.include(xml(`${row.id}. ${rowLabel(row)}`));
    }
    // Scenarios measured per kind also get one line each, a column per kind.
    expect(page).to.match(/\| # \| scenario \| target \| zod 4 \| zod 3 \| valibot \| ArkType \|/);
    expect(page).to.match(/\| 1 \| Direct call \| ≤ 1\.2× \| [0-9.]+× (pass|MISS) \(/);
    expect(page).to.include(`**Node:** ${process.version}`);
    expect(svg.startsWith("<svg ")).to.equal(true);
    expect(svg.trimEnd().endsWith("</svg>")).to.equal(true);
    expect(svg).not.to.match(/NaN|undefined/);
  });

  it("explains a miss, and a pass close enough to its target for noise to tip it", () => {
    // The measured row's CPU ratio is left out (a smoke run's figures mean nothing), unless a case sets one.
    const { cpuRatio: _measured, ...row } = report.rows.find((r) => r.id === "2" && r.kind === "zod 4")!;
    const at = (median: number, verdict: "pass" | "MISS", kind = "zod 4") => ({
      ...row,
      kind,
      verdict,
      ratio: { ...row.ratio!, median },
    });
    const page = (median: number, verdict: "pass" | "MISS"): string =>
      findingsMarkdown({ ...report, rows: [at(median, verdict)] });
    expect(page(1.35, "MISS")).to.include("### 2. Invoker (zod 4): missed\n\nBeyond a direct call, the Invoker");
    expect(page(1.25, "pass")).to.include(
      "### 2. Invoker (zod 4): met, within 10 % of the target\n\nBeyond a direct call",
    );
    expect(page(1.1, "pass")).to.equal("## Findings\n\nEvery measured target is met in this run.\n");
    // A pass on wall time whose CPU-time ratio misses is explained too, under its own heading.
    const cpu = (median: number) =>
      findingsMarkdown({ ...report, rows: [{ ...at(1.1, "pass"), cpuRatio: { ...row.ratio!, median } }] });
    expect(cpu(1.35)).to.include(
      "### 2. Invoker (zod 4): met on wall time, missed on CPU time\n\nBeyond a direct call",
    );
    expect(cpu(1.25)).to.include("### 2. Invoker (zod 4): met, within 10 % of the target");
    expect(cpu(1.1)).to.equal("## Findings\n\nEvery measured target is met in this run.\n");
    // Kinds of one scenario share a heading; a kind's own finding follows the scenario's.
    const two = findingsMarkdown({ ...report, rows: [at(1.4, "MISS"), at(1.35, "MISS", "valibot")] });
    expect(two.match(/^### 2\./gm)).to.have.length(1);
    expect(two).to.include("### 2. Invoker (zod 4, valibot): missed");
  });

  it("the in-process HTTP diagnostic drives its servers to 200s and reports CPU per request", async () => {
    const script = fileURLToPath(new URL("./http-inprocess.ts", import.meta.url));
    const { stdout } = await run(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, REQUESTS: "200", CONCURRENCY: "10" },
    });
    const lines = stdout.trim().split("\n");
    // Per round: bare Node (the floor), the bare hono route, serve()'s listener (the Node-native tool route), the same app through @hono/node-server.
    const names = ["floor   ", "baseline", "axn     ", "axn-hono"];
    expect(lines).to.have.length(12);
    for (const [index, line] of lines.entries()) {
      expect(line).to.match(
        new RegExp(`^round ${Math.floor(index / 4) + 1}  ${names[index % 4]} \\d+\\.\\d\\d µs CPU per request$`),
      );
    }
  });

  it("the HTTP parts diagnostic measures each part it names", async () => {
    const script = fileURLToPath(new URL("./http-parts.ts", import.meta.url));
    const { stdout } = await run(process.execPath, ["--import", "tsx", script], {
      env: { ...process.env, CALLS: "200" },
    });
    const lines = stdout.trim().split("\n");
    expect(lines.map((line) => line.slice(0, 42).trim())).to.include.members([
      "toolInvoker.call(Lookup, wire)",
      "op.invoke(wire) (pipeline + mapping)",
    ]);
    for (const line of lines) expect(line).to.match(/^.{42} \d+\.\d\d µs \(min \d+\.\d\d\)$/);
  });

  it("the stdio CPU diagnostic drives both servers in each era and reports their CPU per call", async () => {
    const script = fileURLToPath(new URL("./stdio-cpu.ts", import.meta.url));
    for (const [flag, era] of [
      [[], "2026-07-28"],
      [["--2025"], "2025-11-25"],
    ] as const) {
      const { stdout } = await run(process.execPath, ["--import", "tsx", script, "cpu", "40", "2", "10", ...flag]);
      const ratio = "axn ÷ bare median \\d+\\.\\d{3}× \\(rounds: \\d+\\.\\d\\d \\d+\\.\\d\\d\\)";
      expect(stdout.trim().split("\n")).to.have.length(3);
      const [head, main, all] = stdout.trim().split("\n");
      expect(head).to.equal(`server CPU per call (${era}), 2 rounds of 40 calls after 10:`);
      expect(main).to.match(new RegExp(`^  main thread: bare \\d+\\.\\d µs, axn \\d+\\.\\d µs; ${ratio}$`));
      expect(all).to.match(new RegExp(`^  all threads: bare \\d+\\.\\d µs, axn \\d+\\.\\d µs; ${ratio}$`));
    }
  });

  it("the profiling harness runs each kind of workload it names", async () => {
    const script = fileURLToPath(new URL("./profile.ts", import.meta.url));
    for (const workload of ["invoke:arktype", "mcp:bare"]) {
      const { stdout } = await run(process.execPath, ["--import", "tsx", script, workload, "20"]);
      expect(stdout.trim()).to.match(new RegExp(`^${workload}: \\d+\\.\\d\\d µs per call \\(20 calls\\)$`));
    }
  });

  it("judges scale growth by the exponent between the two largest sizes", () => {
    const size = (actions: number, factor: number) => ({
      actions,
      defineMs: actions * factor,
      bootMs: 1,
      toolsForColdMs: actions * 0.01,
      toolsForWarmMs: 0.001,
      heapBytes: actions * 1000,
    });
    const checks = scaleChecks([size(100, 1), size(1000, 1), size(10_000, 3)]);
    const byMetric = new Map(checks.map((c) => [c.metric, c]));
    expect(byMetric.get("define actions")!.verdict).to.equal("MISS");
    expect(byMetric.get("define actions")!.exponent).to.be.closeTo(1 + Math.log10(3), 1e-9);
    expect(byMetric.get("Tools.for cold")!.verdict).to.equal("pass");
    expect(byMetric.get("tools/list cold")!.verdict).to.equal("skipped");
    expect(byMetric.get("Tools.for warm < 1 ms at 1,000")!.verdict).to.equal("pass");
  });
});
