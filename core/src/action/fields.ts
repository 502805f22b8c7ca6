/**
 * Field declarations for `expects` / `exposes`: a schema (zod 4, zod 3.25, or any Standard JSON
 * Schema — see `schema/read-schema.ts`), or `{ schema, ...axn options }` for what schemas lack (ambient context, sensitivity, subfields, coercion, registered metadata keys).
 * The type helpers here infer an action's call arguments, body input and exposed values from the
 * declarations, so an author never writes a type the schema already states.
 */
import type { FieldSchema, SchemaInput, SchemaOutput, SchemaReader } from "../schema/schema-kind.js";

export type { FieldSchema };

/**
 * Keys that plugins register with `registerFieldMetadataKey`. Plugins augment this interface
 * (`declare module "@axn/core" { interface FieldMetadataKeys { mcpTitle?: string } }`) so the key
 * type-checks on a field declaration in app code.
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty on purpose; plugins add their keys by declaration merging
export interface FieldMetadataKeys {}

/** Where a field's value comes from when it is not a top-level argument. */
export type FieldSource = "ambientContext" | (string & {});

/** The axn options a field may carry beside its schema. */
export interface FieldOptions {
  /** The field may be omitted (same as an optional schema). */
  readonly optional?: boolean;
  /** Used only when the value is missing (`undefined` or `null`); a function is re-evaluated each call. */
  readonly default?: unknown;
  /** Reaches the reflected JSON Schema. */
  readonly description?: string;
  /** The value is redacted from logs, traces, `inspect` output and error messages. */
  readonly sensitive?: boolean;
  /** `"ambientContext"`, or the name (or dotted path) of a parent field this one is read from. */
  readonly on?: FieldSource;
  /** Coerce wire strings for this field (overrides the action and global setting). */
  readonly coerce?: boolean;
  /** An inbound violation of this field is a user-facing failure, not a reported bug. */
  readonly userFacing?: boolean;
  /** An extra check after the schema passes: return an error message, or nothing. */
  readonly validate?: (value: never) => string | undefined | null | void;
}

export type FieldDeclaration<S extends FieldSchema = FieldSchema> = { readonly schema: S } & FieldOptions &
  Partial<FieldMetadataKeys>;

export type FieldSpec = FieldSchema | FieldDeclaration;

/**
 * `E` with every key a field declaration does not know mapped to `never`, so a misspelt option
 * (`{ schema, optinal: true }`) is a compile error at the key: `E` itself is inferred from the
 * literal, which TypeScript never checks for excess keys. A bare schema is left alone.
 */
export type KnownFieldOptions<E> = {
  readonly [K in keyof E]: E[K] extends FieldSchema
    ? E[K]
    : E[K] & { readonly [O in Exclude<keyof E[K], keyof FieldOptions | "schema" | keyof FieldMetadataKeys>]: never };
};
export type Fields = { readonly [name: string]: FieldSpec };

/** Every option name the core field DSL owns; a plugin can never register one as a metadata key. */
export const CORE_FIELD_OPTIONS = [
  "schema",
  "type",
  "optional",
  "default",
  "description",
  "sensitive",
  "on",
  "coerce",
  "userFacing",
  "validate",
  "of",
  "shape",
  "inclusion",
  "length",
  "format",
  "numericality",
  "presence",
  "allowNil",
  "allowBlank",
  "message",
  "as",
  "model",
] as const;

/** A field after normalization: what the runtime, reflection and the registry work from. */
export interface NormalizedField {
  readonly name: string;
  /** The name as the root of a field path in messages (`fieldPath`): bare, or `["a.b"]` when not an identifier. */
  readonly path: string;
  /** The schema as declared; read it only through `reader`. */
  readonly schema: FieldSchema;
  /** The schema, read once by its kind: validation, coercion, reflection. */
  readonly reader: SchemaReader;
  /** True when the field may be absent (axn `optional`, a default, or the schema's optionality). */
  readonly optional: boolean;
  /** Present when an axn-level default was declared. */
  readonly default?: { readonly value: unknown };
  readonly description: string | undefined;
  readonly sensitive: boolean;
  /** `"arg"` for a top-level argument, `"ambient"` for ambient context, `"subfield"` when read from a parent. */
  readonly kind: "arg" | "ambient" | "subfield";
  /** For a subfield: the path (split on `.`) of the parent value it is read from. */
  readonly parentPath: readonly string[] | undefined;
  readonly coerce: boolean | undefined;
  /** Wire coercion for this field's schema, specialised once (a wire call coerces every field). */
  readonly coerceWire: (value: unknown) => unknown;
  readonly userFacing: boolean;
  readonly validate: ((value: unknown) => string | undefined | null | void) | undefined;
  /** Registered metadata keys given on the declaration. */
  readonly metadata: Readonly<Record<string, unknown>>;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};

export type SchemaOf<F> = F extends FieldSchema
  ? F
  : F extends { readonly schema: infer S extends FieldSchema }
    ? S
    : never;
// A bare schema may have members named `optional` and `default` (zod's methods, valibot's default
// value), so test for a schema first.
type IsAmbient<F> = F extends FieldSchema ? false : F extends { readonly on: "ambientContext" } ? true : false;
type IsSubfield<F> = F extends FieldSchema
  ? false
  : F extends { readonly on: string }
    ? IsAmbient<F> extends true
      ? false
      : true
    : false;
type HasAxnDefault<F> = F extends FieldSchema ? false : F extends { readonly default: unknown } ? true : false;
type HasAxnOptional<F> = F extends FieldSchema ? false : F extends { readonly optional: true } ? true : false;
type OptionalIn<F> =
  HasAxnOptional<F> extends true
    ? true
    : HasAxnDefault<F> extends true
      ? true
      : undefined extends SchemaInput<SchemaOf<F>>
        ? true
        : false;
type OptionalOut<F> =
  HasAxnDefault<F> extends true
    ? false
    : HasAxnOptional<F> extends true
      ? true
      : undefined extends SchemaOutput<SchemaOf<F>>
        ? true
        : false;

type ArgKeys<E> = {
  [K in keyof E]: IsAmbient<E[K]> extends true ? never : IsSubfield<E[K]> extends true ? never : K;
}[keyof E];

/** The arguments `A.call(args)` accepts: top-level fields only (no ambient, no subfields). */
export type CallArgs<E> = Simplify<
  { [K in ArgKeys<E> as OptionalIn<E[K]> extends true ? K : never]?: SchemaInput<SchemaOf<E[K]>> } & {
    [K in ArgKeys<E> as OptionalIn<E[K]> extends true ? never : K]: SchemaInput<SchemaOf<E[K]>>;
  }
>;

/** What the body receives: every declared field, validated (ambient and subfields included). */
export type BodyInput<E> = Simplify<
  { [K in keyof E as OptionalOut<E[K]> extends true ? K : never]?: SchemaOutput<SchemaOf<E[K]>> } & {
    [K in keyof E as OptionalOut<E[K]> extends true ? never : K]: SchemaOutput<SchemaOf<E[K]>>;
  }
>;

/** What the body may expose (before outbound validation). */
export type ExposeInput<X> = Simplify<{ [K in keyof X]?: SchemaInput<SchemaOf<X[K]>> }>;

/** The exposed values on a successful result (after outbound validation). */
export type Exposed<X> = Simplify<
  { [K in keyof X as OptionalOut<X[K]> extends true ? K : never]?: SchemaOutput<SchemaOf<X[K]>> } & {
    [K in keyof X as OptionalOut<X[K]> extends true ? never : K]: SchemaOutput<SchemaOf<X[K]>>;
  }
>;
