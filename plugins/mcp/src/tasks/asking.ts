/**
 * A task that asks (2026-07-28): its job runs the body on the SDK's rounds engine, as a 2026
 * `tools/call` does, but the round ends the job instead of the request — the job settles with the
 * open questions and the rounds so far (`SettledJob.asked`), `tasks/get` shows them as
 * `input_required` with `inputRequests`, and once `tasks/update` has answered every one the call is
 * submitted again as a new job whose body starts with all the answers (task-store.ts). Nothing is
 * signed: the rounds stay in the job and its record, on the server's side.
 *
 * The runner is installed in kernel state (`Jobs.askWith`) by the plugin as it loads and by each
 * task store, so every process that runs such jobs — an `axn serve` with the embedded queue, an
 * `axn worker` on BullMQ — runs them alike.
 */
import { Jobs, type JsonValue } from "@axn/core";
import { InputRounds, runRounds, type CarriedRounds, type InputKind, type InputQuestion } from "@axn/sdk/adapter";
import { askingChannel } from "../tools/live.js";

/** What a task's job carries to ask with (`JobPayload.asking`). */
export interface TaskAsking {
  /** The kinds of question its client can answer (askableKinds). */
  readonly kinds: readonly InputKind[];
  /** The rounds so far and this run's answers to the questions they left open; absent on the first run. */
  readonly carried?: CarriedRounds;
  readonly answers?: { readonly [key: string]: unknown };
}

/** What a job that ended on a question settles with (`SettledJob.asked`). */
export interface TaskAsked {
  readonly questions: { readonly [key: string]: InputQuestion };
  readonly carried: CarriedRounds;
}

type AskingRunner = Parameters<typeof Jobs.askWith>[0];

const askInTask: AskingRunner = async (asking, live, signal, run) => {
  const { kinds, carried, answers } = asking as unknown as TaskAsking;
  const rounds = new InputRounds(carried, answers);
  const channel = askingChannel(rounds, live ?? {}, kinds);
  const outcome = await runRounds(rounds, (bodySignal) => run(channel, bodySignal), signal);
  if (outcome.done) return { result: outcome.value };
  const asked: TaskAsked = { questions: rounds.questions(), carried: rounds.carried() };
  return { asked: asked as unknown as JsonValue };
};

/** Installs the runner of tasks that ask in this process (idempotent). */
export function installTaskAsking(): void {
  Jobs.askWith(askInTask);
}

/** The open questions of a job that ended on one, or `undefined` for any other job. */
export function askedOf(settled: { readonly asked?: JsonValue } | undefined): TaskAsked | undefined {
  return settled?.asked as unknown as TaskAsked | undefined;
}
