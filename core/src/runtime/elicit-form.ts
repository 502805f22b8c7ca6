/**
 * `ctx.elicit`'s fields, both ways: declarations (the same as `expects`) → the flat form a client
 * renders (`ElicitForm`, the subset MCP's `elicitation/create` accepts), and the user's answer →
 * the validated values the body receives. Fields are read once per declaration object, so a body
 * that hoists its fields (`const ASK = { … }`) pays for it once.
 */
import type { Fields, NormalizedField } from "../action/fields.js";
import type { ElicitForm } from "../action/live.js";
import type { CompiledAction } from "./compiled.js";
import { normalizeFields } from "./normalize.js";
import { resolveInput } from "./validate.js";
import { argsReader, literalBuilder, type ArgsReader, type LiteralBuilder } from "./plan.js";
import { buildInputSchema } from "../reflection/json-schema.js";
import type { JsonSchema, JsonValue } from "../schema/json-schema-types.js";
import { isPlainObject } from "../schema/json-value.js";

/** Fields read for elicitation: what the runtime validates an answer with, and the form it sends. */
export interface ElicitFields {
  readonly fields: readonly NormalizedField[];
  readonly form: ElicitForm;
  /** The validated answer's object, built like a call's input (plan.ts). */
  readonly build: LiteralBuilder;
  readonly readArgs: ArgsReader;
}

const cache = new WeakMap<object, ElicitFields>();

/** What an answer is validated with: every field user-facing, coerced, no policy beyond that. */
const ANSWER_POLICY = Object.freeze({
  coerce: true,
  userFacingInputErrors: true,
  rejectUndeclaredInputs: false,
  checkValue: undefined,
});

/** Reads `fields` for `ctx.elicit` in `action`, or throws a `TypeError` naming what cannot be asked. */
export function elicitFields(action: string, fields: Fields): ElicitFields {
  if (typeof fields !== "object" || fields === null || Array.isArray(fields)) {
    throw new TypeError(
      `${action}: ctx.elicit(message, fields): fields must be an object of field declarations, like expects`,
    );
  }
  let read = cache.get(fields);
  if (read !== undefined) return read;
  let normalized: NormalizedField[];
  try {
    normalized = normalizeFields(action, fields, "expects");
  } catch (error) {
    throw new TypeError(String((error as Error).message).replace(`defineAxn(${action}): `, `${action}: ctx.elicit: `));
  }
  if (normalized.length === 0) throw new TypeError(`${action}: ctx.elicit: ask for at least one field`);
  for (const field of normalized) {
    if (field.kind !== "arg")
      throw new TypeError(
        `${action}: ctx.elicit: field "${field.name}" has "on"; an elicited field is asked of the user, never read from elsewhere`,
      );
  }
  read = {
    fields: normalized,
    form: formOf(action, buildInputSchema(normalized)),
    build: literalBuilder(normalized.map((field) => field.name)),
    readArgs: argsReader(normalized.map((field) => field.name)),
  };
  cache.set(fields, read);
  return read;
}

/** The user's accepted content, validated; a violation throws a user-facing `InboundValidationError`. */
export function validateAnswer(action: string, read: ElicitFields, content: unknown): Record<string, unknown> {
  const shape = {
    name: action,
    expects: read.fields,
    parentIndex: read.fields.map(() => undefined),
    readArgs: read.readArgs,
    buildInput: read.build,
    argNames: new Set<string>(),
    ambientSourced: new Set<string>(),
    coerceInputTypes: true,
  };
  return resolveInput(shape as unknown as CompiledAction, content, undefined, ANSWER_POLICY);
}

const STRING_FORMATS = new Set(["email", "uri", "date", "date-time"]);
const BASE_KEYS = ["title", "description"] as const;

function formOf(action: string, schema: JsonSchema): ElicitForm {
  if (schema.$defs !== undefined) {
    throw new TypeError(
      `${action}: ctx.elicit: a field reuses or nests a schema ($defs); an elicitation form holds only flat, primitive fields`,
    );
  }
  const properties: Record<string, JsonSchema> = {};
  const source = (schema.properties ?? {}) as Record<string, JsonSchema>;
  for (const name of Object.keys(source)) properties[name] = primitive(action, name, source[name]!);
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.freeze({
    type: "object",
    properties: Object.freeze(properties),
    ...(required.length > 0 ? { required: Object.freeze([...required]) } : {}),
  });
}

