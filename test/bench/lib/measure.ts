/**
 * Paired measurement: baseline and candidate run in the same round, one after the other, with the
 * order flipped every round, so slow drift on a shared machine (thermal, a neighbour's job, GC
 * pressure building up) lands on both sides equally. Each round is one tinybench run of the two
 * tasks; a round's figure is the mean time per operation (GC included: allocation is part of the
 * cost), and a round's ratio is candidate / baseline. Figures reported are medians over rounds.
 * Each round also reads the process's CPU time around each task (`process.cpuUsage()`): on a
 * loaded machine, time spent waiting for a core inflates wall time but not CPU time, so the CPU
 * ratio is the steadier of the two there (the verdict stays on wall time).
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
  /** Per-round candidate / baseline of CPU time per op; absent when a round was too short to read one. */
  readonly cpuRatio: Spread | undefined;
  readonly samples: number;
}

/** The process's CPU time (user + system, µs) over one task's timed phase. */
class CpuClock {
  #start: NodeJS.CpuUsage | undefined;
  micros = 0;
  start(): void {
    this.#start = process.cpuUsage();
  }
  stop(): void {
    const used = process.cpuUsage(this.#start);
    this.micros = used.user + used.system;
  }
}

async function runTask(bench: Bench, name: string): Promise<number> {
  const task = bench.getTask(name);
  if (task === undefined) throw new Error(`bench: no task ${name}`);
  const result = task.result;
  if (result.state !== "completed") {
    const error = result.state === "errored" ? result.error : undefined;
    throw new Error(`bench: task ${name} ${result.state}${error === undefined ? "" : `: ${error.message}`}`, {
      cause: error,
    });
  }
  return result.period;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}

export interface PairHooks {
  /** Runs before the baseline's batch in the warm-up and in every round (e.g. switching promise hooks off). */
  readonly beforeBaseline?: () => unknown;
}

export async function measurePair(
  baseline: Op,
  candidate: Op,
  options: PairOptions,
  hooks: PairHooks = {},
): Promise<PairResult> {
  const prepare = async (): Promise<void> => void (await hooks.beforeBaseline?.());
  // One call each first: a broken op must fail loudly here, not be benchmarked as a fast exception.
  // Whether each is async is read here and told to tinybench, which otherwise finds out by calling
  // the op once more when it is added — a call it never awaits, left running into the first task.
  const baselineFirst = baseline();
  const baselineAsync = isThenable(baselineFirst);
  await baselineFirst;
  const candidateFirst = candidate();
  const candidateAsync = isThenable(candidateFirst);
  await candidateFirst;
  const baselineOptions = { async: baselineAsync, beforeAll: prepare };
  if (options.warmupMs > 0) {
    const warm = new Bench({ time: options.warmupMs, iterations: 16, warmup: false, throws: true });
    warm.add("baseline", baseline, baselineOptions).add("candidate", candidate, { async: candidateAsync });
    await warm.run();
  }
  const base: number[] = [];
  const cand: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  let samples = 0;
  for (let round = 0; round < options.rounds; round++) {
    const bench = new Bench({
      time: options.timeMs,
      iterations: options.minIterations ?? 32,
      warmup: false,
      throws: true,
    });
    const baseCpu = new CpuClock();
    const candCpu = new CpuClock();
    const baseTask = {
      async: baselineAsync,
      beforeAll: async () => {
        await prepare();
        baseCpu.start();
      },
      afterAll: () => baseCpu.stop(),
    };
    const candTask = { async: candidateAsync, beforeAll: () => candCpu.start(), afterAll: () => candCpu.stop() };
    if (round % 2 === 0) bench.add("baseline", baseline, baseTask).add("candidate", candidate, candTask);
    else bench.add("candidate", candidate, candTask).add("baseline", baseline, baseTask);
    await bench.run();
    const b = await runTask(bench, "baseline");
    const c = await runTask(bench, "candidate");
    const baseRuns = bench.getTask("baseline")?.runs ?? 0;
    const candRuns = bench.getTask("candidate")?.runs ?? 0;
    samples += baseRuns + candRuns;
    base.push(b);
    cand.push(c);
    ratios.push(c / b);
    if (baseCpu.micros > 0 && candCpu.micros > 0 && baseRuns > 0 && candRuns > 0)
      cpuRatios.push(candCpu.micros / candRuns / (baseCpu.micros / baseRuns));
  }
  const cpuRatio = cpuRatios.length === options.rounds ? spread(cpuRatios) : undefined;
  return { baselineMs: spread(base), candidateMs: spread(cand), ratio: spread(ratios), cpuRatio, samples };
}
