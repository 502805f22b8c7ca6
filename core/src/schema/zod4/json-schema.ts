/**
 * Reflection of zod 4 schemas through zod's own `toJSONSchema` (draft 2020-12), with overrides
 * where its output would be looser than runtime or not JSON: the same choices as for zod 3
 * (`zod3/json-schema.ts`) — dates as `date-time` strings, bigints as decimal-string patterns, sets
 * as unique-items arrays, maps as `[key, value]` entries on input and objects on output.
 * Recursive schemas come back with `$ref`s relative to the field's own root; `json-schema.ts`
 * hoists them when it assembles an action's schema.
 */
import { toJSONSchema, type $ZodType } from "zod/v4/core";
import type { JsonSchema } from "../json-schema-types.js";
import type { SchemaIo } from "../schema-kind.js";
import { isPlainObject } from "../json-value.js";
import { toDraft2020 } from "../draft-2020.js";
import { type LowerSign, signPattern, type UpperSign } from "../zod3/json-schema.js";
import { defOf, type CheckDef, type Zod4Schema } from "./def.js";
import { addPattern, JWT_PATTERN, NO_OUTER_WHITESPACE, refuseStatefulRegex, URL_PATTERN } from "../string-checks.js";

type Mutable = Record<string, unknown>;

/** The formats JSON Schema 2020-12 defines; any other `format` is a name only zod knows. */
const JSON_SCHEMA_FORMATS = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
]);

export function zod4JsonSchema(schema: Zod4Schema, io: SchemaIo): JsonSchema {
  const converted = toDraft2020(convert(schema, io));
  return (isPlainObject(converted) ? converted : {}) as JsonSchema;
}

function convert(schema: Zod4Schema, io: SchemaIo): Mutable {
  return toJSONSchema(schema as unknown as $ZodType, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    cycles: "ref",
    reused: "inline",
    override: (ctx) => override(ctx.zodSchema as unknown as Zod4Schema, ctx.jsonSchema as Mutable, io),
  }) as Mutable;
}

function override(schema: Zod4Schema, json: Mutable, io: SchemaIo): void {
  const def = defOf(schema);
  if (typeof json.format === "string" && !JSON_SCHEMA_FORMATS.has(json.format)) delete json.format; // zod's own names (cuid, starts_with…): the pattern beside says it
  switch (def.type) {
    case "string":
      tightenString(def, json);
      return;
    case "pipe":
      // A value must pass both sides; zod writes only `in` for input. A transform's output has no schema.
      if (
        io === "input" &&
        def.in !== undefined &&
        def.out !== undefined &&
        !transforms(def.in) &&
        defOf(def.out).type !== "transform"
      ) {
        replace(json, { allOf: [nested(def.in, io), nested(def.out, io)] });
        return;
      }
      return;
    case "date":
      replace(json, dateSchema(checksOf(def.checks)));
      return;
    case "bigint":
      replace(json, { type: "string", pattern: bigintPattern(checksOf(def.checks)) });
      return;
    case "literal":
      if (def.values?.some((value) => typeof value === "bigint")) {
        const members = def.values.map((value) => (typeof value === "bigint" ? String(value) : value));
        replace(json, members.length === 1 ? { type: "string", const: members[0] } : { enum: members });
        return;
      }
      return;
    case "set":
      replace(json, { type: "array", uniqueItems: true, items: def.valueType ? nested(def.valueType, io) : {} });
      return;
    case "map": {
      const key = def.keyType ? nested(def.keyType, io) : {};
      const value = def.valueType ? nested(def.valueType, io) : {};
      replace(
        json,
        io === "input"
          ? {
              type: "array",
              items: { type: "array", prefixItems: [key, value], items: false, minItems: 2, maxItems: 2 },
            }
          : { type: "object", additionalProperties: value },
      );
      return;
    }
    default:
      return;
  }
}

/**
 * Where zod's own string output is looser than the check it runs: a `.trim()` before length checks,
 * `url()` (zod runs the WHATWG parser: ports, empty hosts), `jwt()` (an unknown format, so no
 * constraint at all), a stateful `g`/`y` regex (refused).
 */
function tightenString(def: Zod4Schema["_zod"]["def"], json: Mutable): void {
  const parts: StringCheck[] = [
    def as unknown as StringCheck,
    ...(def.checks ?? []).map((check) => check._zod.def as StringCheck),
  ];
  for (const part of parts) {
    if (part.pattern instanceof RegExp) refuseStatefulRegex(part.pattern);
    if (part.check === "overwrite" && typeof part.tx === "function" && trims(part.tx as (value: string) => unknown))
      addPattern(json, NO_OUTER_WHITESPACE);
    if (part.format === "url") addPattern(json, URL_PATTERN);
    if (part.format === "jwt") {
      if (json.format === "jwt") delete json.format;
      addPattern(json, JWT_PATTERN);
    }
    if (part.format === "includes" && json.format === "includes") delete json.format; // not a JSON Schema format
  }
}

interface StringCheck extends CheckDef {
  readonly format?: string;
  readonly pattern?: unknown;
  readonly tx?: unknown;
}

/** Whether an overwrite step is a trim: zod 4 keeps only the function, so ask it. */
function trims(tx: (value: string) => unknown): boolean {
  try {
    return tx(" \n a \t") === "a";
  } catch {
    return false;
  }
}

/** Whether what `schema` outputs is a transform's result (so `out` of a pipe sees something else than the input). */
function transforms(schema: Zod4Schema, depth = 0): boolean {
  const def = defOf(schema);
  if (depth > 32) return true;
  if (def.type === "transform") return true;
  if (def.type === "pipe") return def.out === undefined || transforms(def.out, depth + 1);
  return def.innerType !== undefined && transforms(def.innerType, depth + 1);
}

/** A member schema of a set or map, converted on its own (zod leaves those unrepresentable). */
function nested(schema: Zod4Schema, io: SchemaIo): Mutable {
  const { $schema: _dialect, ...rest } = convert(schema, io);
  return rest;
}

function replace(json: Mutable, next: Mutable): void {
  const description = json.description;
  for (const key of Object.keys(json)) delete json[key];
  Object.assign(json, next);
  if (description !== undefined) json.description = description;
}

function checksOf(checks: Zod4Schema["_zod"]["def"]["checks"]): CheckDef[] {
  return (checks ?? []).map((check) => check._zod.def);
}

function dateSchema(checks: readonly CheckDef[]): Mutable {
  const schema: Mutable = { type: "string", format: "date-time" };
  for (const check of checks) {
    // Not standard JSON Schema, but honoured by ajv-formats: dates have no standard range keyword.
    const at =
      check.value instanceof Date
        ? check.value.toISOString()
        : typeof check.value === "number"
          ? new Date(check.value).toISOString()
          : undefined;
    if (at === undefined) continue;
    if (check.check === "greater_than") schema[check.inclusive ? "formatMinimum" : "formatExclusiveMinimum"] = at;
    if (check.check === "less_than") schema[check.inclusive ? "formatMaximum" : "formatExclusiveMaximum"] = at;
  }
  return schema;
}

function bigintPattern(checks: readonly CheckDef[]): string {
  let min: LowerSign = "unbounded";
  let max: UpperSign = "unbounded";
  for (const check of checks) {
    if (check.check === "greater_than" && check.value === 0n) min = check.inclusive ? "nonnegative" : "positive";
    if (check.check === "less_than" && check.value === 0n) max = check.inclusive ? "nonpositive" : "negative";
  }
  return signPattern(min, max);
}
