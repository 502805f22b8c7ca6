/**
 * Message composition, exactly as the Ruby original composes it: an unconditional `error` /
 * `success` is the base headline; a conditional entry or a `fail("reason")` is a reason rendered
 * "Headline: reason" (the base's `join` decides the glue); `standalone` drops the headline; with no
 * headline declared a reason stands alone; with neither, the defaults apply. The most recently
 * declared matching reason wins, and a raw exception message never reaches `result.error` unless an
 * author's message function puts it there.
 */
import type { ErrorReason, Messages, SuccessReason } from "../action/types.js";

export const DEFAULT_ERROR = "Something went wrong";
export const DEFAULT_SUCCESS = "Action completed successfully";

/** An action's messages with its ancestors' folded in (child entries after parent entries). */
export interface CompiledMessages {
  readonly success: Messages<never>["success"] | undefined;
  readonly error: Messages<never>["error"] | undefined;
  readonly join: string | ((headline: string, reason: string) => string);
  readonly errors: readonly ErrorReason[];
  readonly successes: readonly SuccessReason<never>[];
}

export interface Reason {
  readonly text: string;
  readonly standalone: boolean;
}

export function compose(
  headline: string | undefined,
  reason: Reason | undefined,
  join: CompiledMessages["join"],
  fallback: string,
): string {
  if (reason !== undefined && reason.text !== "") {
    if (headline === undefined || headline === "" || reason.standalone) return reason.text;
    return typeof join === "function" ? join(headline, reason.text) : `${headline}${join}${reason.text}`;
  }
  return headline === undefined || headline === "" ? fallback : headline;
}

/** An error class or a predicate, as `messages.errors[].when` and `failsOn` take them. */
export function errorMatcher(when: ErrorReason["when"]): (error: Error) => boolean {
  return (error) => matchesWhen(when, error);
}

function matches(reason: ErrorReason, error: Error): boolean {
  return matchesWhen(reason.when, error);
}

function matchesWhen(when: ErrorReason["when"], error: Error): boolean {
  // An error class has a prototype that is (or descends from) Error.prototype; a predicate does not.
  if (typeof when === "function" && when.prototype instanceof Error)
    return error instanceof (when as abstract new () => Error);
  if (when === Error) return error instanceof Error;
  return (when as (e: Error) => boolean)(error) === true;
}

/** The most recently declared conditional error reason matching `error`, rendered. */
export function errorReasonFor(messages: CompiledMessages, error: Error): Reason | undefined {
  for (let i = messages.errors.length - 1; i >= 0; i--) {
    const entry = messages.errors[i]!;
    if (matches(entry, error)) {
      const text = typeof entry.message === "function" ? entry.message(error) : entry.message;
      return { text, standalone: entry.standalone === true };
    }
  }
  return undefined;
}

export function errorHeadline(messages: CompiledMessages, error: Error): string | undefined {
  const base = messages.error;
  return typeof base === "function" ? base(error) : base;
}

export function successReasonFor(messages: CompiledMessages, exposed: object): Reason | undefined {
  for (let i = messages.successes.length - 1; i >= 0; i--) {
    const entry = messages.successes[i]! as unknown as SuccessReason<Record<string, unknown>>;
    if (entry.when(exposed as never)) {
      const text = typeof entry.message === "function" ? entry.message(exposed as never) : entry.message;
      return { text, standalone: entry.standalone === true };
    }
  }
  return undefined;
}

export function successHeadline(messages: CompiledMessages, exposed: object): string | undefined {
  const base = messages.success as unknown as string | ((e: object) => string) | undefined;
  return typeof base === "function" ? base(exposed) : base;
}
