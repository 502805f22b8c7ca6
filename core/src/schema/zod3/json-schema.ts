/**
 * Reflection of zod 3 schemas, through `zod-to-json-schema`. Choices that keep the result no looser
 * than runtime after coercion:
 * - `z.date()` → `{ type: "string", format: "date-time" }` (+ `formatMinimum`/`formatMaximum`),
 * - `z.bigint()` → `{ type: "string", pattern: "^-?\\d+$" }` (a JSON number would lose precision
 *   and is not coerced), a bigint literal → its decimal string as `const`,
 * - zod's own email / uuid / datetime regexes are added as `pattern` beside the `format`,
 * - tuples → `prefixItems` + `items` (`false` without a rest element),
 * - sets → unique-items arrays, maps → arrays of `[key, value]` entries.
 */
import { createRequire } from "node:module";
import type { datetimeRegex } from "zod/v3";
import type * as ZodToJsonSchema from "zod-to-json-schema";
import type { JsonSchema7Type, Refs } from "zod-to-json-schema";
import type { JsonSchema } from "../json-schema-types.js";
import type { SchemaIo } from "../schema-kind.js";
import { isPlainObject } from "../json-value.js";
import { toDraft2020 } from "../draft-2020.js";
import { isRecursive, Kind, type Def, type Zod3Schema } from "./def.js";
import {
  addPattern,
  BASE64_PATTERN,
  includesPattern,
  NO_OUTER_WHITESPACE,
  refuseStatefulRegex,
  URL_PATTERN,
} from "../string-checks.js";

type Mutable = Record<string, unknown>;

/**
 * zod-to-json-schema (39 modules) and zod 3's `datetimeRegex`, loaded when a zod 3 schema is first
 * reflected rather than with core (bench: row 8, cold start). Their CommonJS builds, through
 * `require`, because reflection is synchronous; zod-to-json-schema reads zod 3 schemas by
 * `_def.typeName` strings only, so its `zod/v3` need not be the app's copy.
 */
interface Reflector {
  readonly zodToJsonSchema: typeof ZodToJsonSchema.zodToJsonSchema;
  readonly parseStringDef: typeof ZodToJsonSchema.parseStringDef;
  readonly zodPatterns: typeof ZodToJsonSchema.zodPatterns;
  readonly ignoreOverride: typeof ZodToJsonSchema.ignoreOverride;
  readonly datetimeRegex: typeof datetimeRegex;
}

let loaded: Reflector | undefined;

function reflector(): Reflector {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url);
    const library = require("zod-to-json-schema") as typeof ZodToJsonSchema;
    loaded = {
      zodToJsonSchema: library.zodToJsonSchema,
      parseStringDef: library.parseStringDef,
      zodPatterns: library.zodPatterns,
      ignoreOverride: library.ignoreOverride,
      datetimeRegex: (require("zod/v3") as { datetimeRegex: typeof datetimeRegex }).datetimeRegex,
    };
  }
  return loaded;
}

