/**
 * What an ambient context may be given as: the type a direct call, the Invoker and an enqueued
 * job all take (context/ambient-source.ts reads it).
 */

/**
 * A hash-like: anything that answers key lookups with `has(key)` and `get(key)` — a `Map` (from
 * any realm), or a table class of your own (case-insensitive keys, a lazy session, …).
 */
export interface AmbientLookup {
  has(key: string): boolean;
  get(key: string): unknown;
}

/**
 * A source of ambient context: a plain object (from any realm, or with no prototype), a `Map`, or
 * any other {@link AmbientLookup}. Anything else (a request, a socket) resolves nothing.
 */
export type AmbientContextSource = Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown> | AmbientLookup;
