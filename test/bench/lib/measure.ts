/**
 * Paired measurement: baseline and candidate run in the same round, one after the other, with the
 * order flipped every round, so slow drift on a shared machine (thermal, a neighbour's job, GC
 * pressure building up) lands on both sides equally. Each round is one tinybench run of the two
 * tasks; a round's figure is the mean time per operation (GC included: allocation is part of the
 * cost), and a round's ratio is candidate / baseline. Figures reported are medians over rounds.
 */
import { Bench } from "tinybench";
import { spread, type Spread } from "./stats.js";

export type Op = () => unknown;

export interface PairOptions {
  /** Rounds (≥ 5 in a full run); order alternates each round. */
  readonly rounds: number;
  /** Time budget per task per round, ms. */
  readonly timeMs: number;
  /** Untimed warm-up before the first round, ms per task (JIT, caches, lazy schemas). */
  readonly warmupMs: number;
  /** Minimum iterations per task per round. */
  readonly minIterations?: number;
}

export interface PairResult {
  /** Per-round mean time per op, milliseconds. */
  readonly baselineMs: Spread;
  readonly candidateMs: Spread;
  /** Per-round candidate / baseline. */
  readonly ratio: Spread;
  readonly samples: number;
}

async function runTask(bench: Bench, name: string): Promise<number> {
  const task = bench.getTask(name);
  if (task === undefined) throw new Error(`bench: no task ${name}`);
  const result = task.result;
  if (result.state !== "completed") {
    const error = result.state === "errored" ? result.error : undefined;
    throw new Error(`bench: task ${name} ${result.state}${error === undefined ? "" : `: ${error.message}`}`, { cause: error });
  }
  return result.period;
}

export async function measurePair(baseline: Op, candidate: Op, options: PairOptions): Promise<PairResult> {
  // One call each first: a broken op must fail loudly here, not be benchmarked as a fast exception.
  await baseline();
  await candidate();
  if (options.warmupMs > 0) {
    const warm = new Bench({ time: options.warmupMs, iterations: 16, warmup: false, throws: true });
    warm.add("baseline", baseline).add("candidate", candidate);
    await warm.run();
  }
  const base: number[] = [];
  const cand: number[] = [];
  const ratios: number[] = [];
  let samples = 0;
  for (let round = 0; round < options.rounds; round++) {
    const bench = new Bench({ time: options.timeMs, iterations: options.minIterations ?? 32, warmup: false, throws: true });
    if (round % 2 === 0) bench.add("baseline", baseline).add("candidate", candidate);
    else bench.add("candidate", candidate).add("baseline", baseline);
    await bench.run();
    const b = await runTask(bench, "baseline");
    const c = await runTask(bench, "candidate");
    samples += (bench.getTask("baseline")?.runs ?? 0) + (bench.getTask("candidate")?.runs ?? 0);
    base.push(b);
    cand.push(c);
    ratios.push(c / b);
  }
  return { baselineMs: spread(base), candidateMs: spread(cand), ratio: spread(ratios), samples };
}
