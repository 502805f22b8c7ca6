/**
 * The advertised input schema: `action.inputSchema` unchanged (a declared dialect aside), with no
 * ambient-context field anywhere in it.
 */
import { isDeepStrictEqual } from "node:util";
import { JSON_SCHEMA_DIALECT } from "@axn/core";
import { broken, show } from "../conventions.js";
import { AMBIENT_FIELD } from "../probes.js";
import type { Harness } from "./harness.js";
import type { ConformanceCheck } from "./types.js";

export function schemaChecks<W>(h: Harness<W>): ConformanceCheck[] {
  const { label } = h;
  return [
    h.check("input-schema", "the advertised input schema is action.inputSchema, unchanged", async ({ echo }) => {
      const entry = await h.advertised(echo);
      const listed = withoutDialect(JSON.parse(JSON.stringify(entry.inputSchema ?? null)) as unknown);
      const expected = JSON.parse(JSON.stringify(echo.inputSchema)) as unknown;
      if (!isDeepStrictEqual(listed, expected)) {
        throw broken(
          label,
          "inputSchema",
          `the transport lists ${show(listed)} as the input schema of "${entry.name}", not action.inputSchema ${show(expected)}`,
        );
      }
    }),

    h.check("ambient-absent", "ambient-context fields are absent from the advertised schema", async ({ echo }) => {
      const entry = await h.advertised(echo);
      if (declaresField(entry.inputSchema, AMBIENT_FIELD)) {
        throw broken(
          label,
          "ambientAbsent",
          `the transport advertises the ambient field "${AMBIENT_FIELD}" in the input schema of "${entry.name}": ${show(entry.inputSchema)}`,
        );
      }
    }),
  ];
}

/** Whether a JSON Schema names `field` as a property (or a required one) anywhere in it. */
function declaresField(schema: unknown, field: string, depth = 0): boolean {
  if (typeof schema !== "object" || schema === null || depth > 32) return false;
  if (Array.isArray(schema)) return schema.some((item) => declaresField(item, field, depth + 1));
  const record = schema as Record<string, unknown>;
  const properties = record["properties"];
  if (typeof properties === "object" && properties !== null && Object.hasOwn(properties, field)) return true;
  if (Array.isArray(record["required"]) && record["required"].includes(field)) return true;
  return Object.values(record).some((value) => declaresField(value, field, depth + 1));
}

/**
 * A transport may declare the dialect the schema is written in (MCP 2025-11-25 asks for `$schema`);
 * the schema itself must still be action.inputSchema, unchanged.
 */
function withoutDialect(schema: unknown): unknown {
  if (
    typeof schema !== "object" ||
    schema === null ||
    (schema as Record<string, unknown>)["$schema"] !== JSON_SCHEMA_DIALECT
  )
    return schema;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}
