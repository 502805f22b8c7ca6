/**
 * `Result`: what every call returns. A failure or an exception in the body never throws out of
 * `call`; it settles here. Exposed values are typed and sit both on `result.exposed` and directly
 * on the result (`result.companies`).
 */
import { inspect } from "node:util";

const RESULT_SOURCE: unique symbol = Symbol.for("axn.result.source") as never;

const NO_NAMES: ReadonlySet<string> = new Set();

export type Outcome = "success" | "failure" | "exception";

const RESERVED = new Set([
  "ok",
  "error",
  "success",
  "message",
  "exception",
  "outcome",
  "elapsedMs",
  "exposed",
  "action",
  "constructor",
  "toJSON",
]);

/** Field names an action may not expose because a result member already uses them. */
export function isReservedExposeName(name: string): boolean {
  return RESERVED.has(name);
}

interface ResultInit<X> {
  readonly ok: boolean;
  readonly outcome: Outcome;
  readonly message: string;
  readonly exception?: Error;
  readonly exposed: X;
  readonly elapsedMs: number;
  readonly action?: string;
  readonly sensitive?: ReadonlySet<string>;
  readonly declared?: ReadonlySet<string>;
  /** The action the result came from (read back through `sourceActionOf`). */
  readonly source?: object;
  /** Copies the exposed values onto the result with the action's constant-key stores (run/plan.ts). */
  readonly copy?: (target: object, exposed: Record<string, unknown>) => void;
}

class ResultImpl<X> {
  readonly ok: boolean;
  readonly outcome: Outcome;
  /** Always set: the success message on success, the error on failure. */
  readonly message: string;
  /** The user-facing failure message; `undefined` on success. */
  readonly error: string | undefined;
  /** The success message; `undefined` on failure. */
  readonly success: string | undefined;
  /** The developer-facing cause. Never show its message to a client. */
  readonly exception: Error | undefined;
  readonly elapsedMs: number;
  /** The name of the action that produced this result. */
  readonly action: string | undefined;
  readonly #exposed: X;
  readonly #sensitive: ReadonlySet<string>;
  readonly #declared: ReadonlySet<string> | undefined;

  // Positional rather than one `ResultInit` record: a call builds one result, and the record would be
  // one more object per call (bench: row 1). `makeResult` takes the record.
  constructor(
    ok: boolean,
    outcome: Outcome,
    message: string,
    exception: Error | undefined,
    exposed: X,
    elapsedMs: number,
    action: string | undefined,
    sensitive: ReadonlySet<string> | undefined,
    declared: ReadonlySet<string> | undefined,
    source: object | undefined,
    copy: ((target: object, exposed: Record<string, unknown>) => void) | undefined,
  ) {
    this.ok = ok;
    this.outcome = outcome;
    this.message = message;
    this.error = ok ? undefined : message;
    this.success = ok ? message : undefined;
    this.exception = exception;
    this.elapsedMs = elapsedMs;
    this.action = action;
    this.#exposed = exposed;
    this.#sensitive = sensitive ?? NO_NAMES;
    this.#declared = declared;
    if (source !== undefined) (this as { [RESULT_SOURCE]?: object })[RESULT_SOURCE] = source;
    // Plain assignment: exposed names were checked against the reserved ones at definition.
    const values = exposed as Record<string, unknown>;
    if (copy !== undefined) copy(this, values);
    else for (const key in values) (this as Record<string, unknown>)[key] = values[key];
  }

  /**
   * The exposed values. Reading a key the action never declared throws, so a typo is loud rather
   * than a silent `undefined`.
   */
  get exposed(): X {
    const declared = this.#declared;
    if (declared === undefined) return this.#exposed;
    const action = this.action ?? "the action";
    return new Proxy(this.#exposed as object, {
      get(target, key, receiver) {
        if (typeof key === "string" && !declared.has(key) && !(key in target) && key !== "then" && key !== "toJSON") {
          throw new TypeError(`${action} does not expose "${key}"`);
        }
        return Reflect.get(target, key, receiver);
      },
    }) as X;
  }

  /** The raw exposed values, without the undeclared-key guard. */
  get exposedValues(): X {
    return this.#exposed;
  }

  toJSON(): Record<string, unknown> {
    return {
      ok: this.ok,
      outcome: this.outcome,
      message: this.message,
      exposed: redact(this.#exposed as Record<string, unknown>, this.#sensitive),
    };
  }

  [inspect.custom](): string {
    return `Result(${this.outcome}) ${inspect({ message: this.message, exposed: redact(this.#exposed as Record<string, unknown>, this.#sensitive) })}`;
  }

  /** Builds a successful result, e.g. for a test double of an action. */
  static ok<T extends Record<string, unknown> = Record<string, never>>(
    exposed?: T,
    options: { message?: string } = {},
  ): Result<T> {
    return makeResult<T>({
      ok: true,
      outcome: "success",
      message: options.message ?? "Action completed successfully",
      exposed: exposed ?? ({} as T),
      elapsedMs: 0,
    });
  }

  /** Builds a failed result, e.g. for a test double of an action. */
  static error<T extends Record<string, unknown> = Record<string, never>>(
    message = "Something went wrong",
    options: { exception?: Error } = {},
  ): Result<T> {
    return makeResult<T>({
      ok: false,
      outcome: options.exception === undefined ? "failure" : "exception",
      message,
      ...(options.exception === undefined ? {} : { exception: options.exception }),
      exposed: {} as T,
      elapsedMs: 0,
    });
  }
}

function redact(values: Record<string, unknown>, sensitive: ReadonlySet<string>): Record<string, unknown> {
  if (sensitive.size === 0) return values;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = sensitive.has(k) ? "[REDACTED]" : v;
  return out;
}

/** Internal constructor, from a record. */
export function makeResult<X>(init: ResultInit<X>): Result<X> {
  return new ResultImpl<X>(
    init.ok,
    init.outcome,
    init.message,
    init.exception,
    init.exposed,
    init.elapsedMs,
    init.action,
    init.sensitive,
    init.declared,
    init.source,
    init.copy,
  ) as Result<X>;
}

/** A call's result: the members above plus the exposed values themselves. */
export type Result<X = Record<string, unknown>> = ResultImpl<X> & Readonly<X>;
export const Result = ResultImpl;

/** What a result recorded as its source (an action, for a result a call returned). */
export function resultSource(result: object): object | undefined {
  return (result as { [RESULT_SOURCE]?: object })[RESULT_SOURCE];
}
