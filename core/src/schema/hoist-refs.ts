/**
 * A field's reflected schema is self-contained: its `$ref`s point into its own root (`#`,
 * `#/$defs/X`). Embedded as a property of an action's schema, those pointers would point into the
 * action's object instead, so they are rewritten to definitions kept once at the action's root:
 * the field's own root as `$defs/<field>`, and each of its definitions under its own name — a
 * schema's id (`.meta({ id: "address" })` in zod 4) stays `$defs/address`, shared by every field
 * that uses the same definition. A generated name (`__schema0`), or a name another field already
 * uses for a different definition, becomes `$defs/<field>__<name>`.
 */
import type { JsonSchema, JsonValue } from "./json-schema-types.js";
import { isPlainObject } from "./json-value.js";

export type Defs = Record<string, JsonValue>;

const VALUE_KEYWORDS = new Set(["default", "const", "enum", "examples"]);

/** `schema` with its local `$ref`s rewritten; the definitions it needs are added to `defs`. */
export function hoistRefs(schema: JsonSchema, field: string, defs: Defs): JsonSchema {
  if (!mentionsRef(schema)) return schema;
  const { $defs: own, ...root } = schema as Record<string, JsonValue>;
  const definitions = isPlainObject(own) ? Object.entries(own as Record<string, JsonValue>) : [];
  // Each definition's key at the action's root: its own name where that is free (or holds the
  // same definition), else one prefixed with the field. A rename can change what another
  // definition that refers to it looks like, so the names settle in a few passes at most.
  const names = new Map(definitions.map(([name]) => [name, generated(name) ? prefixed(field, name) : name]));
  let placed: [string, JsonValue][] = [];
  for (let pass = 0; pass <= definitions.length; pass++) {
    placed = definitions.map(([name, definition]) => [names.get(name)!, rewrite(definition, field, names)]);
    const clash = placed.findIndex(
      ([key, definition]) => defs[key] !== undefined && canonical(defs[key]) !== canonical(definition),
    );
    if (clash === -1) break;
    const name = definitions[clash]![0];
    names.set(name, prefixed(field, name));
  }
  const rewritten = rewrite(root, field, names) as JsonSchema;
  for (const [key, definition] of placed) defs[key] = definition;
  if (usesRoot(rewritten, field) || placed.some(([, definition]) => usesRoot(definition, field)))
    defs[field] = rewritten;
  return rewritten;
}

/**
 * A name the schema library made up rather than one the app gave: zod's `__schema0`, valibot's
 * `0`, ArkType's `intersection306` — a leading underscore or a trailing number. (An app's own id
 * ending in a digit is prefixed too: still correct, only less pretty.)
 */
function generated(name: string): boolean {
  return name.startsWith("_") || /\d$/.test(name);
}

function prefixed(field: string, name: string): string {
  return `${field}__${name.replace(/^_+/, "")}`;
}

/** JSON with object keys sorted: two equal definitions compare equal whatever their key order. */
function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isPlainObject(value)) {
    const entries = Object.entries(value as Record<string, JsonValue>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value);
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

function rewrite(node: JsonValue, field: string, names: ReadonlyMap<string, string>): JsonValue {
  if (Array.isArray(node)) return node.map((item) => rewrite(item, field, names));
  if (!isPlainObject(node)) return node;
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(node as Record<string, JsonValue>)) {
    if (key === "$ref" && typeof value === "string" && value.startsWith("#"))
      out[key] = rewriteRef(value, field, names);
    else out[key] = VALUE_KEYWORDS.has(key) ? value : rewrite(value, field, names);
  }
  return out;
}

function rewriteRef(ref: string, field: string, names: ReadonlyMap<string, string>): string {
  if (ref === "#" || ref === "#/") return `#/$defs/${pointer(field)}`;
  const match = /^#\/\$defs\/([^/]+)(.*)$/.exec(ref);
  if (match !== null) {
    const name = match[1]!.replace(/~1/g, "/").replace(/~0/g, "~");
    return `#/$defs/${pointer(names.get(name) ?? prefixed(field, name))}${match[2]}`;
  }
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
