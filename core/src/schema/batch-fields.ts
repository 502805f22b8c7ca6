/**
 * What a kind's `FieldBatch` needs besides its compiled function (zod4/batch.ts,
 * standard/batch.ts): which field each of its readers validates with, recorded at definition, and a
 * batch over a list of readers that compiles on its first run. Only the compiled function is the
 * kind's own.
 */
import type { FieldBatch, SchemaReader, ValidationRefusal, ValidationScope } from "./schema-kind.js";

export type BatchRun = (values: unknown[], scope: ValidationScope) => (ValidationRefusal | undefined)[] | undefined;

export class BatchFields<F> {
  // Weak, so a reader (and its action) can still be collected; filled at definition, never per call.
  readonly #fieldOf = new WeakMap<SchemaReader, F>();

  constructor(private readonly compile: (fields: readonly F[]) => BatchRun) {}

  /** Records that `reader` validates with `field` (the kind's `read`); answers the reader. */
  remember(reader: SchemaReader, field: F): SchemaReader {
    this.#fieldOf.set(reader, field);
    return reader;
  }

  /** A batch for `readers` if this kind read every one of them, compiled on its first run. */
  batch(readers: readonly SchemaReader[]): FieldBatch | undefined {
    const fields: F[] = [];
    for (const reader of readers) {
      const field = this.#fieldOf.get(reader);
      if (field === undefined) return undefined;
      fields.push(field);
    }
    if (fields.length === 0) return undefined;
    const compile = this.compile;
    // The first run compiles the function and puts it in its own place: later runs call it directly.
    const batch: { run: BatchRun } = {
      run(values, scope) {
        batch.run = compile(fields);
        return batch.run(values, scope);
      },
    };
    return batch;
  }
}
