/**
 * `Current`: the ambient context of the current execution — the port of Ruby's `Current`
 * attributes. A server sets it once per request; actions declaring `on: "ambientContext"` fields
 * read from it unless the caller passes an explicit `ambientContext`.
 *
 * @example
 * ```ts
 * await Current.run({ currentUser: user }, () => ListCompanies.call({}));
 * ```
 */
import type { AmbientContextSource } from "../action/types.js";
import { listAmbient, pickAmbient } from "./ambient-source.js";
import { currentExecution, outerAmbient, runWithAmbient } from "./execution.js";

export const Current = {
  /** Runs `fn` with `context` as the ambient context of everything it calls. */
  run<T>(context: AmbientContextSource, fn: () => T): T {
    return runWithAmbient(context, fn);
  },
  /**
   * The ambient context visible here, as a plain object (a copy). Inside an action — its hooks,
   * body and callbacks — that is only the ambient keys the action declares: an undeclared key of
   * the trusted table is never leaked into the call. Outside any action (or in a `Current.run`
   * scope a body opened itself) it is the whole table.
   */
  get(): Record<string, unknown> {
    const state = currentExecution();
    if (state?.visible !== undefined) return pickAmbient(state.ambient, state.visible);
    return listAmbient(outerAmbient());
  },
};
