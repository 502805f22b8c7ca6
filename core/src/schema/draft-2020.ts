/**
 * Every kind's converter output, made into what axn publishes: a plain JSON Schema 2020-12 object
 * with JSON values only. Draft-07 forms (zod-to-json-schema's `definitions`, tuple `items: [...]`)
 * are rewritten, `$schema` is dropped (the dialect is documented once, `JSON_SCHEMA_DIALECT`), and
 * a `default`/`const`/`enum` value with no JSON form is written the way coercion reads it back, or
 * dropped (fewer accepted values is stricter, never looser).
 */
import { isPlainObject, toJsonValue } from "./json-value.js";

type Mutable = Record<string, unknown>;

/** Keywords whose value is data, not a subschema. */
const VALUE_KEYWORDS = new Set(["default", "const", "examples"]);
/** Keywords whose value maps names (not keywords) to subschemas. */
const SCHEMA_MAP_KEYWORDS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

export function toDraft2020(node: unknown): unknown {
  if (!isPlainObject(node)) return typeof node === "boolean" ? node : {};
  const out: Mutable = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "$schema") continue;
    let converted: unknown;
    if (VALUE_KEYWORDS.has(key)) converted = toJsonValue(value);
    else if (key === "enum" && Array.isArray(value))
      converted = value.map(toJsonValue).filter((member) => member !== undefined);
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isPlainObject(value)) {
      converted = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, toDraft2020(sub)]));
    } else if (Array.isArray(value)) {
      converted = value.map((item) => (isPlainObject(item) ? toDraft2020(item) : toJsonValue(item)));
    } else converted = isPlainObject(value) ? toDraft2020(value) : toJsonValue(value);
    if (converted !== undefined) out[key === "definitions" ? "$defs" : key] = converted;
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
  const members = node.anyOf.filter((m) => !(isPlainObject(m) && Object.keys(m).length === 1 && isEmptyObject(m.not)));
  if (members.length === node.anyOf.length || members.length === 0) return node;
  const { anyOf: _dropped, ...rest } = node;
  const only = members[0];
  if (members.length === 1 && isPlainObject(only) && Object.keys(only).every((k) => !(k in rest)))
    return { ...only, ...rest };
  return { ...rest, anyOf: members };
}

function isEmptyObject(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}
