/**
 * `reportAdapterError`: what an adapter does with a fault in its own code around a call (the
 * mapping step, an app-supplied context builder): report it through the global `onException`,
 * rethrow it in development so a real bug is loud, and otherwise return, so the caller answers
 * with its transport's own error response. A fault reported once is not reported again by a later
 * layer (core remembers it), so a transport's error handler may report what reaches it.
 *
 * @example
 * ```ts
 * try {
 *   ambientContext = buildContext(request);
 * } catch (error) {
 *   reportAdapterError(action, "adapter ambient context", error);
 *   return errorResponse(ADAPTER_FAILURE_MESSAGE);
 * }
 * ```
 */
import { raisesInDev, reportException } from "@axn/core";

/** Reports `error` for `action` in `phase`; throws it when `rethrow` (default: `raisesInDev()`). */
export function reportAdapterError(
  action: { readonly name: string },
  phase: string,
  error: unknown,
  rethrow: boolean = raisesInDev(),
): void {
  reportException(error, { action: action.name, phase });
  if (rethrow) throw error;
}
