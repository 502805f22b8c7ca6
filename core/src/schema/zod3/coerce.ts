/**
 * Wire coercion for zod 3 schemas: decimal strings into numbers, `"12"` into `12n`,
 * `"true"`/`"false"`/`"1"`/`"0"` into booleans, ISO dates into `Date`s, numeric strings into
 * numeric native-enum members and number/boolean/bigint literals, and arrays into the `Set`/`Map`
 * a set/map schema wants. Walks objects (declared keys), arrays, tuples, records and unions.
 */
import { parseBigInt, parseBoolean, parseIsoDate, parseNumber, literalFromString, enumMember } from "../wire-parse.js";
import { isPlainObject } from "../json-value.js";
import { mapEntries, mapItems } from "../copy-on-change.js";
import { defOf, Kind, unionOptions, wrapped, type Def, type Zod3Schema } from "./def.js";

/** `coerceWireValue` for one schema. Only strings (or containers of them) ever change. */
export function coerceWireValue(schema: Zod3Schema, value: unknown): unknown {
  if (typeof value !== "string" && (typeof value !== "object" || value === null)) return value;
  return coerce(schema, value, 0);
}

/**
 * `coerceWireValue` specialised for one schema, for a field coerced on every call. The common kinds
 * (a string, enum, number or boolean, under any `optional`/`nullable`/`default`) get their parser
 * directly instead of a walk over the schema each time; anything else takes the general walk. The
 * answers are the same: those kinds only ever change a string, and the wrappers pass undefined and
 * null through as they are.
 */
export function wireCoercer(schema: Zod3Schema): (value: unknown) => unknown {
  let core: Zod3Schema | undefined = schema;
  for (let depth = 0; core !== undefined && depth <= 64; depth++) {
    const kind = defOf(core).typeName;
    if (kind !== Kind.ZodOptional && kind !== Kind.ZodNullable && kind !== Kind.ZodDefault) break;
    core = wrapped(core);
  }
  switch (core === undefined ? undefined : defOf(core).typeName) {
    case Kind.ZodString:
    case Kind.ZodEnum:
      return (value) => value;
    case Kind.ZodNumber:
      return (value) => (typeof value === "string" ? (parseNumber(value) ?? value) : value);
    case Kind.ZodBoolean:
      return (value) => (typeof value === "string" ? (parseBoolean(value) ?? value) : value);
    default:
      return (value) => coerceWireValue(schema, value);
  }
}

function coerce(schema: Zod3Schema, value: unknown, depth: number): unknown {
  if (depth > 64) return value; // a lazy schema that never bottoms out
  const def = defOf(schema);
  switch (def.typeName) {
    case Kind.ZodOptional:
    case Kind.ZodNullable:
    case Kind.ZodDefault:
      return value === undefined || value === null ? value : coerceInner(schema, value, depth);
    case Kind.ZodEffects:
      // A preprocess function receives the raw value and owns its shape; leave it alone.
      return def.effect?.type === "preprocess" ? value : coerceInner(schema, value, depth);
    case Kind.ZodReadonly:
    case Kind.ZodCatch:
    case Kind.ZodBranded:
    case Kind.ZodPipeline:
    case Kind.ZodLazy:
      return coerceInner(schema, value, depth);
    case Kind.ZodNumber:
      return typeof value === "string" ? (parseNumber(value) ?? value) : value;
    case Kind.ZodBigInt:
      return typeof value === "string" ? (parseBigInt(value) ?? value) : value;
    case Kind.ZodBoolean:
      return typeof value === "string" ? (parseBoolean(value) ?? value) : value;
    case Kind.ZodDate:
      return typeof value === "string" ? (parseIsoDate(value) ?? value) : value;
    case Kind.ZodNativeEnum:
      return typeof value === "string"
        ? enumMember(Object.values((def.values ?? {}) as Record<string, unknown>), value)
        : value;
    case Kind.ZodLiteral:
      return typeof value === "string" ? literalFromString(def.value, value) : value;
    case Kind.ZodObject:
      return isPlainObject(value) ? coerceObject(def, value, depth) : value;
    case Kind.ZodRecord:
      return isPlainObject(value) && def.valueType ? coerceEntries(value, () => def.valueType, depth) : value;
    case Kind.ZodArray:
      return Array.isArray(value) && def.type ? coerceItems(value, () => def.type, depth) : value;
    case Kind.ZodTuple:
      return Array.isArray(value) ? coerceItems(value, (i) => def.items?.[i] ?? def.rest ?? undefined, depth) : value;
    case Kind.ZodSet:
      // JSON has no sets: the reflected schema is a unique-items array, so accept one.
      return Array.isArray(value) && def.valueType ? new Set(coerceItems(value, () => def.valueType, depth)) : value;
    case Kind.ZodMap:
      // Reflected as an array of [key, value] entries.
      return Array.isArray(value) && value.every((e) => Array.isArray(e) && e.length === 2)
        ? new Map(
            value.map(([k, v]: unknown[]) => [coerceWith(def.keyType, k, depth), coerceWith(def.valueType, v, depth)]),
          )
        : value;
    case Kind.ZodUnion:
    case Kind.ZodDiscriminatedUnion:
      return coerceUnion(unionOptions(def), value, depth);
    case Kind.ZodIntersection:
      return coerceWith(def.right, coerceWith(def.left, value, depth), depth);
    default:
      return value; // strings, enums of strings, unknown shapes: nothing to do
  }
}

function coerceInner(schema: Zod3Schema, value: unknown, depth: number): unknown {
  return coerceWith(wrapped(schema), value, depth);
}

function coerceWith(schema: Zod3Schema | undefined, value: unknown, depth: number): unknown {
  return schema ? coerce(schema, value, depth + 1) : value;
}

function coerceObject(def: Def, value: Record<string, unknown>, depth: number): unknown {
  const shape = def.shape?.() ?? {};
  const catchall = def.catchall && defOf(def.catchall).typeName !== Kind.ZodNever ? def.catchall : undefined;
  return coerceEntries(value, (key) => (Object.hasOwn(shape, key) ? shape[key] : catchall), depth);
}

/**
 * A value that some member already accepts as it is stays as it is (`"007"` under
 * `number | string` is the string); otherwise the first member whose coerced value passes wins.
 */
function coerceUnion(options: readonly Zod3Schema[], value: unknown, depth: number): unknown {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return value;
  if (options.some((option) => option.safeParse(value).success)) return value;
  for (const option of options) {
    const coerced = coerceWith(option, value, depth);
    if (coerced !== value && option.safeParse(coerced).success) return coerced;
  }
  return value;
}

function coerceEntries(
  value: Record<string, unknown>,
  schemaFor: (key: string) => Zod3Schema | undefined,
  depth: number,
): unknown {
  return mapEntries(value, (key, item) => coerceWith(schemaFor(key), item, depth));
}

function coerceItems(
  value: readonly unknown[],
  schemaAt: (index: number) => Zod3Schema | undefined,
  depth: number,
): unknown[] {
  return mapItems(value, (index, item) => coerceWith(schemaAt(index), item, depth));
}
