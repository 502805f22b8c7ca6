/**
 * Scenario 21 (issue 21): how long the `axn` CLI takes to start, as a user runs it — a child
 * process per run in the example app's folder — against the floor every Node CLI pays, `node -e 0`.
 * Rows: `axn --help` (no app loaded) and `axn tools` (the `.ts` config, three plugins, the `.ts`
 * tool roots). Rounds alternate baseline and candidate, so a load spike hits both;
 * the ratio of medians is the figure. Not in the smoke pass: it spawns processes by the dozen.
 */
import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { PairResult } from "../lib/measure.js";
import { latencyRow } from "../lib/rows.js";
import { spread } from "../lib/stats.js";
import type { Row, ScenarioContext } from "../lib/types.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const bin = join(repo, "sdk/bin/axn.js");
const example = join(repo, "docs/examples/helpdesk");

function wallMs(args: readonly string[]): number {
  const started = performance.now();
  execFileSync(process.execPath, args, {
    cwd: example,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "development" },
  });
  return performance.now() - started;
}

function pair(args: readonly string[], rounds: number): PairResult {
  const baseline: number[] = [];
  const candidate: number[] = [];
  const ratios: number[] = [];
  wallMs([bin, ...args]); // warm the file system cache and tsx's transform cache
  for (let i = 0; i < rounds; i++) {
    const b = wallMs(["-e", "0"]);
    const c = wallMs([bin, ...args]);
    baseline.push(b);
    candidate.push(c);
    ratios.push(c / b);
  }
  // One op per round; a child's CPU time is not this process's to read.
  return {
    baselineMs: spread(baseline),
    candidateMs: spread(candidate),
    ratio: spread(ratios),
    cpuRatio: undefined,
    samples: rounds,
  };
}

export async function cliStartupScenarios(ctx: ScenarioContext): Promise<readonly Row[]> {
  if (!ctx.ownProcess) return [];
  const rounds = ctx.quick ? 3 : 9;
  ctx.log("21: axn CLI start-up (child processes)");
  return [
    latencyRow(
      {
        id: "21a",
        title: "axn --help start-up",
        candidate: "node sdk/bin/axn.js --help",
        baseline: "node -e 0",
        target: { kind: "max", value: 5 },
      },
      pair(["--help"], rounds),
      rounds,
    ),
    latencyRow(
      {
        id: "21b",
        title: "axn tools start-up (example app)",
        candidate: "node sdk/bin/axn.js tools",
        baseline: "node -e 0",
        target: { kind: "max", value: 10 },
      },
      pair(["tools"], rounds),
      rounds,
    ),
  ];
}
