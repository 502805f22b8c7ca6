/**
 * `guardToolResponse`: runs an adapter's mapping step (result → transport response) so that a bug
 * there never escapes as a throw. On a throw it reports through the global `onException`, rethrows
 * in development (a real bug should be loud), and otherwise answers with the adapter's own error
 * response. Guard only the mapping — never the action call, which already reports its own errors.
 * An async mapping may return any thenable, not only a native Promise: it is awaited and guarded
 * alike (a rejection, or a `then` that throws, is handled like a throw). `toolPipeline` guards its
 * mapping this way; use this directly for a mapping outside it.
 *
 * @example
 * ```ts
 * return guardToolResponse(action, { onError: () => errorResponse(ADAPTER_FAILURE_MESSAGE) }, () => toResponse(result));
 * ```
 */
import { raisesInDev } from "@axn/core";
import { reportAdapterError } from "./report-error.js";

/** The phase a mapping fault is reported under. */
export const RESPONSE_PHASE = "adapter response";

export interface GuardOptions<R> {
  /** Builds the transport's own error response from what was thrown. */
  readonly onError: (error: unknown) => R;
  /** Rethrow instead of answering `onError` (default: `raisesInDev()`). */
  readonly rethrow?: boolean;
}

export function guardToolResponse<R>(action: { readonly name: string }, options: GuardOptions<R>, fn: () => R): R;
export function guardToolResponse<R>(
  action: { readonly name: string },
  options: GuardOptions<R>,
  fn: () => PromiseLike<R>,
): Promise<R>;
export function guardToolResponse<R>(
  action: { readonly name: string },
  options: GuardOptions<R>,
  fn: () => R | PromiseLike<R>,
): R | Promise<R> {
  const handle = (error: unknown): R => {
    reportAdapterError(action, RESPONSE_PHASE, error, options.rethrow ?? raisesInDev());
    return options.onError(error);
  };
  try {
    const value = fn();
    // Promise.resolve adopts any thenable (and turns a throwing `then` into a rejection).
    if (isThenable(value)) return Promise.resolve(value).then(undefined, handle);
    return value;
  } catch (error) {
    return handle(error);
  }
}

export function isThenable<R>(value: R | PromiseLike<R>): value is PromiseLike<R> {
  return (
    (typeof value === "object" || typeof value === "function") &&
    value !== null &&
    typeof (value as { then?: unknown }).then === "function"
  );
}
