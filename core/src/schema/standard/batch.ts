/**
 * The Standard Schema `FieldBatch` (valibot, ArkType…): one side's fields validated by one
 * function, generated for that side on its first run, in which each field's `~standard.validate`
 * is its own call site — where the field-by-field loop calls every field's reader through one
 * shared, megamorphic site and wraps each answer in an outcome object. Each field still runs
 * exactly as its reader runs it alone (the same `validate`, the same refusal: `standardOutcome`),
 * so values, issues and paths are the same either way (test/core/schema/standard-batch.spec.ts).
 * Where code generation is refused (`--disallow-code-generation-from-strings`) a loop does the same.
 */
import type { StandardSchemaV1 } from "@standard-schema/spec";
import type { FieldBatch, SchemaReader, ValidationRefusal } from "../schema-kind.js";
import { UNVALIDATED } from "../schema-kind.js";
import { BatchFields, type BatchRun } from "../batch-fields.js";
import { standardOutcome } from "./outcome.js";

interface Field {
  /** The schema's `~standard` (read once): `validate` is called on it, as a method. */
  readonly props: StandardSchemaV1.Props;
  readonly vendor: string;
}

const fields = new BatchFields<Field>(compile);

/** Records that `reader` validates with `props.validate` (standardKind.read). */
export function rememberProps(reader: SchemaReader, props: StandardSchemaV1.Props, vendor: string): SchemaReader {
  return fields.remember(reader, { props, vendor });
}

/** A batch for `readers` if this kind read every one of them, compiled on its first run. */
export function standardBatch(readers: readonly SchemaReader[]): FieldBatch | undefined {
  return fields.batch(readers);
}

/**
 * A result the generated function did not pass (it has issues, or is a promise): its refusal, or
 * the reader's own throw for a promise.
 */
function settle(result: StandardSchemaV1.Result<unknown>, field: Field): ValidationRefusal {
  return standardOutcome(result, field.vendor) as ValidationRefusal;
}

function compile(fields: readonly Field[]): BatchRun {
  const params = fields.flatMap((_, i) => [`p${i}`, `d${i}`]);
  // A result is passed when it is an object without issues and without a `then` (not a promise):
  // everything else goes to `settle`, which refuses it or throws as the reader would.
  const steps = fields.map(
    (_, i) => `
  v = values[${i}];
  if (v !== skip) {
    r = p${i}.validate(v);
    if (r.issues === undefined && typeof r.then !== "function") values[${i}] = r.value;
    else (refused ??= new Array(${fields.length}))[${i}] = settle(r, d${i});
  }`,
  );
  const source = `"use strict";
return function standardFieldBatch(values) {
  let refused, v, r;${steps.join("")}
  return refused;
};`;
  try {
    const make = new Function(...params, "skip", "settle", source) as (...args: unknown[]) => BatchRun;
    return make(...fields.flatMap((field) => [field.props, field]), UNVALIDATED, settle);
  } catch {
    return loop(fields);
  }
}

/** The same steps as the generated function, for a process that refuses code generation. */
function loop(fields: readonly Field[]): BatchRun {
  return (values) => {
    let refused: (ValidationRefusal | undefined)[] | undefined;
    for (let i = 0; i < fields.length; i++) {
      const value = values[i];
      if (value === UNVALIDATED) continue;
      const field = fields[i]!;
      const outcome = standardOutcome(field.props.validate(value), field.vendor);
      if (outcome.ok) values[i] = outcome.value;
      else (refused ??= new Array(fields.length))[i] = outcome;
    }
    return refused;
  };
}
