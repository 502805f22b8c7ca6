/**
 * One run of a body that may ask (input-rounds.ts): it runs with this round's answers; when it asks
 * something nobody has answered yet, the run ends the round — the body is abandoned (its
 * `ctx.signal` aborts with {@link INPUT_REQUIRED_REASON}; whatever it does after that is ignored)
 * and the outcome names the open questions, for the transport to send with a signed state
 * (round-state.ts). The body runs again from the start on the retry.
 *
 * @example
 * ```ts
 * const rounds = new InputRounds(carried, responses);
 * const outcome = await runRounds(rounds, (signal) => invoke(args, { signal, live: roundsChannel(rounds) }), request.signal);
 * if (!outcome.done) reply(428, { inputRequests: rounds.questions(), requestState: codec.mint(binding, rounds.carried()) });
 * ```
 */
import type { CallReceiver } from "../pipeline.js";
import type { InputRounds, RoundWaiter } from "./input-rounds.js";

/** The reason a body's `ctx.signal` aborts with when its run ends the round with questions. */
export const INPUT_REQUIRED_REASON = "input required: the caller was asked and will call again with the answers";

export type RoundOutcome<T> = { readonly done: true; readonly value: T } | { readonly done: false };

/**
 * Runs `run` until it settles or asks a question with no answer. `run` gets the body's signal as a
 * function building it on first use (most bodies never read it): it aborts when the round ends
 * with questions, and when `callerSignal` (the client went away) does.
 */
export function runRounds<T>(
  rounds: InputRounds,
  run: (signal: () => AbortSignal) => Promise<T>,
  callerSignal?: () => AbortSignal,
): Promise<RoundOutcome<T>> {
  // One promise for the outcome, settled by whichever comes first (cheaper per call than a race).
  return new Promise<RoundOutcome<T>>((resolve, reject) => {
    runRoundsInto(rounds, new PromisedRound(run, callerSignal, resolve, reject));
  });
}

/** One run of a body under the rounds engine: its signal, and what its run tells when it settles. */
export interface RoundRunning<T> extends CallReceiver<T> {
  /** The body's signal, built on first use: it aborts when the round ends with questions, or the caller's does. */
  signal(): AbortSignal;
}

/**
 * One call under the rounds engine, as an object (`runRoundsInto`): it runs the body, and is told
 * once how the round ended — answered, asked (the body waits on a question nobody answered), or
 * failed. None of its methods may throw.
 */
export interface RoundCall<T> {
  /** Runs the body once (`round.signal()` its signal), telling `round` how it settled. */
  run(round: RoundRunning<T>): void;
  /** The caller's signal (the client went away), asked only when the body reads its own. */
  callerSignal?(): AbortSignal | undefined;
  done(value: T): void;
  asked(): void;
  failed(error: unknown): void;
}

/**
 * `runRounds` for a transport answering from its own per-call object (the HTTP API): the same
 * engine, told to `call` instead of settling a promise — no promise, resolvers, outcome object or
 * closure per call.
 */
export function runRoundsInto<T>(rounds: InputRounds, call: RoundCall<T>): void {
  const round = new RoundRun(call);
  rounds.onNeeded(round);
  call.run(round);
}

/** `runRounds`' promise as a `RoundCall`: the body a function returning a promise. */
class PromisedRound<T> implements RoundCall<T> {
  readonly #run: (signal: () => AbortSignal) => Promise<T>;
  readonly #callerSignal: (() => AbortSignal) | undefined;
  readonly #resolve: (outcome: RoundOutcome<T>) => void;
  readonly #reject: (error: unknown) => void;

  constructor(
    run: (signal: () => AbortSignal) => Promise<T>,
    callerSignal: (() => AbortSignal) | undefined,
    resolve: (outcome: RoundOutcome<T>) => void,
    reject: (error: unknown) => void,
  ) {
    this.#run = run;
    this.#callerSignal = callerSignal;
    this.#resolve = resolve;
    this.#reject = reject;
  }

  run(round: RoundRunning<T>): void {
    this.#run(() => round.signal()).then(
      (value) => round.answered(value),
      (error: unknown) => round.failed(error),
    );
  }

  callerSignal(): AbortSignal | undefined {
    return this.#callerSignal?.();
  }

  done(value: T): void {
    this.#resolve({ done: true, value });
  }

  asked(): void {
    this.#resolve(NOT_DONE);
  }

  failed(error: unknown): void {
    this.#reject(error);
  }
}

/**
 * One run's state: the body's signal (built on first use, with the caller's forwarded into it)
 * and whether the outcome is settled — one object, where closures over shared variables were four;
 * it is also what the body's run tells (`CallReceiver`), and what the rounds tell when the body
 * waits on a question (`RoundWaiter`). TypeScript-private fields, as `InputRounds`': one is built per call.
 */
class RoundRun<T> implements RoundRunning<T>, RoundWaiter {
  private readonly call: RoundCall<T>;
  private ended: AbortController | undefined;
  private caller: AbortSignal | undefined;
  private forward: (() => void) | undefined;
  private settled: boolean;

  constructor(call: RoundCall<T>) {
    this.call = call;
    this.ended = undefined;
    this.caller = undefined;
    this.forward = undefined;
    this.settled = false;
  }

  /** The body's run settled first: its value is the call's. */
  answered(value: T): void {
    if (this.finish()) this.call.done(value);
  }

  failed(error: unknown): void {
    if (this.finish()) this.call.failed(error);
  }

  /** The body waits on a question: it is abandoned (its signal says why) and runs again on the retry. */
  needed(): void {
    if (!this.finish()) return;
    this.ended?.abort(INPUT_REQUIRED_REASON);
    this.call.asked();
  }

  signal(): AbortSignal {
    if (this.ended === undefined) {
      const ended = new AbortController();
      this.ended = ended;
      const caller = this.call.callerSignal?.();
      this.caller = caller;
      if (caller?.aborted === true) ended.abort(caller.reason);
      else if (caller !== undefined) {
        this.forward = () => ended.abort(caller.reason);
        caller.addEventListener("abort", this.forward, { once: true });
      }
    }
    return this.ended.signal;
  }

  /** Settles the outcome once: `false` when it was settled already. */
  private finish(): boolean {
    if (this.settled) return false;
    this.settled = true;
    if (this.forward !== undefined) this.caller?.removeEventListener("abort", this.forward);
    return true;
  }
}

const NOT_DONE: RoundOutcome<never> = Object.freeze({ done: false });
