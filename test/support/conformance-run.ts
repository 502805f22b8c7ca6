/**
 * One run of the official MCP conformance suite's `server` command (a CLI run as a program, on a
 * Node binary it accepts), read back from the folder it writes: `results/server-<scenario>-<time>/`
 * per scenario, with the scenario's `checks.json` — or no checks.json when the scenario threw before
 * it could write one (the CLI then prints `Failed to run scenario <name>: <error>`).
 */
import { type ChildProcess, execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

interface Check {
  readonly id: string;
  readonly status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  readonly errorMessage?: string;
}

export interface SuiteRun {
  readonly code: number | null;
  readonly output: string;
  /** Every scenario that left a result folder → its checks, or `undefined` when it wrote none. */
  readonly scenarios: ReadonlyMap<string, readonly Check[] | undefined>;
}

export interface SuiteProcess {
  /** The CLI's process, to end when a spec gives up on it. */
  readonly child: ChildProcess;
  readonly done: Promise<SuiteRun>;
}

/** Runs `node cli server --url <url> ...args -o <folder>/results` in `folder` and reads what it left. */
export function runConformanceServer(
  node: string,
  cli: string,
  url: string,
  args: readonly string[],
  folder: string,
): SuiteProcess {
  const results = join(folder, "results");
  let child: ChildProcess | undefined;
  const done = new Promise<SuiteRun>((resolve) => {
    child = execFile(
      node,
      [cli, "server", "--url", url, ...args, "-o", results],
      { cwd: folder, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const scenarios = new Map<string, readonly Check[] | undefined>();
        for (const entry of existsSync(results) ? readdirSync(results) : []) {
          const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(entry)?.[1];
          if (scenario === undefined) continue;
          const file = join(results, entry, "checks.json");
          scenarios.set(scenario, existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Check[]) : undefined);
        }
        resolve({
          code: error === null ? 0 : typeof error.code === "number" ? error.code : null,
          output: `${stdout}\n${stderr}`,
          scenarios,
        });
      },
    );
  });
  return { child: child!, done };
}

const brief = (text: string): string => {
  const line = text.split("\n")[0]!.trim();
  return line.length > 140 ? `${line.slice(0, 140)}…` : line;
};

/**
 * A scenario's verdict in one line: "pass" (no failure, no warning, something checked — a warning
 * counts against a scenario, as the suite's own expected-failures baseline counts it), "warnings: …"
 * or "fails: …" with the checks concerned, "checked nothing" (only skipped or informational checks),
 * "crashed: …" (no checks.json; the CLI's error line), or "did not run".
 */
export function verdictOf(run: SuiteRun, scenario: string): string {
  if (!run.scenarios.has(scenario)) return "did not run";
  const checks = run.scenarios.get(scenario);
  if (checks === undefined) {
    const line = run.output.split("\n").find((text) => text.startsWith(`Failed to run scenario ${scenario}: `));
    return `crashed: ${line === undefined ? "no checks.json" : brief(line.slice(`Failed to run scenario ${scenario}: `.length))}`;
  }
  const listed = (status: Check["status"]): string =>
    [
      ...new Set(
        checks
          .filter((check) => check.status === status)
          .map((check) => `${check.id}${check.errorMessage === undefined ? "" : ` (${brief(check.errorMessage)})`}`),
      ),
    ].join("; ");
  if (checks.some((check) => check.status === "FAILURE")) return `fails: ${listed("FAILURE")}`;
  if (checks.some((check) => check.status === "WARNING")) return `warnings: ${listed("WARNING")}`;
  return checks.some((check) => check.status === "SUCCESS") ? "pass" : "checked nothing";
}

/** Whether the CLI recorded a result for `scenario`: its checks, or its "Failed to run" line. */
export function leftResults(run: SuiteRun, scenario: string): boolean {
  return (
    run.scenarios.get(scenario) !== undefined ||
    (run.scenarios.has(scenario) && run.output.includes(`Failed to run scenario ${scenario}: `))
  );
}
