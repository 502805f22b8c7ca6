/**
 * Reading an ambient-context source (what `ambientContext` / `Current.run` were given). A source
 * is read one declared key at a time, when an action resolves that field — never copied whole — so
 * an undeclared key, and any getter behind it, is never touched, and a call builds no table.
 *
 * @example
 * ```ts
 * readAmbient({ userId: "u1" }, "userId");          // "u1"
 * readAmbient(new Map([["userId", "u2"]]), "userId"); // "u2"
 * readAmbient(request, "userId");                    // undefined: an opaque object resolves nothing
 * ```
 */

const isEnumerable = Object.prototype.propertyIsEnumerable;

/** A plain key → value object: its own enumerable properties are the table. */
function isPlainTable(source: object): source is Readonly<Record<string, unknown>> {
  const proto: unknown = Object.getPrototypeOf(source);
  return proto === Object.prototype || proto === null;
}

/**
 * The value `source` holds under `key`; `undefined` when it holds none or is not something axn can
 * key into (an opaque object: a request, a socket). May throw when the source does (a getter, a
 * Proxy trap): the caller reads inside the call, where a throw settles as the call's exception.
 */
export function readAmbient(source: unknown, key: string): unknown {
  if (typeof source !== "object" || source === null) return undefined;
  if (source instanceof Map) return source.get(key);
  if (isPlainTable(source)) return isEnumerable.call(source, key) ? source[key] : undefined;
  return undefined;
}

/**
 * True when `source` certainly resolves nothing (absent, opaque, or an empty table). Never throws:
 * a source that cannot be inspected counts as holding something, and the read that needs a value
 * from it fails where it is made, inside the call.
 */
export function resolvesNothing(source: unknown): boolean {
  if (typeof source !== "object" || source === null) return true;
  try {
    if (source instanceof Map) return source.size === 0;
    if (!isPlainTable(source)) return true;
    for (const key in source) if (Object.hasOwn(source, key)) return false;
    return true;
  } catch {
    return false;
  }
}

/** Every entry of `source` that can be listed, as a plain object (a copy). */
export function listAmbient(source: unknown): Record<string, unknown> {
  if (typeof source !== "object" || source === null) return {};
  if (source instanceof Map) return Object.fromEntries(source);
  if (isPlainTable(source)) return { ...source };
  return {};
}