function refuse(action: string, name: string, what: string): never {
  throw new TypeError(
    `${action}: ctx.elicit: field "${name}" is ${what}; an elicitation form asks only for strings, numbers, integers, booleans, enums of strings and lists of string enums`,
  );
}

function pick(source: JsonSchema, out: Record<string, JsonValue>, keys: readonly string[]): void {
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key]!;
}

/** Titled options (`{ const, title? }` each, all strings) from a `oneOf` / `anyOf`, or `undefined`. */
function titledOptions(list: JsonValue | undefined): { const: string; title: string }[] | undefined {
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const options: { const: string; title: string }[] = [];
  for (const entry of list) {
    if (!isPlainObject(entry) || typeof (entry as JsonSchema).const !== "string") return undefined;
    const option = entry as JsonSchema;
    options.push({
      const: option.const as string,
      title: typeof option.title === "string" ? option.title : (option.const as string),
    });
  }
  return options;
}

function stringEnum(values: JsonValue | undefined): string[] | undefined {
  return Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === "string")
    ? (values as string[])
    : undefined;
}

function primitive(action: string, name: string, schema: JsonSchema): JsonSchema {
  const out: Record<string, JsonValue> = {};
  pick(schema, out, BASE_KEYS);
  const titled = titledOptions((schema.oneOf ?? schema.anyOf) as JsonValue | undefined);
  if (titled !== undefined) {
    // SEP-1330: a titled single-select.
    out.type = "string";
    out.oneOf = titled;
    pick(schema, out, ["default"]);
    return out;
  }
  const type = schema.type;
  if (typeof schema.const === "string")
    return {
      ...out,
      type: "string",
      enum: [schema.const],
      ...(schema.default === undefined ? {} : { default: schema.default }),
    };
  if (type === "string") {
    const values = stringEnum(schema.enum as JsonValue | undefined);
    if (values !== undefined) {
      // The legacy titled form (`enumNames`, one per member), kept when the schema's metadata gives it.
      const names = stringEnum(schema.enumNames as JsonValue | undefined);
      return {
        ...out,
        type: "string",
        enum: values,
        ...(names !== undefined && names.length === values.length ? { enumNames: names } : {}),
        ...(schema.default === undefined ? {} : { default: schema.default }),
      };
    }
    out.type = "string";
    pick(schema, out, ["minLength", "maxLength", "default"]);
    if (typeof schema.format === "string" && STRING_FORMATS.has(schema.format)) out.format = schema.format;
    return out;
  }
  if (type === "number" || type === "integer") {
    out.type = type;
    for (const key of ["minimum", "maximum"] as const) {
      const bound = schema[key];
      // zod bounds every integer to the safe range: no limit a user needs to see.
      if (typeof bound === "number" && Math.abs(bound) !== Number.MAX_SAFE_INTEGER) out[key] = bound;
    }
    pick(schema, out, ["default"]);
    return out;
  }
  if (type === "boolean") {
    out.type = "boolean";
    pick(schema, out, ["default"]);
    return out;
  }
  if (type === "array" && isPlainObject(schema.items)) {
    const items = schema.items as JsonSchema;
    const titledItems = titledOptions((items.anyOf ?? items.oneOf) as JsonValue | undefined);
    const values = stringEnum(items.enum as JsonValue | undefined);
    if (titledItems === undefined && (values === undefined || items.type !== "string"))
      refuse(action, name, "a list of something other than string enum members");
    out.type = "array";
    out.items = titledItems !== undefined ? { anyOf: titledItems } : { type: "string", enum: values! };
    pick(schema, out, ["minItems", "maxItems", "default"]);
    return out;
  }
  if (type === "object") refuse(action, name, "an object");
  if (type === "array") refuse(action, name, "a list of something other than string enum members");
  if (Array.isArray(type) || schema.anyOf !== undefined || schema.oneOf !== undefined)
    refuse(action, name, "a union (or nullable)");
  return refuse(action, name, "of no single primitive type");
}
