/**
 * What JSON can carry, checked at the wire boundary. A value that passed its schema can still be
 * one no JSON text could have meant: `1e999` parses to Infinity (which `z.number()` accepts), and a
 * string may hold an unpaired UTF-16 surrogate (no UTF-8 form). Either would let the body run —
 * side effects included — and then fail to render on the way out, paging for the caller's mistake.
 * The Invoker refuses them by field, before the body runs. Direct calls are trusted and not checked.
 */
import { fieldError, type FieldError } from "../errors/validation.js";
import { appendPath } from "../errors/field-path.js";
import { isWellFormed as wellFormed } from "../schema/json-value.js";

/** The first value under `value` that no JSON text could carry, as a field error; or undefined. */
export function wireValueProblem(value: unknown, root: string): FieldError | undefined {
  // Most arguments are single leaves: answer those without allocating the walk.
  if (typeof value === "number")
    return Number.isFinite(value) ? undefined : fieldError(root, "must be a finite number");
  if (typeof value === "string") {
    return !wellFormed(value) ? fieldError(root, "contains an unpaired surrogate (not valid UTF-8)") : undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  // An explicit stack: the value may be nested far deeper than the call stack allows.
  const stack: [unknown, string][] = [[value, root]];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === "number") {
      if (!Number.isFinite(current)) return fieldError(path, "must be a finite number");
    } else if (typeof current === "string") {
      if (!wellFormed(current)) return fieldError(path, "contains an unpaired surrogate (not valid UTF-8)");
    } else if (typeof current === "object" && current !== null && !seen.has(current)) {
      seen.add(current);
      if (Array.isArray(current)) {
        for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], appendPath(path, i)]);
      } else if (current instanceof Map || current instanceof Set) {
        for (const entry of current) stack.push([entry, path]);
      } else if (!(current instanceof Date)) {
        for (const key of Object.keys(current)) {
          if (!wellFormed(key)) return fieldError(path, "has a key with an unpaired surrogate (not valid UTF-8)");
          stack.push([(current as Record<string, unknown>)[key], appendPath(path, key)]);
        }
      }
    }
  }
  return undefined;
}
