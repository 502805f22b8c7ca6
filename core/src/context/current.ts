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
import { listAmbient } from "./ambient-source.js";
import { outerAmbient, runWithAmbient } from "./execution.js";

export const Current = {
  /** Runs `fn` with `context` as the ambient context of everything it calls. */
  run<T>(context: AmbientContextSource, fn: () => T): T {
    return runWithAmbient(context, fn);
  },
  /** The ambient context visible here, as a plain object (a copy). */
  get(): Record<string, unknown> {
    return listAmbient(outerAmbient());
  },
};