export function zod3JsonSchema(schema: Zod3Schema, io: SchemaIo): JsonSchema {
  const raw = reflector().zodToJsonSchema(schema, {
    // Inline everything, except a recursive schema: it points back at its own root (`#…`), which
    // json-schema.ts hoists into the action's `$defs`.
    $refStrategy: isRecursive(schema) ? "root" : "none",
    target: "jsonSchema7", // closest zod-to-json-schema target to 2020-12; tuples are fixed by toDraft2020
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

/** Where zod-to-json-schema's own output would be looser than runtime, or not JSON. */
function override(
  def: Def,
  refs: Refs,
  io: SchemaIo,
): JsonSchema7Type | undefined | typeof ZodToJsonSchema.ignoreOverride {
  const { ignoreOverride } = reflector();
  switch (def.typeName) {
    case Kind.ZodDate:
      return withMeta(def, dateSchema(def));
    case Kind.ZodBigInt:
      return withMeta(def, { type: "string", pattern: bigintPattern(def) });
    case Kind.ZodLiteral:
      return typeof def.value === "bigint"
        ? withMeta(def, { type: "string", const: String(def.value) })
        : ignoreOverride;
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
    if (check.kind === "min" && typeof check.value === "number")
      schema.formatMinimum = new Date(check.value).toISOString();
    if (check.kind === "max" && typeof check.value === "number")
      schema.formatMaximum = new Date(check.value).toISOString();
  }
  return schema;
}

/** The sign bounds (`positive()`, `nonnegative()`, …) fit a pattern; other bounds cannot. */
function bigintPattern(def: { readonly checks?: Def["checks"] }): string {
  let min: LowerSign = "unbounded";
  let max: UpperSign = "unbounded";
  for (const check of def.checks ?? []) {
    if (check.kind === "min" && check.value === 0n) min = check.inclusive ? "nonnegative" : "positive";
    if (check.kind === "max" && check.value === 0n) max = check.inclusive ? "nonpositive" : "negative";
  }
  return signPattern(min, max);
}

/** The sign a bigint's checks allow from below and from above ("unbounded": no check on that side). */
export type LowerSign = "unbounded" | "nonnegative" | "positive";
export type UpperSign = "unbounded" | "nonpositive" | "negative";

/** A decimal-integer pattern for a bigint whose only bounds are around zero. */

export function signPattern(min: LowerSign, max: UpperSign): string {
  if (min === "positive") return "^\\+?0*[1-9]\\d*$";
  if (min === "nonnegative") return "^\\+?\\d+$";
  if (max === "negative") return "^-0*[1-9]\\d*$";
  if (max === "nonpositive") return "^(-\\d+|0+)$";
  return "^-?\\d+$";
}

function stringSchema(def: Def, refs: Refs): Mutable {
  const checks = (def.checks ?? []) as readonly (NonNullable<Def["checks"]>[number] & {
    readonly regex?: RegExp;
    readonly position?: number;
    readonly precision?: number | null;
  })[];
  for (const check of checks)
    if (check.kind === "regex" && check.regex instanceof RegExp) refuseStatefulRegex(check.regex);
  // zod-to-json-schema writes `includes` without its position: reflect it ourselves.
  const written = { ...def, checks: checks.filter((check) => check.kind !== "includes") };
  const { parseStringDef, zodPatterns, datetimeRegex } = reflector();
  const schema = parseStringDef(written as Parameters<typeof parseStringDef>[0], refs) as Mutable;
  // JSON Schema formats are looser than zod's checks (ajv's email allows `!#$`, its uuid a
  // `urn:uuid:` prefix, its date-time any offset, its uri ports past 65535, its time an offset zod
  // refuses): add zod's exact regex, or a stricter one, as a pattern too.
  for (const check of checks) {
    if (check.kind === "email") addPattern(schema, zodPatterns.email.source);
    if (check.kind === "uuid") addPattern(schema, zodPatterns.uuid.source);
    if (check.kind === "datetime")
      addPattern(schema, datetimeRegex(check as Parameters<typeof datetimeRegex>[0]).source);
    if (check.kind === "time") {
      delete schema.format; // JSON Schema's "time" requires an offset; zod's time() refuses one
      addPattern(schema, timePattern(check.precision));
    }
    if (check.kind === "url") addPattern(schema, URL_PATTERN);
    if (check.kind === "base64") addPattern(schema, BASE64_PATTERN);
    if (check.kind === "trim") addPattern(schema, NO_OUTER_WHITESPACE);
    if (check.kind === "includes" && typeof check.value === "string")
      addPattern(schema, includesPattern(check.value, check.position));
  }
  return schema;
}

/** zod 3's `time()` regex: seconds optional unless a precision is given. */
function timePattern(precision: number | null | undefined): string {
  const seconds = precision
    ? `[0-5]\\d\\.\\d{${precision}}`
    : precision === null || precision === undefined
      ? "[0-5]\\d(\\.\\d+)?"
      : "[0-5]\\d";
  return `^([01]\\d|2[0-3]):[0-5]\\d(:${seconds})${precision ? "+" : "?"}$`;
}
