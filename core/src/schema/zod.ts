/**
 * The one module that looks inside zod schemas. Everything else in axn (fields, reflection, the
 * Invoker, adapters) goes through the small, zod-agnostic API below, so supporting another zod
 * major is a change to this file alone:
 *
 * - `analyzeSchema` — optional / nullable / has-default / description of one schema,
 * - `isZodSchema` — a bare schema versus a `{ schema, ...options }` declaration,
 * - `coerceWireValue` — wire strings (and arrays for sets/maps) to the runtime type a schema wants,
 * - `validateWith` — a thin wrapper over `safeParse`,
 * - `fieldToJsonSchema` — one schema to a self-contained JSON Schema 2020-12 object,
 * - `toJsonValue` — how reflection writes a non-JSON value (a `Date` or `bigint` default).
 *
 * The JSON Schema side is biased stricter than runtime: whatever the reflected schema accepts,
 * `validateWith(schema, coerceWireValue(schema, value))` accepts too (see docs/schema-reflection.md
 * for the limits JSON Schema cannot express).
 *
 * @example
 * ```ts
 * const limit = z.number().int().min(1).optional();
 * coerceWireValue(limit, "25"); // 25
 * fieldToJsonSchema(limit);     // { type: "integer", minimum: 1 }
 * ```
 */
import { datetimeRegex, ZodFirstPartyTypeKind as Kind, type ZodTypeAny } from "zod";
import {
  ignoreOverride,
  parseStringDef,
  zodPatterns,
  zodToJsonSchema,
  type JsonSchema7Type,
  type Refs,
} from "zod-to-json-schema";
import type { JsonSchema, JsonValue } from "./json-schema-types.js";

// ---------------------------------------------------------------------------------------------
// Reading zod internals. Every `_def` access in the codebase is in this section.
// ---------------------------------------------------------------------------------------------

/**
 * The slice of zod 3's `_def` this module reads. zod types `_def` per class; one loose view keeps
 * the walkers below short, and every field is checked before use.
 */
interface Def {
  readonly typeName?: string;
  readonly description?: string;
  readonly innerType?: ZodTypeAny; // Optional, Nullable, Default, Readonly, Catch
  readonly type?: ZodTypeAny; // Array, Branded (the wrapped type)
  readonly schema?: ZodTypeAny; // Effects
  readonly effect?: { readonly type: "refinement" | "transform" | "preprocess" };
  readonly in?: ZodTypeAny; // Pipeline
  readonly out?: ZodTypeAny;
  readonly getter?: () => ZodTypeAny; // Lazy
  readonly shape?: () => Readonly<Record<string, ZodTypeAny>>; // Object
  readonly catchall?: ZodTypeAny;
  readonly items?: readonly ZodTypeAny[]; // Tuple
  readonly rest?: ZodTypeAny | null;
  readonly keyType?: ZodTypeAny; // Record, Map
  readonly valueType?: ZodTypeAny; // Record, Map, Set
  readonly options?: readonly ZodTypeAny[] | ReadonlyMap<unknown, ZodTypeAny>; // (Discriminated)Union
  readonly left?: ZodTypeAny; // Intersection
  readonly right?: ZodTypeAny;
  readonly value?: unknown; // Literal
  readonly values?: unknown; // Enum (string[]), NativeEnum (the enum object)
  readonly checks?: readonly { readonly kind: string; readonly value?: unknown; readonly inclusive?: boolean }[];
}

function defOf(schema: ZodTypeAny): Def {
  return schema._def as Def;
}

/** The schema a transparent wrapper validates its (non-missing) value with, if `schema` is one. */
function wrapped(schema: ZodTypeAny): ZodTypeAny | undefined {
  const def = defOf(schema);
  switch (def.typeName) {
    case Kind.ZodOptional:
    case Kind.ZodNullable:
    case Kind.ZodDefault:
    case Kind.ZodReadonly:
    case Kind.ZodCatch:
      return def.innerType;
    case Kind.ZodBranded:
      return def.type;
    case Kind.ZodEffects:
      return def.schema;
    case Kind.ZodPipeline:
      return def.in; // a value enters the pipeline through `in`
    case Kind.ZodLazy:
      return def.getter?.();
    default:
      return undefined;
  }
}

