/**
 * Wire coercion for zod 4 schemas; the same rules as for zod 3 (see `zod3/coerce.ts`), read from
 * zod 4's definitions. A transform or preprocess step receives the raw value and owns its shape.
 */
import { enumMember, literalFromString, parseBigInt, parseBoolean, parseIsoDate, parseNumber } from "../wire-parse.js";
import { isPlainObject } from "../json-value.js";
import { mapEntries, mapItems } from "../copy-on-change.js";
import { defOf, wrapped, type Zod4Schema } from "./def.js";
import { zod4Validate } from "./validate.js";

function coerceWireValue(schema: Zod4Schema, value: unknown): unknown {
  if (typeof value !== "string" && (typeof value !== "object" || value === null)) return value;
  return coerce(schema, value, 0);
}

/** Specialised once per field: a string, enum, number or boolean (under optional/nullable/default) gets its parser directly. */
export function wireCoercer(schema: Zod4Schema): (value: unknown) => unknown {
  let core: Zod4Schema | undefined = schema;
  for (let depth = 0; core !== undefined && depth <= 64; depth++) {
    const type = defOf(core).type;
    if (type !== "optional" && type !== "nullable" && type !== "default") break;
    core = wrapped(core);
  }
  const def = core === undefined ? undefined : defOf(core);
  switch (def?.type) {
    case "string":
      return (value) => value;
    case "enum":
      return Object.values(def.entries ?? {}).every((member) => typeof member === "string")
        ? (value) => value
        : (value) => coerceWireValue(schema, value);
    case "number":
      return (value) => (typeof value === "string" ? (parseNumber(value) ?? value) : value);
    case "boolean":
      return (value) => (typeof value === "string" ? (parseBoolean(value) ?? value) : value);
    default:
      return (value) => coerceWireValue(schema, value);
  }
}

function coerce(schema: Zod4Schema, value: unknown, depth: number): unknown {
  if (depth > 64) return value; // a lazy schema that never bottoms out
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
      return value === undefined || value === null ? value : coerceWith(def.innerType, value, depth);
    case "nonoptional":
    case "readonly":
    case "catch":
    case "success":
      return coerceWith(def.innerType, value, depth);
    case "pipe":
      return coerceWith(def.in, value, depth);
    case "lazy":
      return coerceWith(def.getter?.(), value, depth);
    case "number":
      return typeof value === "string" ? (parseNumber(value) ?? value) : value;
    case "bigint":
      return typeof value === "string" ? (parseBigInt(value) ?? value) : value;
    case "boolean":
      return typeof value === "string" ? (parseBoolean(value) ?? value) : value;
    case "date":
      return typeof value === "string" ? (parseIsoDate(value) ?? value) : value;
    case "enum":
      return typeof value === "string" ? enumMember(Object.values(def.entries ?? {}), value) : value;
    case "literal":
      return typeof value === "string" ? literalOf(def.values ?? [], value) : value;
    case "object":
      return isPlainObject(value) ? coerceObject(schema, value, depth) : value;
    case "record":
      return isPlainObject(value) && def.valueType ? coerceEntries(value, () => def.valueType, depth) : value;
    case "array":
      return Array.isArray(value) && def.element ? coerceItems(value, () => def.element, depth) : value;
    case "tuple":
      return Array.isArray(value) ? coerceItems(value, (i) => def.items?.[i] ?? def.rest ?? undefined, depth) : value;
    case "set":
      // JSON has no sets: the reflected schema is a unique-items array, so accept one.
      return Array.isArray(value) && def.valueType ? new Set(coerceItems(value, () => def.valueType, depth)) : value;
    case "map":
      // Reflected as an array of [key, value] entries.
      return Array.isArray(value) && value.every((e) => Array.isArray(e) && e.length === 2)
        ? new Map(
            value.map(([k, v]: unknown[]) => [coerceWith(def.keyType, k, depth), coerceWith(def.valueType, v, depth)]),
          )
        : value;
    case "union":
      return coerceUnion(def.options ?? [], value, depth);
    case "intersection":
      return coerceWith(def.right, coerceWith(def.left, value, depth), depth);
    default:
      return value; // strings, string enums, transforms, unknown shapes: nothing to do
  }
}

function coerceWith(schema: Zod4Schema | undefined, value: unknown, depth: number): unknown {
  return schema ? coerce(schema, value, depth + 1) : value;
}

function literalOf(values: readonly unknown[], text: string): unknown {
  if (values.includes(text)) return text;
  for (const literal of values) {
    const coerced = literalFromString(literal, text);
    if (coerced !== text) return coerced;
  }
  return text;
}

function coerceObject(schema: Zod4Schema, value: Record<string, unknown>, depth: number): unknown {
  const def = defOf(schema);
  const shape = def.shape ?? {};
  const catchall = def.catchall !== undefined && defOf(def.catchall).type !== "never" ? def.catchall : undefined;
  return coerceEntries(value, (key) => (Object.hasOwn(shape, key) ? shape[key] : catchall), depth);
}

/** A value some member accepts as it is stays as it is; otherwise the first member whose coerced value passes wins. */
function coerceUnion(options: readonly Zod4Schema[], value: unknown, depth: number): unknown {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return value;
  if (options.some((option) => zod4Validate(option, value).ok)) return value;
  for (const option of options) {
    const coerced = coerceWith(option, value, depth);
    if (coerced !== value && zod4Validate(option, coerced).ok) return coerced;
  }
  return value;
}

function coerceEntries(
  value: Record<string, unknown>,
  schemaFor: (key: string) => Zod4Schema | undefined,
  depth: number,
): unknown {
  return mapEntries(value, (key, item) => coerceWith(schemaFor(key), item, depth));
}

function coerceItems(
  value: readonly unknown[],
  schemaAt: (index: number) => Zod4Schema | undefined,
  depth: number,
): unknown[] {
  return mapItems(value, (index, item) => coerceWith(schemaAt(index), item, depth));
}
