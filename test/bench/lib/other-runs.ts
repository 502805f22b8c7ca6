/**
 * Runs of some scenarios on another Node major, shown on docs/benchmarks.md beside the full run:
 * each is a report `one.ts` saved with `BENCH_SAVE=docs/benchmarks-node<major>.json`, committed
 * with the command that measured it, so the page keeps it (with its own date) when `npm run bench`
 * regenerates the rest.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchReport } from "./types.js";

/** A saved run: the report, and the command line that measured it. */
export interface SavedRun extends BenchReport {
  readonly command: string;
}

const FILE = /^benchmarks-node(\d+)\.json$/;

const major = (version: string): number => Number(/^v?(\d+)/.exec(version)?.[1]);

/** The saved runs in `dir` on a Node major other than `current`'s (a process version, `v20.20.2`), newest major first. */
export function otherRuns(dir: string, current: string): SavedRun[] {
  return readdirSync(dir)
    .filter((name) => FILE.test(name))
    .map((name) => JSON.parse(readFileSync(join(dir, name), "utf8")) as SavedRun)
    .filter((run) => major(run.machine.node) !== major(current))
    .sort((a, b) => major(b.machine.node) - major(a.machine.node));
}
