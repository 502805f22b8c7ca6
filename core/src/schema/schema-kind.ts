/**
 * The one interface between axn and a schema library. A field's schema is read once, at
 * definition, by the kind that recognises it (zod 3, zod 4, or any Standard Schema that also
 * implements Standard JSON Schema); everything outside `core/src/schema/` works from the
 * `SchemaReader` it returns and never learns which library the schema came from.
 *
 * @example
 * ```ts
 * const reader = readSchema(z.number().int().optional()); // zod 4
 * reader.analysis.optional;        // true
 * reader.coerce("25");             // 25
 * reader.validate("x").ok;         // false
 * reader.jsonSchema("input");      // { type: "integer", minimum: …, maximum: … }
 * ```
 */
import type { StandardTypedV1 } from "@standard-schema/spec";
import type { JsonSchema } from "./json-schema-types.js";

/**
 * A schema axn accepts on a field, as far as the type system can tell: anything carrying the
 * Standard Schema `~standard` property (zod 3.25, zod 4, zod/mini, valibot, ArkType…). Which of
 * those work at runtime is decided by `readSchema`, which names what it refuses.
 */
export type FieldSchema = StandardTypedV1;

/** The input type a field schema accepts. */
export type SchemaInput<S> = S extends StandardTypedV1 ? StandardTypedV1.InferInput<S> : never;
/** The output type a field schema produces. */
export type SchemaOutput<S> = S extends StandardTypedV1 ? StandardTypedV1.InferOutput<S> : never;

interface SchemaAnalysis {
  /** Accepts `undefined` (`.optional()`, a default, `z.any()`, a union with `undefined`…). */
  readonly optional: boolean;
  /** Accepts `null`. */
  readonly nullable: boolean;
  /** The library supplies a value when the input is `undefined` (a default not hidden by `.optional()`). */
  readonly hasDefault: boolean;
  /** The schema's own description, read through wrappers. */
  readonly description: string | undefined;
}

interface ValidationIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
  /** The library's issue code where it has one (`invalid_type` names types, never values). */
  readonly code: string;
}

export type ValidationOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

/**
 * Per-parse state one side of a call shares between its fields' validations. Opaque outside the
 * kinds; made by `validationScope()` (read-schema.ts), one per side per call, never kept past it.
 */
export interface ValidationScope {
  readonly "~axnValidationScope"?: never;
}

/** `"input"`: what a caller may send. `"output"`: what a validated value looks like. */
export type SchemaIo = "input" | "output";

/** One field schema, read once: what the runtime, the Invoker and reflection use. */
export interface SchemaReader {
  /** Which kind read it, for messages and docs (`"zod 4"`, `"zod 3"`, `"valibot"`…). */
  readonly label: string;
  readonly analysis: SchemaAnalysis;
  /**
   * Synchronous validation; the parsed value on success. `scope`, when given, is shared by every
   * field validated on one side of one call (see `validationScope`): a kind may keep per-parse state
   * in it, as a library's own object parse shares one context across its properties.
   */
  validate(value: unknown, scope?: ValidationScope): ValidationOutcome;
  /**
   * Wire data (JSON text's values: strings for numbers, dates, bigints…) → what `validate` wants.
   * Never mutates its argument; returns it unchanged when nothing applies.
   */
  coerce(value: unknown): unknown;
  /** A self-contained JSON Schema 2020-12 object (no `$schema`), never looser than runtime after `coerce`. */
  jsonSchema(io: SchemaIo): JsonSchema;
}

/**
 * A value in a batch's slot that is not validated (a field left out of this call: optional and
 * missing). The batch leaves it where it is.
 */
export const UNVALIDATED: unique symbol = Symbol("axn.unvalidated");

/**
 * The fields of one side of an action (its inputs, or its exposes) validated together, each by its
 * own schema exactly as `SchemaReader.validate` would (the same values, issues and paths): one call
 * for the side instead of one a field, as a library's object parse runs a shape. Made once per
 * action side (`fieldBatch`, read-schema.ts).
 */
export interface FieldBatch {
  /**
   * Validates `values[i]` with the i-th reader for every i (skipping `UNVALIDATED` slots): a value
   * that passes is replaced by its parsed value, a refused one is left as it was. `undefined` when
   * nothing was refused; else, at each refused index, that field's refusal (the rest empty).
   */
  run(values: unknown[], scope: ValidationScope): readonly (ValidationRefusal | undefined)[] | undefined;
}

/** A refused value's outcome. */
export type ValidationRefusal = Extract<ValidationOutcome, { readonly ok: false }>;

/** A schema library axn can read. One module a kind, under `core/src/schema/<kind>/`. */
export interface SchemaKind {
  /** True when `value` belongs to this kind (it may still be refused by `read`). */
  recognizes(value: object): boolean;
  read(schema: object): SchemaReader;
  /**
   * Optional: a batch for these readers when this kind read every one of them — faster than
   * validating field by field, as the library's own object parse is (e.g. compiled once per side,
   * on its first run). `undefined` otherwise: the fields are then validated one by one.
   */
  batch?(readers: readonly SchemaReader[]): FieldBatch | undefined;
}
