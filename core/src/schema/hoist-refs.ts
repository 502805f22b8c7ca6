/**
 * A field's reflected schema is self-contained: its `$ref`s point into its own root (`#`,
 * `#/$defs/X`). Embedded as a property of an action's schema, those pointers would point into the
 * action's object instead, so they are rewritten to definitions kept once at the action's root:
 * the field's own root as `$defs/<field>`, each of its definitions as `$defs/<field>__<name>`.
 */
import type { JsonSchema, JsonValue } from "./json-schema-types.js";
import { isPlainObject } from "./json-value.js";

export type Defs = Record<string, JsonValue>;

const VALUE_KEYWORDS = new Set(["default", "const", "enum", "examples"]);

/** `schema` with its local `$ref`s rewritten; the definitions it needs are added to `defs`. */
export function hoistRefs(schema: JsonSchema, field: string, defs: Defs): JsonSchema {
  if (!mentionsRef(schema)) return schema;
  const { $defs: own, ...root } = schema as Record<string, JsonValue>;
  const rewritten = rewrite(root, field) as JsonSchema;
  const added: JsonValue[] = [];
  if (isPlainObject(own)) {
    for (const [name, definition] of Object.entries(own))
      added.push((defs[`${field}__${name.replace(/^_+/, "")}`] = rewrite(definition, field)));
  }
  if (usesRoot(rewritten, field) || added.some((definition) => usesRoot(definition, field))) defs[field] = rewritten;
  return rewritten;
}

function mentionsRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(mentionsRef);
  if (!isPlainObject(node)) return false;
  return Object.entries(node).some(
    ([key, value]) => key === "$ref" || key === "$defs" || (!VALUE_KEYWORDS.has(key) && mentionsRef(value)),
  );
}

function pointer(segment: string): string {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}

function rewrite(node: JsonValue, field: string): JsonValue {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, field));
  if (!isPlainObject(node)) return node;
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(node as Record<string, JsonValue>)) {
    if (key === "$ref" && typeof value === "string" && value.startsWith("#")) out[key] = rewriteRef(value, field);
    else out[key] = VALUE_KEYWORDS.has(key) ? value : rewrite(value, field);
  }
  return out;
}

function rewriteRef(ref: string, field: string): string {
  if (ref === "#" || ref === "#/") return `#/$defs/${pointer(field)}`;
  const match = /^#\/\$defs\/([^/]+)(.*)$/.exec(ref);
  if (match !== null)
    return `#/$defs/${pointer(`${field}__${match[1]!.replace(/~1/g, "/").replace(/~0/g, "~").replace(/^_+/, "")}`)}${match[2]}`;
  return `#/$defs/${pointer(field)}${ref.slice(1)}`; // a pointer into the field's root
}

function usesRoot(node: unknown, field: string): boolean {
  const target = `#/$defs/${pointer(field)}`;
  const walk = (value: unknown): boolean => {
    if (Array.isArray(value)) return value.some(walk);
    if (!isPlainObject(value)) return false;
    return Object.entries(value).some(([key, item]) =>
      key === "$ref" && typeof item === "string"
        ? item === target || item.startsWith(`${target}/`)
        : !VALUE_KEYWORDS.has(key) && walk(item),
    );
  };
  return walk(node);
}
