/**
 * The zod 4 `FieldBatch`: one side's fields validated by one function, generated for that side on
 * its first run (as `z.object` compiles its shape), in which each field's `_zod.run` is a constant
 * V8 can inline — where a field-by-field loop calls every schema through one shared, megamorphic
 * call site and wraps each answer in an outcome object. Each field still runs exactly as
 * `zod4Validate` runs it alone: its own payload, the side's shared parse context, the same
 * refusal — so values, issues and paths are the same either way (test/core/schema/zod4-batch.spec.ts).
 * A field with a fast check (fast-check.ts) skips its run for a value the check passes: one zod would
 * pass unchanged. Where code generation is refused (`--disallow-code-generation-from-strings`) a
 * loop does the same, without fast checks.
 */
import { $ZodAsyncError, type $ZodType } from "zod/v4/core";
import type { FieldBatch, SchemaReader, ValidationRefusal } from "../schema-kind.js";
import { UNVALIDATED } from "../schema-kind.js";
import { BatchFields, type BatchRun } from "../batch-fields.js";
import type { Zod4Schema } from "./def.js";
import { type Payload, zod4Refusal } from "./validate.js";
import { fastCheck } from "./fast-check.js";

type Internals = $ZodType["_zod"];

const fields = new BatchFields<Internals>(compile);

/** Records that `reader` validates with `schema` (zod4Kind.read). */
export function rememberSchema(reader: SchemaReader, schema: Zod4Schema): SchemaReader {
  return fields.remember(reader, (schema as unknown as $ZodType)._zod);
}

/** A batch for `readers` if this kind read every one of them, compiled on its first run. */
export function zod4Batch(readers: readonly SchemaReader[]): FieldBatch | undefined {
  return fields.batch(readers);
}

function compile(fields: readonly Internals[]): BatchRun {
  const params = fields.map((_, i) => `f${i}`);
  const steps = fields.map((field, i) => {
    const run = `
    r = f${i}.run({ value: v, issues: [] }, ctx);
    if (r instanceof Promise) throw new AsyncError();
    if (r.issues.length === 0) values[${i}] = r.value;
    else (refused ??= new Array(${fields.length}))[${i}] = refusal(r, ctx);`;
    const fast = fastCheck(field);
    return `
  v = values[${i}];
  if (v !== skip${fast === undefined ? "" : ` && !(${fast})`}) {${run}
  }`;
  });
  const source = `"use strict";
return function zod4FieldBatch(values, ctx) {
  let refused, v, r;${steps.join("")}
  return refused;
};`;
  try {
    const make = new Function(...params, "skip", "AsyncError", "refusal", source) as (...args: unknown[]) => BatchRun;
    return make(...fields, UNVALIDATED, $ZodAsyncError, zod4Refusal);
  } catch {
    return loop(fields);
  }
}

/** The same steps as the generated function, for a process that refuses code generation. */
function loop(fields: readonly Internals[]): BatchRun {
  return (values, scope) => {
    let refused: (ValidationRefusal | undefined)[] | undefined;
    for (let i = 0; i < fields.length; i++) {
      const value = values[i];
      if (value === UNVALIDATED) continue;
      const result = fields[i]!.run({ value, issues: [] }, scope as never) as Payload | Promise<Payload>;
      if (result instanceof Promise) throw new $ZodAsyncError();
      if (result.issues.length === 0) values[i] = result.value;
      else (refused ??= new Array(fields.length))[i] = zod4Refusal(result, scope);
    }
    return refused;
  };
}