function unionOptions(def: Def): readonly ZodTypeAny[] {
  const options = def.options;
  if (options === undefined) return [];
  return Array.isArray(options) ? options : [...(options as ReadonlyMap<unknown, ZodTypeAny>).values()];
}

// ---------------------------------------------------------------------------------------------
// analyzeSchema, isZodSchema, validateWith
// ---------------------------------------------------------------------------------------------

export interface SchemaAnalysis {
  /** Accepts `undefined` (`.optional()`, `.default()`, `z.any()`, a union with `z.undefined()`…). */
  readonly optional: boolean;
  /** Accepts `null`. */
  readonly nullable: boolean;
  /** zod supplies a value when the input is `undefined` (`.default()` not hidden by `.optional()`). */
  readonly hasDefault: boolean;
  /** The `.describe()` text, read through wrappers. */
  readonly description: string | undefined;
}

export function analyzeSchema(schema: ZodTypeAny): SchemaAnalysis {
  return {
    // Probing with safeParse is exactly "accepts undefined/null", refinements included; a refinement
    // that throws on the probe counts as not accepting.
    optional: accepts(schema, undefined),
    nullable: accepts(schema, null),
    hasDefault: hasDefault(schema),
    description: descriptionOf(schema),
  };
}

function accepts(schema: ZodTypeAny, value: undefined | null): boolean {
  try {
    return schema.safeParse(value).success;
  } catch {
    return false;
  }
}

function hasDefault(schema: ZodTypeAny): boolean {
  for (let current: ZodTypeAny | undefined = schema, depth = 0; current && depth < 32; depth++) {
    const kind = defOf(current).typeName;
    if (kind === Kind.ZodDefault) return true;
    // `.optional()` answers `undefined` itself, so a default inside it never runs.
    if (kind === Kind.ZodOptional || kind === Kind.ZodLazy) return false;
    current = wrapped(current);
  }
  return false;
}

function descriptionOf(schema: ZodTypeAny): string | undefined {
  for (let current: ZodTypeAny | undefined = schema, depth = 0; current && depth < 32; depth++) {
    const description = defOf(current).description;
    if (description !== undefined) return description;
    if (defOf(current).typeName === Kind.ZodLazy) return undefined; // never expand a recursive type
    current = wrapped(current);
  }
  return undefined;
}

/** True for a zod schema (from any copy of zod 3), false for a `{ schema, ...options }` declaration. */
export function isZodSchema(value: unknown): value is ZodTypeAny {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as { _def?: unknown; safeParse?: unknown };
  return (
    typeof candidate.safeParse === "function" &&
    typeof candidate._def === "object" &&
    candidate._def !== null &&
    typeof (candidate._def as Def).typeName === "string"
  );
}

export interface ValidationIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
  readonly code: string;
}

export type ValidationOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

export function validateWith(schema: ZodTypeAny, value: unknown): ValidationOutcome {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((issue) => ({ path: [...issue.path], message: issue.message, code: issue.code })),
  };
}

// ---------------------------------------------------------------------------------------------
// coerceWireValue
// ---------------------------------------------------------------------------------------------

/** A plain decimal number: no whitespace, hex, `Infinity` or empty string. */
const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
/**
 * An ISO 8601 date (`2026-07-08`, read as UTC midnight) or a date-time with a zone. It accepts at
 * least what JSON Schema's `format: "date-time"` accepts (`t`/space separator, any fraction,
 * `+hh`, `+hhmm`, leap second), so a value the reflected schema accepts always becomes a Date.
 * A date-time without a zone is ambiguous on a server and stays a string for zod to reject.
 */
const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt\s](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?([Zz]|([+-])(\d{2})(?::?(\d{2}))?))?$/;

function parseNumber(text: string): number | undefined {
  if (!DECIMAL.test(text)) return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined; // "1e999" stays a string so zod reports it
}

function parseBigInt(text: string): bigint | undefined {
  return INTEGER.test(text) ? BigInt(text) : undefined;
}

