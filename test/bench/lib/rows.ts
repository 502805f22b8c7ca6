/**
 * Turning a measurement into a table row: unit conversion, the verdict against the target,
 * and the "skipped" row a scenario reports when what it needs (a plugin) is not built.
 */
import type { PairResult } from "./measure.js";
import type { Row, Target, Verdict } from "./types.js";

export function meets(target: Target, ratio: number): boolean {
  if (!Number.isFinite(ratio)) return false;
  switch (target.kind) {
    case "max":
      return ratio <= target.value;
    case "min":
      return ratio >= target.value;
    case "below":
      return ratio < target.value;
  }
}

export function targetText(target: Target): string {
  switch (target.kind) {
    case "max":
      return `≤ ${target.value}×`;
    case "min":
      return `≥ ${target.value}×`;
    case "below":
      return target.value === 1 ? "< 1× (faster)" : `< ${target.value}×`;
  }
}

interface RowHead {
  readonly id: string;
  readonly kind?: string;
  readonly title: string;
  readonly candidate: string;
  readonly baseline: string;
  readonly target: Target;
  readonly note?: string;
}

/** A latency comparison (per-op time, lower is better). */
export function latencyRow(head: RowHead, result: PairResult, rounds: number): Row {
  const verdict: Verdict = meets(head.target, result.ratio.median) ? "pass" : "MISS";
  return {
    ...head,
    unit: "µs/op",
    verdict,
    baselineValue: result.baselineMs.median * 1000,
    candidateValue: result.candidateMs.median * 1000,
    ratio: result.ratio,
    ...(result.cpuRatio === undefined ? {} : { cpuRatio: result.cpuRatio }),
    rounds,
  };
}

export function skippedRow(head: RowHead, unit: Row["unit"], reason: string): Row {
  return { ...head, unit, verdict: "skipped", note: reason };
}

/** How a row is named in tables and the chart: its title, and its schema kind when it has one. */
export function rowLabel(row: Pick<Row, "title" | "kind">): string {
  return row.kind === undefined ? row.title : `${row.title} · ${row.kind}`;
}
