/**
 * Small, dependency-free statistics for benchmark rounds: a noisy 2-core machine calls for
 * medians and spreads (min–max, IQR) rather than means, so one disturbed round cannot move a figure.
 */

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly q1: number;
  readonly q3: number;
  readonly n: number;
}

/** Linear-interpolated quantile of an unsorted sample (q in [0, 1]). */
function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  return a + (b - a) * (pos - lo);
}

export function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

export function spread(values: readonly number[]): Spread {
  return {
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    q1: quantile(values, 0.25),
    q3: quantile(values, 0.75),
    n: values.length,
  };
}