function parseBoolean(text: string): boolean | undefined {
  if (text === "true" || text === "1") return true;
  if (text === "false" || text === "0") return false;
  return undefined;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function parseIsoDate(text: string): Date | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const num = (group: number): number => Number(m[group] ?? 0);
  const [year, month, day, hour, minute, second] = [num(1), num(2), num(3), num(4), num(5), num(6)];
  const millis = Number((m[7] ?? "").padEnd(3, "0").slice(0, 3)); // fraction digits beyond ms are dropped
  const [offsetHours, offsetMinutes] = [num(10), num(11)];
  const leapYear = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const leapDay = month === 2 && leapYear ? 1 : 0;
  if (month < 1 || month > 12 || day < 1 || day > (DAYS_IN_MONTH[month - 1] ?? 0) + leapDay) return undefined;
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // not Date.UTC: it maps years 0–99 to 1900–1999
  date.setUTCHours(hour, minute, second, millis); // a leap second (:60) rolls into the next minute
  const sign = m[9] === "-" ? -1 : 1;
  return new Date(date.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Turns wire data into what `schema` validates: decimal strings into numbers, `"12"` into `12n`,
 * `"true"`/`"false"`/`"1"`/`"0"` into booleans, ISO dates into `Date`s, numeric strings into
 * numeric native-enum members and number/boolean/bigint literals, and arrays into the `Set`/`Map`
 * a set/map schema wants. Walks objects (declared keys), arrays, tuples, records and unions (the
 * first member whose coerced value passes wins). A string that does not parse is left as it is so
 * validation reports it. Never mutates `value`; returns it unchanged when nothing applies.
 */
export function coerceWireValue(schema: ZodTypeAny, value: unknown): unknown {
  // Only a string (or what contains strings: an object, an array) ever changes; a number, boolean
  // or null already is what any schema would coerce it to, so it skips the walk over the schema.
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
export function wireCoercer(schema: ZodTypeAny): (value: unknown) => unknown {
  let core: ZodTypeAny | undefined = schema;
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

function coerce(schema: ZodTypeAny, value: unknown, depth: number): unknown {
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
      return typeof value === "string" ? nativeEnumMember(def.values, value) : value;
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
        ? new Map(value.map(([k, v]: unknown[]) => [coerceWith(def.keyType, k, depth), coerceWith(def.valueType, v, depth)]))
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

function coerceInner(schema: ZodTypeAny, value: unknown, depth: number): unknown {
  return coerceWith(wrapped(schema), value, depth);
}

function coerceWith(schema: ZodTypeAny | undefined, value: unknown, depth: number): unknown {
  return schema ? coerce(schema, value, depth + 1) : value;
}

function nativeEnumMember(values: unknown, text: string): unknown {
  const members = Object.values((values ?? {}) as Record<string, unknown>);
  if (members.includes(text)) return text; // already a (string) member
  const parsed = parseNumber(text);
  return parsed !== undefined && members.includes(parsed) ? parsed : text;
}

function literalFromString(literal: unknown, text: string): unknown {
  switch (typeof literal) {
    case "number":
      return parseNumber(text) === literal ? literal : text;
    case "boolean":
      return parseBoolean(text) === literal ? literal : text;
    case "bigint":
      return parseBigInt(text) === literal ? literal : text;
    default:
      return text;
  }
}

function coerceObject(def: Def, value: Record<string, unknown>, depth: number): unknown {
  const shape = def.shape?.() ?? {};
  const catchall = def.catchall && defOf(def.catchall).typeName !== Kind.ZodNever ? def.catchall : undefined;
  return coerceEntries(value, (key) => (Object.hasOwn(shape, key) ? shape[key] : catchall), depth);
}

function coerceEntries(
  value: Record<string, unknown>,
  schemaFor: (key: string) => ZodTypeAny | undefined,
  depth: number,
): unknown {
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const coerced = coerceWith(schemaFor(key), item, depth);
    if (coerced !== item) (copy ??= { ...value })[key] = coerced;
  }
  return copy ?? value;
}

function coerceItems(value: readonly unknown[], schemaAt: (index: number) => ZodTypeAny | undefined, depth: number): unknown[] {
  let copy: unknown[] | undefined;
  value.forEach((item, index) => {
    const coerced = coerceWith(schemaAt(index), item, depth);
    if (coerced !== item) (copy ??= [...value])[index] = coerced;
  });
  return copy ?? (value as unknown[]);
}

function coerceUnion(options: readonly ZodTypeAny[], value: unknown, depth: number): unknown {
  if (value === null || value === undefined || typeof value === "number" || typeof value === "boolean") return value;
  for (const option of options) {
    const coerced = coerceWith(option, value, depth);
    if (coerced !== value && option.safeParse(coerced).success) return coerced;
    if (coerced === value && option.safeParse(value).success) return value; // an earlier member takes it as is
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// fieldToJsonSchema
// ---------------------------------------------------------------------------------------------

export interface JsonSchemaOptions {
  /**
   * `"input"` (default) reflects what a caller may send. `"output"` reflects what a validated value
   * looks like: a transform's result is unknown (`{}`) and a pipeline shows its `out` side.
   */
  readonly io?: "input" | "output";
}

/**
 * One zod schema as a plain, self-contained JSON Schema 2020-12 object (no `$schema`, no `$ref`).
 * Choices that keep it no looser than runtime after `coerceWireValue`:
 * - `z.date()` → `{ type: "string", format: "date-time" }` (+ `formatMinimum`/`formatMaximum`),
 * - `z.bigint()` → `{ type: "string", pattern: "^-?\\d+$" }` (a JSON number would lose precision
 *   and is not coerced), a bigint literal → its decimal string as `const`,
 * - zod's own email / uuid / datetime regexes are added as `pattern` beside the `format`,
 * - tuples → `prefixItems` + `items` (`false` without a rest element),
 * - sets → unique-items arrays, maps → arrays of `[key, value]` entries.
 */
export function fieldToJsonSchema(schema: ZodTypeAny, options: JsonSchemaOptions = {}): JsonSchema {
  const io = options.io ?? "input";
  const raw = zodToJsonSchema(schema, {
    $refStrategy: "none",
    target: "jsonSchema7", // closest zod-to-json-schema target to 2020-12; tuples are fixed below
    effectStrategy: "input",
    pipeStrategy: io === "input" ? "all" : "output", // "all": the value must satisfy both sides
    dateStrategy: "format:date-time",
    // Input: a Map arrives as [key, value] entries (what coercion reads); output: render writes an object.
    mapStrategy: io === "input" ? "entries" : "record",
    emailStrategy: "format:email",
    override: (def, refs) => override(def as Def, refs, io),
  });
  const converted = toDraft2020(raw);
  return (isPlainObject(converted) ? converted : {}) as JsonSchema;
}

type Mutable = Record<string, unknown>;

/** Where zod-to-json-schema's own output would be looser than runtime, or not JSON. */
function override(def: Def, refs: Refs, io: "input" | "output"): JsonSchema7Type | undefined | typeof ignoreOverride {
  switch (def.typeName) {
    case Kind.ZodDate:
      return withMeta(def, dateSchema(def));
    case Kind.ZodBigInt:
      return withMeta(def, { type: "string", pattern: bigintPattern(def) });
    case Kind.ZodLiteral:
      return typeof def.value === "bigint" ? withMeta(def, { type: "string", const: String(def.value) }) : ignoreOverride;
    case Kind.ZodString:
      return withMeta(def, stringSchema(def, refs));
    case Kind.ZodEffects:
      if (io === "output" && def.effect?.type === "transform") return withMeta(def, {});
      return ignoreOverride;
    default:
      return ignoreOverride;
  }
}

function withMeta(def: Def, schema: Mutable): JsonSchema7Type {
  // zod-to-json-schema adds `description` only for the schemas it parses itself.
  return (def.description === undefined ? schema : { ...schema, description: def.description }) as JsonSchema7Type;
}

function dateSchema(def: Def): Mutable {
  const schema: Mutable = { type: "string", format: "date-time" };
  for (const check of def.checks ?? []) {
    // Not standard JSON Schema, but honoured by ajv-formats: dates have no standard range keyword.
    if (check.kind === "min" && typeof check.value === "number") schema.formatMinimum = new Date(check.value).toISOString();
    if (check.kind === "max" && typeof check.value === "number") schema.formatMaximum = new Date(check.value).toISOString();
  }
  return schema;
}

/** The sign bounds (`positive()`, `nonnegative()`, …) fit a pattern; other bounds cannot. */
function bigintPattern(def: Def): string {
  let min: "any" | "nonnegative" | "positive" = "any";
  let max: "any" | "nonpositive" | "negative" = "any";
  for (const check of def.checks ?? []) {
    if (check.kind === "min" && check.value === 0n) min = check.inclusive ? "nonnegative" : "positive";
    if (check.kind === "max" && check.value === 0n) max = check.inclusive ? "nonpositive" : "negative";
  }
  if (min === "positive") return "^\\+?0*[1-9]\\d*$";
  if (min === "nonnegative") return "^\\+?\\d+$";
  if (max === "negative") return "^-0*[1-9]\\d*$";
  if (max === "nonpositive") return "^(-\\d+|0+)$";
  return "^-?\\d+$";
}

function stringSchema(def: Def, refs: Refs): Mutable {
  const schema = parseStringDef(def as Parameters<typeof parseStringDef>[0], refs) as Mutable;
  // JSON Schema formats are looser than zod's checks (ajv's email allows `!#$`, its uuid a
  // `urn:uuid:` prefix, its date-time any offset): add zod's exact regex as a pattern too.
  const patterns: string[] = [];
  for (const check of def.checks ?? []) {
    if (check.kind === "email") patterns.push(zodPatterns.email.source);
    if (check.kind === "uuid") patterns.push(zodPatterns.uuid.source);
    if (check.kind === "datetime") patterns.push(datetimeRegex(check as Parameters<typeof datetimeRegex>[0]).source);
  }
  for (const pattern of patterns) {
    if (schema.pattern === undefined && schema.allOf === undefined) schema.pattern = pattern;
    else schema.allOf = [...((schema.allOf as unknown[] | undefined) ?? []), { pattern }];
  }
  return schema;
}

/** Keywords whose value is data, not a subschema. */
const VALUE_KEYWORDS = new Set(["default", "const", "examples"]);
/** Keywords whose value maps names (not keywords) to subschemas. */
const SCHEMA_MAP_KEYWORDS = new Set(["properties", "patternProperties", "$defs", "dependentSchemas"]);

/** zod-to-json-schema's draft-07 output → 2020-12, with non-JSON values made JSON. */
function toDraft2020(node: unknown): unknown {
  if (!isPlainObject(node)) return typeof node === "boolean" ? node : {};
  const out: Mutable = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema" || key === "definitions") continue;
    let converted: unknown;
    if (VALUE_KEYWORDS.has(key)) converted = toJsonValue(value);
    else if (key === "enum" && Array.isArray(value)) {
      // Drop members with no JSON form: fewer accepted values is stricter, never looser.
      converted = value.map(toJsonValue).filter((member) => member !== undefined);
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value)) {
      converted = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toDraft2020(sub)]));
    } else if (Array.isArray(value)) {
      converted = value.map((item) => (isPlainObject(item) ? toDraft2020(item) : toJsonValue(item)));
    } else converted = isPlainObject(value) ? toDraft2020(value) : toJsonValue(value);
    if (converted !== undefined) out[key] = converted;
  }
  if (Array.isArray(out.items)) {
    // Draft-07 tuple form: `items: [...]` (+ `additionalItems`) → `prefixItems` + `items`.
    const { items, additionalItems, ...rest } = out;
    return simplifyAnyOf({ ...rest, prefixItems: items, items: additionalItems ?? false });
  }
  return simplifyAnyOf(out);
}

/** An optional member nested below the top renders as `anyOf: [{ not: {} }, X]`: that is just X. */
function simplifyAnyOf(node: Mutable): Mutable {
  if (!Array.isArray(node.anyOf)) return node;
  const members = node.anyOf.filter((m) => !(isPlainObject(m) && Object.keys(m).length === 1 && isEmptyNot(m.not)));
  if (members.length === node.anyOf.length || members.length === 0) return node;
  const { anyOf: _dropped, ...rest } = node;
  const only = members[0];
  if (members.length === 1 && isPlainObject(only) && Object.keys(only).every((k) => !(k in rest))) {
    return { ...only, ...rest };
  }
  return { ...rest, anyOf: members };
}

function isEmptyNot(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}

/**
 * A value as reflection writes it (a `default` or `const`): `Date` → ISO string and `bigint` →
 * decimal string, the wire forms `coerceWireValue` reads back; `undefined` when it has no JSON form
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
