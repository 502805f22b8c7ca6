/**
 * Reading an ambient-context source (what `ambientContext` / `Current.run` were given). A source
 * is read one declared key at a time, when an action resolves that field — never copied whole — so
 * an undeclared key, and any getter behind it, is never touched, and a call builds no table.
 *
 * What can be keyed into, in this order:
 * - a hash-like: `has(key)` and `get(key)` both functions (a `Map` from any realm, a class of your
 *   own). Both, not `get` alone: a web framework's request has `get(header)`, and reading ambient
 *   values from the client's headers is exactly what this channel must never do;
 * - a plain object — from this realm or another (`node:vm`), or with no prototype: its own
 *   enumerable properties;
 * - anything else (a class instance: a request, a socket) resolves nothing.
 *
 * @example
 * ```ts
 * readAmbient({ userId: "u1" }, "userId");          // "u1"
 * readAmbient(new Map([["userId", "u2"]]), "userId"); // "u2"
 * readAmbient(request, "userId");                    // undefined
 * ```
 */
import { types } from "node:util";

interface Lookup {
  has(key: string): unknown;
  get(key: string): unknown;
  entries?: unknown;
}

const isEnumerable = Object.prototype.propertyIsEnumerable;

function isLookup(source: object): source is Lookup {
  return typeof (source as Partial<Lookup>).get === "function" && typeof (source as Partial<Lookup>).has === "function";
}

/** A plain key → value object: its own enumerable properties are the table. */
function isPlainTable(source: object): source is Readonly<Record<string, unknown>> {
  const proto: unknown = Object.getPrototypeOf(source);
  // Another realm's `Object.prototype` is recognisable the same way ours is: its prototype is null.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * The value `source` holds under `key`; `undefined` when it holds none or cannot be keyed into.
 * May throw when the source does (a getter, a Proxy trap, a `has` that throws): callers read inside
 * the call, where a throw settles as the call's exception.
 */
export function readAmbient(source: unknown, key: string): unknown {
  if (typeof source !== "object" || source === null) return undefined;
  if (source instanceof Map) return source.get(key);
  if (isLookup(source)) return source.has(key) ? source.get(key) : undefined;
  if (isPlainTable(source)) return isEnumerable.call(source, key) ? source[key] : undefined;
  return undefined;
}

/**
 * True when `source` certainly resolves nothing (absent, opaque, an empty plain object or `Map`).
 * Never throws: a source that cannot be inspected, and a hash-like (which cannot be listed), count
 * as holding something, and a read that needs a value fails where it is made, inside the call.
 */
export function resolvesNothing(source: unknown): boolean {
  if (typeof source !== "object" || source === null) return true;
  // A transport hands the same frozen `{}` to every anonymous call: answered from here, not walked.
  if (source === knownEmpty) return true;
  try {
    if (source instanceof Map) return source.size === 0;
    if (isLookup(source)) return false;
    if (!isPlainTable(source)) return true;
    for (const key in source) if (Object.hasOwn(source, key)) return false;
    // Frozen, not a Proxy (whose traps may answer differently next time): empty for good.
    if (Object.isFrozen(source) && !types.isProxy(source)) knownEmpty = source;
    return true;
  } catch {
    return false;
  }
}

/** The last frozen plain object found empty: it can never gain a key nor change its prototype. */
let knownEmpty: object | undefined;

/**
 * Every entry of `source` that can be listed, as a plain object (a copy): a plain object's own
 * enumerable properties, a hash-like's `entries()` when it has one (any `Map`); `{}` otherwise.
 */
export function listAmbient(source: unknown): Record<string, unknown> {
  if (typeof source !== "object" || source === null) return {};
  if (source instanceof Map) return Object.fromEntries(source);
  if (isLookup(source)) {
    const entries = source.entries;
    return typeof entries === "function"
      ? Object.fromEntries((entries as () => Iterable<readonly [PropertyKey, unknown]>).call(source))
      : {};
  }
  if (isPlainTable(source)) return { ...source };
  return {};
}

/** The entries of `source` under `names` (those it holds), as a plain object. */
export function pickAmbient(source: unknown, names: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of names) {
    const value = readAmbient(source, name);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}
