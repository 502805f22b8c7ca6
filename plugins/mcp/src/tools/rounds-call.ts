/**
 * One 2026-07-28 request that may ask for input (a tool call, a prompt): the code runs with this
 * round's answers; when it asks something nobody has answered yet, the request ends the round with
 * an `input_required` result carrying the questions and the signed state of the answers so far
 * (input-rounds.ts, round-state.ts). The code is abandoned then: its signal aborts, and it runs
 * again from the start on the retry.
 */
import type { InputRequiredResult, RequestStateCodec } from "@modelcontextprotocol/server";
import { INPUT_REQUIRED_REASON, InputRounds } from "./input-rounds.js";
import { resumedRounds, type RoundState } from "./round-state.js";

export interface Round {
  /** Who may resume it, for what, and with which arguments (a digest). */
  readonly bound: Omit<RoundState, "rounds">;
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
  const rounds = new InputRounds(resumedRounds(round.state, round.bound), round.responses);
  const ended = new AbortController();
  const signal = round.signal === undefined ? ended.signal : AbortSignal.any([round.signal, ended.signal]);
  const answered = run(rounds, signal);
  const NEEDED = Symbol("needed");
  const outcome = await Promise.race([answered, rounds.needed.then(() => NEEDED)]);
  if (outcome !== NEEDED) return outcome as T;
  // The code waits on a question: it is abandoned (its signal says why) and runs again on the retry.
  ended.abort(INPUT_REQUIRED_REASON);
  answered.catch(() => undefined);
  return rounds.result(await codec.mint({ ...round.bound, rounds: rounds.answeredSoFar() }));
}
