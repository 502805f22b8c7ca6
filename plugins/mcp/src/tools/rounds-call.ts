/**
 * One 2026-07-28 request that may ask for input (a tool call, a prompt): the code runs with this
 * round's answers; when it asks something nobody has answered yet, the request ends the round with
 * an `input_required` result carrying the questions and the signed state of the answers so far
 * (input-rounds.ts, round-state.ts). The code is abandoned then: its signal aborts, and it runs
 * again from the start on the retry.
 */
import type { InputRequiredResult, RequestStateCodec } from "@modelcontextprotocol/server";
import { INPUT_REQUIRED_REASON, InputRounds } from "./input-rounds.js";
import { argumentsDigest, resumedRounds, type RoundState } from "./round-state.js";

export interface Round {
  /** Who may resume it and for what. */
  readonly bound: Omit<RoundState, "rounds" | "args">;
  /** The call's arguments: digested only when a round is resumed or started, not on every call. */
  readonly args: unknown;
  /** The verified `requestState` (the SDK's seam ran the codec); `undefined` on the first round. */
  readonly state: unknown;
  readonly responses: Readonly<Record<string, unknown>> | undefined;
  /** The request's own signal (the client went away). */
  readonly signal: AbortSignal | undefined;
}

export async function runWithRounds<T>(
  codec: RequestStateCodec<RoundState>,
  round: Round,
  run: (rounds: InputRounds, signal: AbortSignal) => Promise<T>,
): Promise<T | InputRequiredResult> {
  let digest: string | undefined;
  const bound = (): Omit<RoundState, "rounds"> => ({ ...round.bound, args: (digest ??= argumentsDigest(round.args)) });
  const known = round.state === undefined ? undefined : resumedRounds(round.state, bound());
  const rounds = new InputRounds(known, round.responses);
  // One controller the request's signal forwards to (cheaper per call than AbortSignal.any).
  const ended = new AbortController();
  const forward = (): void => ended.abort(round.signal?.reason);
  if (round.signal?.aborted === true) forward();
  else round.signal?.addEventListener("abort", forward, { once: true });
  try {
    const answered = run(rounds, ended.signal);
    const outcome = await Promise.race([answered, rounds.needed.then(() => NEEDED)]);
    if (outcome !== NEEDED) return outcome as T;
    // The code waits on a question: it is abandoned (its signal says why) and runs again on the retry.
    ended.abort(INPUT_REQUIRED_REASON);
    answered.catch(() => undefined);
    return rounds.result(await codec.mint({ ...bound(), rounds: rounds.answeredSoFar() }));
  } finally {
    round.signal?.removeEventListener("abort", forward);
  }
}

const NEEDED = Symbol("needed");
