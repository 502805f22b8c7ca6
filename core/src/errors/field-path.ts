/**
 * Field paths, written one way wherever a message names where something is — a validation
 * violation, a wire value the Invoker refuses, a value `render` cannot render: `[2]` for an index,
 * `.name` for a key that is an identifier, `["odd key"]` for any other key — the field itself
 * included (`fieldPath`), so a top-level field `"a.b"` (`["a.b"]`) never reads as field `a`'s key
 * `b` (`a.b`). A key may be data the caller sent, so it is quoted only in part (its first
 * `MAX_QUOTED_CHARS`).
 *
 * @example
 * ```ts
 * appendPath(appendPath(appendPath(fieldPath("items"), 2), "qty"), "b c"); // 'items[2].qty["b c"]'
 * fieldPath("a.b"); // '["a.b"]'
 * ```
 */
import { boundKey } from "./validation.js";

/**
 * The shape of a name written bare: a path segment after a dot, and every name a registry accepts
 * (a semantic hint, a field-metadata key, a setting, a config namespace, an adapter key).
 */
export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** The path of a top-level field: its name bare when an identifier, else quoted as any other key. */
export function fieldPath(name: string): string {
  const quoted = boundKey(name);
  return IDENTIFIER.test(name) ? quoted : `[${JSON.stringify(quoted)}]`;
}

/** `path` extended by one step to member `key`. */
export function appendPath(path: string, key: string | number): string {
  if (typeof key === "number") return `${path}[${key}]`;
  const quoted = boundKey(key);
  return IDENTIFIER.test(key) ? `${path}.${quoted}` : `${path}[${JSON.stringify(quoted)}]`;
}
