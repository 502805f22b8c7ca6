/**
 * An example value for a JSON Schema, valid against it, for the OpenAPI document's request bodies:
 * what a reference page (Scalar) puts in its sample request, so the sample runs as shown instead of
 * sending `"name": ""` to a `minLength: 1`. The schema's own `examples`, `default`, `const` or first
 * `enum` member win; otherwise the smallest value the keywords allow (required properties only,
 * `minLength` characters, `minimum`, `minItems` items, a well-known `format`'s sample). Where a
 * keyword cannot be honoured without guessing (a `pattern`, `not`, an unknown `format`, a `$ref`)
 * there is no example: `undefined`, and the document carries none rather than a wrong one.
 *
 * @example
 * ```ts
 * exampleOf({ type: "object", properties: { name: { type: "string", minLength: 1 } }, required: ["name"] });
 * // { name: "a" }
 * ```
 */
import type { JsonValue } from "@axn/core";

type Schema = { readonly [key: string]: unknown };

const FORMATS: Readonly<Record<string, string>> = {
  email: "user@example.com",
  uri: "https://example.com",
  url: "https://example.com",
  uuid: "00000000-0000-4000-8000-000000000000",
  date: "2026-01-01",
  "date-time": "2026-01-01T00:00:00Z",
  time: "00:00:00Z",
  hostname: "example.com",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
};

/** Deep enough for any tool's arguments; a recursive schema stops here with no example. */
const MAX_DEPTH = 16;

export function exampleOf(schema: unknown, depth = 0): JsonValue | undefined {
  if (depth > MAX_DEPTH || typeof schema !== "object" || schema === null) return schema === true ? {} : undefined;
  const s = schema as Schema;
  if (Array.isArray(s["examples"]) && s["examples"].length > 0) return s["examples"][0] as JsonValue;
  if ("default" in s) return s["default"] as JsonValue;
  if ("const" in s) return s["const"] as JsonValue;
  if (Array.isArray(s["enum"]) && s["enum"].length > 0) return s["enum"][0] as JsonValue;
  if ("$ref" in s || "not" in s || "pattern" in s || "if" in s) return undefined;
  for (const key of ["anyOf", "oneOf"]) {
    const branches = s[key];
    if (Array.isArray(branches)) {
      for (const branch of branches) {
        const value = exampleOf(branch, depth + 1);
        if (value !== undefined) return value;
      }
      return undefined;
    }
  }
  if (Array.isArray(s["allOf"])) return undefined;
  const type = Array.isArray(s["type"]) ? (s["type"].find((t) => t !== "null") ?? s["type"][0]) : s["type"];
  switch (type) {
    case "object":
      return objectExample(s, depth);
    case "array":
      return arrayExample(s, depth);
    case "string":
      return stringExample(s);
    case "integer":
    case "number":
      return numberExample(s, type === "integer");
    case "boolean":
      return false;
    case "null":
      return null;
    case undefined:
      // No type and nothing else to honour (`z.unknown()`): any value is valid.
      return null;
    default:
      return undefined;
  }
}

function objectExample(s: Schema, depth: number): JsonValue | undefined {
  const properties = (s["properties"] ?? {}) as Record<string, unknown>;
  const required = Array.isArray(s["required"]) ? (s["required"] as string[]) : [];
  const value: { [key: string]: JsonValue } = {};
  for (const name of required) {
    if (!(name in properties)) return undefined;
    const property = exampleOf(properties[name], depth + 1);
    if (property === undefined) return undefined;
    value[name] = property;
  }
  const min = typeof s["minProperties"] === "number" ? s["minProperties"] : 0;
  return Object.keys(value).length >= min ? value : undefined;
}

function arrayExample(s: Schema, depth: number): JsonValue | undefined {
  const min = typeof s["minItems"] === "number" ? s["minItems"] : 0;
  if (min === 0) return [];
  if (s["uniqueItems"] === true && min > 1) return undefined;
  const item = exampleOf(s["items"], depth + 1);
  return item === undefined ? undefined : Array.from({ length: min }, () => item);
}

function stringExample(s: Schema): JsonValue | undefined {
  const format = s["format"];
  const min = typeof s["minLength"] === "number" ? s["minLength"] : 0;
  const max = typeof s["maxLength"] === "number" ? s["maxLength"] : Number.POSITIVE_INFINITY;
  const text = typeof format === "string" ? FORMATS[format] : "a".repeat(min);
  if (text === undefined || text.length < min || text.length > max) return undefined;
  return text;
}

function numberExample(s: Schema, integer: boolean): JsonValue | undefined {
  const bound = (key: string): number | undefined => (typeof s[key] === "number" ? (s[key] as number) : undefined);
  const step = integer ? 1 : 0.5;
  const exclusiveMinimum = bound("exclusiveMinimum");
  const exclusiveMaximum = bound("exclusiveMaximum");
  const low = Math.max(
    bound("minimum") ?? -Infinity,
    exclusiveMinimum === undefined ? -Infinity : exclusiveMinimum + step,
  );
  const high = Math.min(
    bound("maximum") ?? Infinity,
    exclusiveMaximum === undefined ? Infinity : exclusiveMaximum - step,
  );
  // Zero where the bounds allow it, else the bound nearest to it.
  let value = low > 0 ? low : Math.min(high, 0);
  if (integer) value = Math.ceil(value);
  const multipleOf = bound("multipleOf");
  if (multipleOf !== undefined) value = Math.ceil(value / multipleOf) * multipleOf;
  return value >= low && value <= high && (!integer || Number.isInteger(value)) ? value : undefined;
}
