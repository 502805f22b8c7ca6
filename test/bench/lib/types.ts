/**
 * The shapes the bench passes around: what a scenario returns (a row per comparison) and the
 * whole run's report. Kept plain data so the smoke spec can check a report's form directly.
 */
import type { PairOptions } from "./measure.js";
import type { Spread } from "./stats.js";

/** `max`: ratio must be ≤ value (overhead). `min`: ratio must be ≥ value (throughput). `below`: ratio < value. */
export type Target =
  | { readonly kind: "max"; readonly value: number }
  | { readonly kind: "min"; readonly value: number }
  | { readonly kind: "below"; readonly value: number };

export type Verdict = "pass" | "MISS" | "skipped";

export interface Row {
  /** Scenario number from the issue, e.g. "1", "3b". */
  readonly id: string;
  /** The schema kind the row's action is declared with, for rows measured once per kind ("zod 4", "valibot"…). */
  readonly kind?: string;
  readonly title: string;
  readonly candidate: string;
  readonly baseline: string;
  /** Unit of baselineValue/candidateValue. */
  readonly unit: "µs/op" | "req/s";
  readonly target: Target;
  readonly verdict: Verdict;
  /** Medians over rounds (absent when skipped). */
  readonly baselineValue?: number;
  readonly candidateValue?: number;
  readonly ratio?: Spread;
  /** The same pairing read in process CPU time per op (in-process rows; absent when too short to read). */
  readonly cpuRatio?: Spread;
  readonly rounds?: number;
  readonly note?: string;
}

export interface ScaleSize {
  readonly actions: number;
  /** Defining the actions (defineAxn × n), ms. */
  readonly defineMs: number;
  /** createKernelHost + plugin apply + freeze, median ms. */
  readonly bootMs: number;
  readonly toolsForColdMs: number;
  readonly toolsForWarmMs: number;
  /** MCP tools/list through a real Client: first call, then warm median. Absent without the plugin. */
  readonly toolsListColdMs?: number;
  readonly toolsListWarmMs?: number;
  /** heapUsed after gc, relative to the heap before any action was defined, bytes. */
  readonly heapBytes: number;
}

export interface ScaleCheck {
  readonly metric: string;
  /** Growth exponent between the two largest sizes: log(t₂/t₁)/log(n₂/n₁); 1 = linear. */
  readonly exponent: number;
  readonly verdict: Verdict;
  readonly note?: string;
}

export interface ScaleReport {
  readonly sizes: readonly ScaleSize[];
  readonly checks: readonly ScaleCheck[];
  readonly plugins: readonly string[];
  readonly skipped?: string;
}

export interface Machine {
  readonly cpu: string;
  readonly cores: number;
  readonly node: string;
  readonly platform: string;
  readonly memoryGiB: number;
  /** The 1-minute load average when the run started and when it ended (absent in older reports). */
  readonly loadAverage?: readonly number[];
}

export interface BenchReport {
  readonly date: string;
  readonly quick: boolean;
  readonly machine: Machine;
  readonly rows: readonly Row[];
  readonly scale: ScaleReport | undefined;
  readonly durationS: number;
}

export interface ScenarioContext {
  readonly quick: boolean;
  /**
   * The suite has the process to itself (`npm run bench`), so a scenario may switch process-wide
   * state between its batches (scenario 4 switches Node's promise hook off for its baseline). False
   * in the smoke spec, which shares mocha's process with every other spec.
   */
  readonly ownProcess: boolean;
  readonly pair: PairOptions;
  readonly log: (message: string) => void;
}
