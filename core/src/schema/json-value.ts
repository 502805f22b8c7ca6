/**
 * Plain-data helpers every schema kind shares: what counts as a plain object, and how reflection
 * writes a non-JSON value (a `Date` or `bigint` default, a `const`).
 */
import type { JsonValue } from "./json-schema-types.js";

/**
 * `String.prototype.isWellFormed` (ES2024, Node 20+; the project's lib is ES2023): no lone
 * surrogate, so the text has a UTF-8 form — what JSON on the wire needs of every string and key.
 */
export function isWellFormed(text: string): boolean {
  return (text as string & { isWellFormed(): boolean }).isWellFormed();
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * A value as reflection writes it (a `default` or `const`): `Date` → ISO string and `bigint` →
 * decimal string, the wire forms coercion reads back; `undefined` when it has no JSON form
 * (a function, a symbol, a non-finite number).
 */
export function toJsonValue(value: unknown): JsonValue | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : undefined;
    case "bigint":
      return value.toString();
    case "object": {
      if (value === null) return null;
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
      if (Array.isArray(value)) {
        const items = value.map(toJsonValue);
        return items.includes(undefined) ? undefined : (items as JsonValue[]);
      }
      if (!isPlainObject(value)) return undefined;
      const out: Record<string, JsonValue> = {};
      for (const [key, item] of Object.entries(value)) {
        const converted = toJsonValue(item);
        if (converted !== undefined) out[key] = converted;
      }
      return out;
    }
    default:
      return undefined;
  }
}
