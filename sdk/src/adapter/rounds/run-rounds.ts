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
import type { InputRounds } from "./input-rounds.js";

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
  let ended: AbortController | undefined;
  let caller: AbortSignal | undefined;
  const forward = (): void => ended?.abort(caller?.reason);
  const signal = (): AbortSignal => {
    if (ended === undefined) {
      ended = new AbortController();
      caller = callerSignal?.();
      if (caller?.aborted === true) forward();
      else caller?.addEventListener("abort", forward, { once: true });
    }
    return ended.signal;
  };
  // One promise for the outcome, settled by whichever comes first (cheaper per call than a race).
  return new Promise<RoundOutcome<T>>((resolve, reject) => {
    let settled = false;
    const finish = (): boolean => {
      if (settled) return false;
      settled = true;
      caller?.removeEventListener("abort", forward);
      return true;
    };
    rounds.onNeeded(() => {
      if (!finish()) return;
      // The body waits on a question: it is abandoned (its signal says why) and runs again on the retry.
      ended?.abort(INPUT_REQUIRED_REASON);
      resolve(NOT_DONE);
    });
    run(signal).then(
      (value) => {
        if (finish()) resolve({ done: true, value });
      },
      (error: unknown) => {
        if (finish()) reject(error);
      },
    );
  });
}

const NOT_DONE: RoundOutcome<never> = Object.freeze({ done: false });
