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
import type { FieldBatch, SchemaReader, ValidationRefusal, ValidationScope } from "../schema-kind.js";
import { UNVALIDATED } from "../schema-kind.js";
import { standardOutcome } from "./outcome.js";

type Refusals = (ValidationRefusal | undefined)[];
type BatchRun = (values: unknown[], scope: ValidationScope) => Refusals | undefined;

interface Field {
  /** The schema's `~standard` (read once): `validate` is called on it, as a method. */
  readonly props: StandardSchemaV1.Props;
  readonly vendor: string;
}

// What each reader this kind made validates with: what a batch of readers compiles against. Weak,
// so a reader (and its action) can still be collected; filled at definition, never per call.
const fieldOfReader = new WeakMap<SchemaReader, Field>();

/** Records that `reader` validates with `props.validate` (standardKind.read). */
export function rememberProps(reader: SchemaReader, props: StandardSchemaV1.Props, vendor: string): SchemaReader {
  fieldOfReader.set(reader, { props, vendor });
  return reader;
}

/** A batch for `readers` if this kind read every one of them, compiled on its first run. */
export function standardBatch(readers: readonly SchemaReader[]): FieldBatch | undefined {
  const fields: Field[] = [];
  for (const reader of readers) {
    const field = fieldOfReader.get(reader);
    if (field === undefined) return undefined;
    fields.push(field);
  }
  if (fields.length === 0) return undefined;
  // The first run compiles the function and puts it in its own place: later runs call it directly.
  const batch: { run: BatchRun } = {
    run(values, scope) {
      batch.run = compile(fields);
      return batch.run(values, scope);
    },
  };
  return batch;
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
    let refused: Refusals | undefined;
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
