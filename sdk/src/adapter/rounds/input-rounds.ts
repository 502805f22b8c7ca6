/**
 * The questions of one run of a body on a transport that re-runs it with the answers (MCP
 * 2026-07-28, an HTTP retry): each question is recorded by key with a digest of what was asked;
 * an answer the caller gave is replayed to the question at the same position when that question is
 * the same (same key, same digest) and every earlier one was answered too; the first question with
 * no answer opens the round — it never settles, `onNeeded`'s callback runs (one turn later, so
 * questions asked together with `Promise.all` go out together), and the transport abandons the body
 * (run-rounds.ts).
 *
 * A body therefore repeats whatever it did before its last question: ask before acting.
 */
import { digestOf } from "./canonical.js";
import type { InputKind, InputQuestion } from "./question.js";

/** A question left open by a round: its kind and digest, so only the same question takes the answer. */
export interface PendingQuestion {
  readonly kind: InputKind;
  readonly digest: string;
}

/** What one round carries to the next (inside the signed state): the answers so far and the open questions. */
export interface CarriedRounds {
  /** The digest of each answered question, in the order asked. */
  readonly asked: readonly string[];
  readonly answers: readonly unknown[];
  /** The questions the last round left open, by key. */
  readonly pending: { readonly [key: string]: PendingQuestion };
}

/**
 * Answers a caller sent with no round to answer (MCP 2026-07-28 lets a client send `inputResponses`
 * before it was asked): each is taken for the question the body asks under its key, when `answer`
 * turns it into that question's answer (checked for the question's kind; `undefined`: asked again).
 */
export interface UnsolicitedAnswers {
  readonly responses: Readonly<Record<string, unknown>>;
  answer(kind: InputKind, key: string, response: unknown): unknown;
}

const NO_ROUNDS: CarriedRounds = Object.freeze({ asked: [], answers: [], pending: {} });
const NO_RESPONSES: Readonly<Record<string, unknown>> = Object.freeze({});

/** The key of the n-th question of a call when the body did not name it (`AskOptions.key`). */
const positionalKey = (index: number): string => `q${index}`;

/** Told when a round's body asked what nobody has answered (`InputRounds.onNeeded`). */
export interface RoundWaiter {
  needed(): void;
}

/**
 * Its fields are TypeScript-private, not `#private`: V8 defines each `#field` through an IC call as
 * the object is built, and one is built per call — ten of them cost ~1k instructions a request
 * (callgrind, bench row 5d).
 */
export class InputRounds {
  private readonly carriedRounds: CarriedRounds;
  private readonly responses: Readonly<Record<string, unknown>>;
  private readonly unsolicited: UnsolicitedAnswers | undefined;
  private count: number;
  // Built by the first question: most calls never ask, and a call that does not pays for none of it.
  private open: Record<string, InputQuestion> | undefined;
  private openDigests: Record<string, PendingQuestion> | undefined;
  private asked: string[] | undefined;
  private answers: unknown[] | undefined;
  private wake: RoundWaiter | undefined;

  /**
   * `carried` is what the verified state of the previous round holds; `responses` the caller's
   * answers to its open questions, by key (already checked: `checkInputResponse`); `unsolicited`
   * what a first call brought with no state (taken only where `carried` holds nothing).
   */
  constructor(
    carried: CarriedRounds = NO_ROUNDS,
    responses: Readonly<Record<string, unknown>> = NO_RESPONSES,
    unsolicited?: UnsolicitedAnswers,
  ) {
    this.carriedRounds = carried;
    this.responses = responses;
    this.unsolicited = unsolicited;
    this.count = 0;
    this.open = undefined;
    this.openDigests = undefined;
    this.asked = undefined;
    this.answers = undefined;
    this.wake = undefined;
  }

  /**
   * Tells `wake` once the body asked a question nobody has answered (one turn after the first, so
   * every question of that turn is in). An object told, not a promise: most calls never ask, and
   * pay for no promise (nor a closure: the rounds engine's per-call object is the waiter).
   */
  onNeeded(wake: RoundWaiter): void {
    this.wake = wake;
  }

  /**
   * How many of the call's questions this run starts with answers for (`ctx.answered`): those the
   * state carries, and this retry's answers to the questions the last round left open.
   */
  get answered(): number {
    const unsolicited = this.unsolicited === undefined ? 0 : Object.keys(this.unsolicited.responses).length;
    return this.carriedRounds.answers.length + Object.keys(this.responses).length + unsolicited;
  }

  /** The answer when this round or an earlier one has it, else a promise that never settles. */
  ask(question: InputQuestion, key?: string): Promise<unknown> {
    const index = this.count++;
    const name = key ?? positionalKey(index);
    const digest = digestOf({ name, question });
    const answer = this.answerAt(index, name, digest, question.kind);
    if (answer !== undefined) {
      (this.asked ??= []).push(digest);
      (this.answers ??= []).push(answer);
      return Promise.resolve(answer);
    }
    const first = this.open === undefined;
    (this.open ??= {})[name] = question;
    (this.openDigests ??= {})[name] = { kind: question.kind, digest };
    if (first) setImmediate(() => this.wake?.needed());
    return new Promise<never>(() => undefined);
  }

  /** The questions this round left open, by key: what the transport sends the caller. */
  questions(): { readonly [key: string]: InputQuestion } {
    return { ...(this.open ?? {}) };
  }

  /** What the next round's state carries. */
  carried(): CarriedRounds {
    return {
      asked: [...(this.asked ?? [])],
      answers: [...(this.answers ?? [])],
      pending: { ...(this.openDigests ?? {}) },
    };
  }

  private answerAt(index: number, name: string, digest: string, kind: InputKind): unknown {
    // Only while every earlier question was answered: the first gap ends what the retry may reuse.
    if ((this.answers?.length ?? 0) !== index) return undefined;
    const carried = this.carriedRounds;
    if (index < carried.answers.length) return carried.asked[index] === digest ? carried.answers[index] : undefined;
    // A fresh answer is for the question the last round left open under this key, and only that one.
    if (carried.pending[name] !== undefined)
      return carried.pending[name].digest === digest ? this.responses[name] : undefined;
    const unsolicited = this.unsolicited;
    if (unsolicited === undefined || !Object.hasOwn(unsolicited.responses, name)) return undefined;
    return unsolicited.answer(kind, name, unsolicited.responses[name]);
  }
}
