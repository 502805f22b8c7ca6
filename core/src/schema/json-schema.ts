/**
 * Reflection: an action's normalized fields as the plain JSON Schema objects behind
 * `A.inputSchema` / `A.outputSchema`, which every adapter hands to its transport unchanged.
 *
 * The input schema is biased stricter than runtime: a call that follows it is never rejected by
 * validation. The one documented looser case is an invalid literal default (`z.string().uuid()`
 * with `default: "nope"`): the field reflects as optional with that default, though an omitted
 * value fails at runtime. Checks written as code (`validate`, `.refine`) have no JSON form.
 *
 * @example
 * ```ts
 * buildInputSchema(internalsOf(ListCompanies).expects);
 * // { type: "object", properties: { limit: { type: "integer" } }, additionalProperties: false }
 * ```
 */
import type { NormalizedField } from "../action/fields.js";
import type { JsonSchema, JsonValue } from "./json-schema-types.js";
import { fieldToJsonSchema, toJsonValue } from "./zod.js";

/** The dialect the reflected schemas are written in (they carry no `$schema` key themselves). */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** What a caller may send: top-level arguments only (ambient fields and subfields never appear). */
export function buildInputSchema(fields: readonly NormalizedField[]): JsonSchema {
  return objectSchema(fields.filter((field) => field.kind === "arg"), "input");
}

/** What a successful result exposes; `undefined` when the action exposes nothing. */
export function buildOutputSchema(fields: readonly NormalizedField[]): JsonSchema | undefined {
  const exposed = fields.filter((field) => field.kind === "arg");
  return exposed.length === 0 ? undefined : objectSchema(exposed, "output");
}

function objectSchema(fields: readonly NormalizedField[], io: "input" | "output"): JsonSchema {
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  for (const field of fields) {
    properties[field.name] = propertySchema(field, io);
    // An axn default fills a missing value (a function default too), so the caller may omit it.
    if (!field.optional && field.default === undefined) required.push(field.name);
  }
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

function propertySchema(field: NormalizedField, io: "input" | "output"): JsonSchema {
  const schema: Record<string, JsonValue> = { ...fieldToJsonSchema(field.schema, { io }) };
  // The axn option is the author's word for this action; the zod description may be shared.
  if (field.description !== undefined) schema.description = field.description;
  const declared = field.default?.value;
  if (declared !== undefined && typeof declared !== "function") {
    const value = toJsonValue(declared);
    if (value !== undefined) schema.default = value;
  }
  return schema;
}
