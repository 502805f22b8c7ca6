/**
 * The zod 4 kind's object compiler: the fields of one side of a call as one `$ZodObject`, which zod
 * compiles into a single function, parsed once a call instead of once a field. Each reader the kind
 * makes is remembered with its schema, so a side mixing kinds (or readers it did not make) is
 * refused here and validated field by field.
 */
import { $ZodObject, $ZodOptional, safeParse, version, type $ZodType } from "zod/v4/core";
import type { ObjectEntry, ObjectValidator, SchemaReader } from "../schema-kind.js";
import type { Zod4Schema } from "./def.js";

const schemaOf = new WeakMap<SchemaReader, Zod4Schema>();

/** Records which schema `reader` (made by the zod 4 kind) reads. */
export function rememberZod4Schema(reader: SchemaReader, schema: Zod4Schema): SchemaReader {
  schemaOf.set(reader, schema);
  return reader;
}

export function compileZod4Object(entries: readonly ObjectEntry[]): ObjectValidator | undefined {
  const shape: Record<string, $ZodType> = {};
  for (const { key, reader, optional } of entries) {
    const schema = schemaOf.get(reader) as unknown as $ZodType | undefined;
    // Only schemas of the zod this module runs (zod 3.25's embedded `zod/v4` is another copy, whose
    // internals an object of this copy cannot drive).
    if (schema === undefined || !sameZod(schema)) return undefined;
    // An optional field the runtime leaves out (absent, or a null its schema refuses) is absent here too.
    shape[key] = optional ? new $ZodOptional({ type: "optional", innerType: schema }) : schema;
  }
  const object = new $ZodObject({ type: "object", shape });
  return (values) => {
    const parsed = safeParse(object, values);
    return parsed.success ? (parsed.data as Record<string, unknown>) : undefined;
  };
}

function sameZod(schema: $ZodType): boolean {
  const theirs = (schema._zod as { version?: typeof version }).version;
  return theirs !== undefined && theirs.major === version.major && theirs.minor === version.minor && theirs.patch === version.patch;
}
