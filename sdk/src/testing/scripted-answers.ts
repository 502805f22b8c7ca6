/**
 * Answering a body's questions in a spec, both ways a transport can: `scriptedAnswers` answers
 * each `ctx.elicit` in place, in order (as MCP 2025-11-25, a terminal or a direct call do), and
 * `rerunWithAnswers` runs the call the way a transport that cannot pause does (MCP 2026-07-28, a
 * LangGraph resume, an HTTP retry): each unanswered question abandons the run — its signal
 * aborted — and the call runs again from the start with one more answer, `ctx.answered` saying how
 * many it starts with. A body written to the contract (ask before acting) gives the same result
 * both ways, with its side effects once.
 *
 * An answer is core's `GivenAnswer`: `{ action: "accept", content }`, `{ action: "decline" }`,
 * `{ action: "cancel" }`, or the filled form on its own; the runtime validates it against the form.
 *
 * @example
 * ```ts
 * const live = scriptedAnswers([{ confirm: true }, { action: "decline" }]);
 * const result = await BookRoom.call({ room: "blue" }, { live });
 * // live.asked: every question, in order ({ message, requestedSchema, key? })
 * const again = await rerunWithAnswers((live, signal) => BookRoom.call({ room: "blue" }, { live, signal }), [
 *   { confirm: true },
 *   { guest: "Ada" },
 * ]);
 * // again.result, again.runs === 3, again.asked
 * ```
 */
import { answerGiven, type ElicitAnswer, type ElicitRequest, type GivenAnswer, type LiveChannel } from "@axn/core";

/** A live channel answering from a script; `asked` records every question, in order. */
export interface ScriptedAnswers extends LiveChannel {
  elicit(request: ElicitRequest, signal: AbortSignal): Promise<ElicitAnswer>;
  readonly asked: readonly ElicitRequest[];
}

function unscripted(asked: number, request: ElicitRequest, scripted: number): Error {
  return new Error(
    `scriptedAnswers: the body asked question ${asked} ("${request.message}") but the script has ${scripted} answer${scripted === 1 ? "" : "s"}; add one for it`,
  );
}

/** Answers the body's questions in place, in order, from `answers`. */
export function scriptedAnswers(answers: readonly GivenAnswer[]): ScriptedAnswers {
  const asked: ElicitRequest[] = [];
  return {
    asked,
    async elicit(request) {
      asked.push(request);
      if (asked.length > answers.length) throw unscripted(asked.length, request, answers.length);
      return answerGiven(answers[asked.length - 1]);
    },
  };
}

/** What {@link rerunWithAnswers} ends with: the last run's result, how many runs it took, every question of every run. */
export interface Rerun<R> {
  readonly result: R;
  readonly runs: number;
  readonly asked: readonly ElicitRequest[];
}

/** The reason a run's signal aborts with when its question ends the round. */
export const RERUN_REASON = "input required: the call runs again with the answer";

/**
 * Runs `call` as a transport that cannot pause does: a run whose next question has no answer yet
 * is abandoned (its signal aborts with {@link RERUN_REASON}) and `call` runs again from the start
 * with that answer added, until a run finishes. `call` must pass `live` and `signal` on to the call.
 */
export async function rerunWithAnswers<R>(
  call: (live: LiveChannel, signal: AbortSignal) => Promise<R>,
  answers: readonly GivenAnswer[],
): Promise<Rerun<R>> {
  const asked: ElicitRequest[] = [];
  for (let known = 0; ; known++) {
    let index = 0;
    let wake: (() => void) | undefined;
    const needed = new Promise<typeof NEEDED>((resolve) => {
      wake = () => resolve(NEEDED);
    });
    const ended = new AbortController();
    const live: LiveChannel = {
      answered: known,
      elicit: (request) => {
        asked.push(request);
        const at = index++;
        if (at < known) return Promise.resolve(answerGiven(answers[at]));
        if (at >= answers.length) return Promise.reject(unscripted(at + 1, request, answers.length));
        wake?.();
        return new Promise<never>(() => undefined);
      },
    };
    const run = call(live, ended.signal);
    const outcome = await Promise.race([run, needed]);
    if (outcome !== NEEDED) return { result: outcome as R, runs: known + 1, asked };
    ended.abort(RERUN_REASON);
    run.catch(() => undefined);
  }
}

const NEEDED = Symbol("needed");
