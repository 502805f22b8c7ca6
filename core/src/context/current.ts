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
import { outerAmbient, runWithAmbient } from "./execution.js";

/** Turns a plain object or Map into the lookup table ambient resolution uses. Anything else → empty. */
export function toAmbientMap(source: unknown): ReadonlyMap<string, unknown> {
  if (source instanceof Map) return source as ReadonlyMap<string, unknown>;
  if (typeof source === "object" && source !== null) {
    const proto = Object.getPrototypeOf(source);
    // An opaque object (a class instance: a request, a socket) resolves nothing: ambient values are
    // filtered to declared keys and must come from something that is plainly a key→value table.
    if (proto === Object.prototype || proto === null) {
      const entries = Object.entries(source);
      // Transports pass `{}` on every anonymous call: no table to build.
      return entries.length === 0 ? EMPTY : new Map(entries);
    }
  }
  return EMPTY;
}

const EMPTY: ReadonlyMap<string, unknown> = new Map();

export const Current = {
  /** Runs `fn` with `context` as the ambient context of everything it calls. */
  run<T>(context: AmbientContextSource, fn: () => T): T {
    return runWithAmbient(toAmbientMap(context), fn);
  },
  /** The ambient context visible here, as a plain object (a copy). */
  get(): Record<string, unknown> {
    return Object.fromEntries(outerAmbient() ?? EMPTY);
  },
};
