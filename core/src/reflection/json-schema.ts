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
import type { JsonSchema, JsonValue } from "../schema/json-schema-types.js";
import { toJsonValue } from "../schema/json-value.js";
import { hoistRefs, type Defs } from "../schema/hoist-refs.js";

/** The dialect the reflected schemas are written in (they carry no `$schema` key themselves). */
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/**
 * What a caller may send: the top-level arguments (ambient fields never appear). A subfield
 * (`on: "customer.address"`) is not an argument of its own, but it tightens what its parent
 * accepts, so its schema is folded into the parent's property at that path — otherwise the
 * reflected schema would accept values the runtime refuses.
 */
export function buildInputSchema(
  fields: readonly NormalizedField[],
  warn: (message: string) => void = () => {},
): JsonSchema {
  const defs: Defs = {};
  const schema = objectSchema(
    fields.filter((field) => field.kind === "arg"),
    "input",
    defs,
  );
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const field of fields) {
    if (field.kind !== "subfield") continue;
    const path = argumentPath(field, byName, new Set());
    // A subfield of an ambient field is not model input: it stays out, like its parent.
    if (path !== undefined && !foldSubfield(schema, field, path, defs)) {
      // The seed: a subfield whose parent is not an object is left out of the schema, with a warning.
      warn(
        `subfield "${field.name}" is read from "${field.parentPath!.join(".")}", whose schema is not an object; it is left out of the input schema`,
      );
    }
  }
  return withDefs(schema, defs);
}

/** Recursive or reused field schemas keep their definitions in one `$defs` at the action's root. */
function withDefs(schema: JsonSchema, defs: Defs): JsonSchema {
  return Object.keys(defs).length === 0 ? schema : { ...schema, $defs: defs };
}

/** Where a subfield sits under the top-level arguments, following subfields of subfields. */
function argumentPath(
  field: NormalizedField,
  byName: ReadonlyMap<string, NormalizedField>,
  seen: Set<string>,
): string[] | undefined {
  const [head, ...rest] = field.parentPath!;
  const parent = byName.get(head!);
  if (parent === undefined || parent.kind === "ambient" || seen.has(parent.name)) return undefined;
  if (parent.kind === "arg") return [head!, ...rest];
  seen.add(parent.name);
  const above = argumentPath(parent, byName, seen);
  return above === undefined ? undefined : [...above, parent.name, ...rest];
}

type MutableSchema = Record<string, JsonValue>;

function isSchemaObject(value: JsonValue | undefined): value is MutableSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An object schema: a subfield can be folded into it as a property. */
function isObjectSchema(node: MutableSchema): boolean {
  const type = node.type;
  return (
    type === "object" ||
    (Array.isArray(type) && type.includes("object")) ||
    (type === undefined && isSchemaObject(node.properties))
  );
}

/**
 * Adds `field` under its parent path as a property that must also satisfy the subfield's schema;
 * false (and nothing changed) when a schema on the way is not an object.
 */
function foldSubfield(root: JsonSchema, field: NormalizedField, parentPath: readonly string[], defs: Defs): boolean {
  let node = root as MutableSchema;
  for (let at = 1; at < parentPath.length + 1; at++) {
    const next = ((node.properties ?? {}) as MutableSchema)[parentPath[at - 1]!];
    if (isSchemaObject(next) && !isObjectSchema(next)) return false;
    if (!isSchemaObject(next)) break;
    node = next;
  }
  node = root as MutableSchema;
  for (const segment of [...parentPath, field.name]) {
    const properties = (isSchemaObject(node.properties) ? node.properties : (node.properties = {})) as MutableSchema;
    const last = segment === field.name;
    const existing = properties[segment];
    if (last) {
      const sub = propertySchema(field, "input", defs);
      properties[segment] = isSchemaObject(existing) ? { allOf: [existing, sub] } : sub;
      if (!field.optional && field.default === undefined) {
        const required = Array.isArray(node.required) ? (node.required as string[]) : [];
        if (!required.includes(segment)) node.required = [...required, segment];
      }
      return true;
    }
    if (!isSchemaObject(existing)) properties[segment] = { type: "object" };
    node = properties[segment] as MutableSchema;
  }
  return true;
}

/** What a successful result exposes; `undefined` when the action exposes nothing. */
export function buildOutputSchema(fields: readonly NormalizedField[]): JsonSchema | undefined {
  const exposed = fields.filter((field) => field.kind === "arg");
  if (exposed.length === 0) return undefined;
  const defs: Defs = {};
  return withDefs(objectSchema(exposed, "output", defs), defs);
}

function objectSchema(fields: readonly NormalizedField[], io: "input" | "output", defs: Defs): JsonSchema {
  const properties: Record<string, JsonValue> = {};
  const required: string[] = [];
  for (const field of fields) {
    properties[field.name] = propertySchema(field, io, defs);
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

function propertySchema(field: NormalizedField, io: "input" | "output", defs: Defs): JsonSchema {
  const schema: Record<string, JsonValue> = { ...hoistRefs(field.reader.jsonSchema(io), field.name, defs) };
  // The axn option is the author's word for this action; the zod description may be shared.
  if (field.description !== undefined) schema.description = field.description;
  const declared = field.default?.value;
  if (declared !== undefined && typeof declared !== "function") {
    const value = toJsonValue(declared);
    if (value !== undefined) schema.default = value;
  }
  return schema;
}
