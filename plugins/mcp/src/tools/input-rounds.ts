/**
 * `ctx.elicit` / `ctx.sample` on a 2026-07-28 request, where the server cannot ask the client
 * anything mid-call: the call answers `input_required` with the questions, the client asks its user
 * (or its model) and calls the tool again with the answers, and the body runs again from the start.
 *
 * What a body sees, precisely (docs/plugins/mcp.md, "Input from the user"):
 * - On the first run, the first `ctx.elicit` / `ctx.sample` the client has no answer for yet
 *   never settles; every question the body asks in the same turn (`Promise.all`) is collected with
 *   it, the body's `ctx.signal` aborts (reason {@link INPUT_REQUIRED_REASON}), and the client gets
 *   them all in one `input_required` result.
 * - On the retry the body runs again with the same arguments; each question it asked before now
 *   resolves at once with its answer, in the order asked, and the next unanswered one ends the round
 *   again. A body therefore repeats whatever it did before its last question: ask before acting,
 *   or make what comes before the questions safe to repeat (reads, idempotent writes).
 * - An answer belongs to the question asked at the same position: a retry whose body asks
 *   something else there (the same message and form, or the same sampling request, compared by
 *   digest) drops that answer and every later one, and asks again.
 *
 * The answers so far travel in the `requestState` (round-state.ts), signed and bound to the caller,
 * the tool and its arguments; the runtime validates each elicitation answer against the form asked
 * for, as on every transport.
 */
import { createHash } from "node:crypto";
import { inputRequired, type InputRequest, type InputRequests } from "@modelcontextprotocol/server";

/** The reason a body's `ctx.signal` aborts with when its call ends the round with questions. */
export const INPUT_REQUIRED_REASON = "input required: the client was asked and will call again with the answers";

/** What a retried call carries forward: every answer so far, and a digest of the question each answers. */
export interface RoundAnswers {
  readonly asked: readonly string[];
  readonly answers: readonly unknown[];
}

const NO_ANSWERS: RoundAnswers = { asked: [], answers: [] };

/** The key of the n-th question of a call in `inputRequests` / `inputResponses`. */
const keyOf = (index: number): string => `q${index}`;

export class InputRounds {
  readonly #known: RoundAnswers;
  readonly #fresh: Readonly<Record<string, unknown>>;
  #asked = 0;
  /** The questions of this round with no answer yet, by key. */
  readonly #pending: Record<string, InputRequest> = {};
  /** Digest and answer of each question asked so far that has one. */
  readonly #answered: { asked: string[]; answers: unknown[] } = { asked: [], answers: [] };
  #wake: (() => void) | undefined;
  /** Settles once the body asked a question nobody has answered yet (and asked nothing more in that turn). */
  readonly needed: Promise<void>;

  constructor(known: RoundAnswers | undefined, fresh: Readonly<Record<string, unknown>> | undefined) {
    this.#known = known ?? NO_ANSWERS;
    this.#fresh = fresh ?? {};
    this.needed = new Promise<void>((resolve) => {
      this.#wake = resolve;
    });
  }

  /** How many answers the body starts with (`ctx.answered`): those carried forward, and this retry's. */
  get answered(): number {
    return this.#known.answers.length + Object.keys(this.#fresh).length;
  }

  /**
   * Asks the client: the answer when this round (or an earlier one) has it, else a promise that
   * never settles. `key` is the body's name for the question (`ctx.elicit(…, { key })`).
   */
  ask(request: InputRequest, key?: string): Promise<unknown> {
    const index = this.#asked++;
    const name = key ?? keyOf(index);
    const digest = digestOf({ name, request });
    const answer = this.#answerAt(index, digest, name);
    if (answer !== undefined) {
      this.#answered.asked.push(digest);
      this.#answered.answers.push(answer);
      return Promise.resolve(answer);
    }
    const first = Object.keys(this.#pending).length === 0;
    this.#pending[name] = request;
    // One turn later, so questions asked together (Promise.all) go out in one round.
    if (first) setImmediate(() => this.#wake?.());
    return new Promise<never>(() => undefined);
  }

  /** The `input_required` result of this round, with the state the retry must echo. */
  result(requestState: string): ReturnType<typeof inputRequired> {
    return inputRequired({ inputRequests: { ...this.#pending } as InputRequests, requestState });
  }

  /** Everything answered so far, in order: what the next round's state carries. */
  answeredSoFar(): RoundAnswers {
    return { asked: [...this.#answered.asked], answers: [...this.#answered.answers] };
  }

  #answerAt(index: number, digest: string, name: string): unknown {
    // Only while every earlier question was answered: the first gap ends what the retry may reuse.
    if (this.#answered.answers.length !== index) return undefined;
    if (index < this.#known.answers.length) {
      return this.#known.asked[index] === digest ? this.#known.answers[index] : undefined;
    }
    return this.#fresh[name];
  }
}

/** The same question, the same digest: its method and params, canonically serialized. */
function digestOf(request: { readonly name: string; readonly request: InputRequest }): string {
  return createHash("sha256").update(canonical(request)).digest("base64url").slice(0, 22);
}

/** JSON with object keys sorted, so two equal questions built in another key order digest alike. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
