/**
 * Wire coercion driven by a field's JSON Schema, for schema kinds axn cannot look inside (any
 * Standard Schema that implements Standard JSON Schema: valibot, ArkType…). What the schema says
 * is a number, integer or boolean is parsed from its wire string; objects (`properties`,
 * `additionalProperties`), arrays (`items`, `prefixItems`), local `$ref`s and unions
 * (`anyOf`/`oneOf`) are walked. A value whose JSON type some member already allows stays as it is.
 * Dates, bigints, sets and maps have no JSON Schema type of their own, so they are not coerced
 * for these kinds (docs/schemas.md, "What each kind supports").
 */
import type { JsonSchema, JsonValue } from "../json-schema-types.js";
import { isPlainObject } from "../json-value.js";
import { parseBoolean, parseNumber } from "../wire-parse.js";
import { mapEntries, mapItems } from "../copy-on-change.js";

type Node = JsonSchema | boolean;

/**
 * The coercer for one field, built once at definition. A leaf field (a plain string, number,
 * integer or boolean type, no enum, const, union or `$ref`) gets its parser directly, as zod's
 * kinds do; anything else walks its schema per call.
 */
export function jsonSchemaCoercer(root: JsonSchema): (value: unknown) => unknown {
  const leaf = isLeaf(root) ? root.type : undefined;
  if (leaf === "string") return (value) => value;
  if (leaf === "number" || leaf === "integer")
    return (value) => (typeof value === "string" ? (parseNumber(value) ?? value) : value);
  if (leaf === "boolean") return (value) => (typeof value === "string" ? (parseBoolean(value) ?? value) : value);
  return (value) =>
    typeof value !== "string" && (typeof value !== "object" || value === null) ? value : coerce(root, root, value, 0);
}

const COMPOSITE_KEYWORDS = ["$ref", "anyOf", "oneOf", "allOf", "enum", "const"] as const;

function isLeaf(node: JsonSchema): boolean {
  return typeof node.type === "string" && COMPOSITE_KEYWORDS.every((keyword) => !(keyword in node));
}

function coerce(root: JsonSchema, node: Node | undefined, value: unknown, depth: number): unknown {
  if (depth > 64 || typeof node !== "object") return value;
  if (typeof node.$ref === "string") return coerce(root, resolve(root, node.$ref), value, depth + 1);
  const union = (Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined) as
    | Node[]
    | undefined;
  if (union !== undefined) {
    if (typeof value === "object" && value !== null) {
      // A container is coerced by the first member it fits (its type, and any const or enum
      // properties — a discriminator — it carries), as zod's kinds do with their own members.
      const member = union.find(
        (candidate) => allowsAsIs(root, candidate, value, depth) && discriminates(root, candidate, value, depth),
      );
      return member === undefined ? value : coerce(root, member, value, depth + 1);
    }
    if (union.some((member) => allowsAsIs(root, member, value, depth))) return value;
    for (const member of union) {
      const coerced = coerce(root, member, value, depth + 1);
      if (coerced !== value) return coerced;
    }
    return value;
  }
  if (Array.isArray(node.allOf)) {
    let current = value;
    for (const member of node.allOf as Node[]) current = coerce(root, member, current, depth + 1);
    return current;
  }
  if (typeof value === "string") return coerceString(node, value);
  if (Array.isArray(value)) return coerceArray(root, node, value, depth);
  if (isPlainObject(value)) return coerceObject(root, node, value, depth);
  return value;
}

function typesOf(node: JsonSchema): readonly string[] | undefined {
  const type = node.type;
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? (type.filter((t) => typeof t === "string") as string[]) : undefined;
}

function coerceString(node: JsonSchema, text: string): unknown {
  const members = Array.isArray(node.enum)
    ? (node.enum as readonly JsonValue[])
    : "const" in node
      ? [node.const as JsonValue]
      : undefined;
  if (members !== undefined) {
    if (members.includes(text)) return text;
    const number = parseNumber(text);
    if (number !== undefined && members.includes(number)) return number;
    const flag = parseBoolean(text);
    return flag !== undefined && members.includes(flag) ? flag : text;
  }
  const types = typesOf(node);
  if (types === undefined || types.includes("string")) return text;
  if (types.includes("number") || types.includes("integer")) {
    const number = parseNumber(text);
    if (number !== undefined) return number;
  }
  if (types.includes("boolean")) return parseBoolean(text) ?? text;
  return text;
}

function coerceArray(root: JsonSchema, node: JsonSchema, value: readonly unknown[], depth: number): unknown {
  const prefix = Array.isArray(node.prefixItems) ? (node.prefixItems as Node[]) : [];
  const rest = node.items as Node | undefined;
  return mapItems(value, (index, item) => coerce(root, index < prefix.length ? prefix[index] : rest, item, depth + 1));
}

function coerceObject(root: JsonSchema, node: JsonSchema, value: Record<string, unknown>, depth: number): unknown {
  const properties = isPlainObject(node.properties) ? (node.properties as Record<string, Node>) : {};
  const extra = node.additionalProperties as Node | undefined;
  return mapEntries(value, (key, item) =>
    coerce(root, Object.hasOwn(properties, key) ? properties[key] : extra, item, depth + 1),
  );
}

/** Whether `value`'s JSON type is one `node` allows (no type, or a matching one). */
function allowsAsIs(root: JsonSchema, node: Node, value: unknown, depth: number): boolean {
  if (typeof node !== "object") return node;
  if (typeof node.$ref === "string")
    return depth < 64 && allowsAsIs(root, resolve(root, node.$ref) ?? true, value, depth + 1);
  if (Array.isArray(node.enum)) return (node.enum as readonly unknown[]).includes(value);
  if ("const" in node) return node.const === value;
  const types = typesOf(node);
  if (types === undefined) return true;
  const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  return (
    types.includes(type === "number" && Number.isInteger(value) ? "integer" : type) ||
    (type === "number" && types.includes("number"))
  );
}

/** An object value agrees with every `const`/`enum` property `node` declares (a union's discriminator). */
function discriminates(root: JsonSchema, node: Node, value: object, depth: number): boolean {
  if (typeof node !== "object") return node;
  if (typeof node.$ref === "string")
    return depth < 64 && discriminates(root, resolve(root, node.$ref) ?? true, value, depth + 1);
  if (Array.isArray(value) || !isPlainObject(node.properties)) return true;
  for (const [key, sub] of Object.entries(node.properties as Record<string, Node>)) {
    if (typeof sub !== "object" || !Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
    if ("const" in sub && sub.const !== item) return false;
    if (Array.isArray(sub.enum) && !(sub.enum as readonly unknown[]).includes(item)) return false;
  }
  return true;
}

/** A local JSON pointer (`#`, `#/$defs/Node`) inside the field's own schema. */
function resolve(root: JsonSchema, ref: string): Node | undefined {
  if (!ref.startsWith("#")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split("/").slice(1)) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = isPlainObject(node) ? node[segment] : undefined;
  }
  return isPlainObject(node) || typeof node === "boolean" ? (node as Node) : undefined;
}
