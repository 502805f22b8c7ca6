/**
 * `guardToolResponse`: runs an adapter's mapping step (result → transport response) so that a bug
 * there never escapes as a throw. On a throw it reports through the global `onException`, rethrows
 * in development (a real bug should be loud), and otherwise answers with the adapter's own error
 * response. Guard only the mapping — never the action call, which already reports its own errors.
 * An async mapping may return any thenable, not only a native Promise: it is awaited and guarded
 * alike (a rejection, or a `then` that throws, is handled like a throw).
 *
 * @example
 * ```ts
 * return guardToolResponse(action, { onError: () => errorResponse("The tool could not produce a valid response") },
 *   () => toResponse(result));
 * ```
 */
import { raisesInDev, reportException } from "@axn/core";

export interface GuardOptions<R> {
  /** Builds the transport's own error response from what was thrown. */
  readonly onError: (error: unknown) => R;
  /** Rethrow instead of answering `onError` (default: `raisesInDev()`). */
  readonly rethrow?: boolean;
}

export function guardToolResponse<R>(action: { readonly name: string }, options: GuardOptions<R>, fn: () => R): R;
export function guardToolResponse<R>(action: { readonly name: string }, options: GuardOptions<R>, fn: () => PromiseLike<R>): Promise<R>;
export function guardToolResponse<R>(
  action: { readonly name: string },
  options: GuardOptions<R>,
  fn: () => R | PromiseLike<R>,
): R | Promise<R> {
  const handle = (error: unknown): R => {
    reportException(error, { action: action.name, phase: "adapter response" });
    if (options.rethrow ?? raisesInDev()) throw error;
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

function isThenable<R>(value: R | PromiseLike<R>): value is PromiseLike<R> {
  return (typeof value === "object" || typeof value === "function") && value !== null && typeof (value as { then?: unknown }).then === "function";
}
