/**
 * The schema kinds axn accepts, behind one small builder each, so a contract spec is written once
 * and run as a matrix: `for (const kind of SCHEMA_KINDS) describe(kind.name, () => …)`. A builder
 * answers `undefined` for what its library cannot express or axn documents as unsupported for it
 * (dates, bigints, sets and maps have no JSON Schema type, so the Standard JSON Schema kinds skip
 * them), and the spec skips that row for that kind only.
 */
import { z as z4 } from "zod";
import * as zm from "zod/mini";
import { z as z3 } from "zod3";
import { z as z325v4 } from "zod3/v4";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import type { Type } from "arktype";
import type { FieldSchema } from "@axn/core";
import type { ProbeSchemas } from "@axn/sdk/conformance";

/** A schema of the kind under test, before `field()` makes it a field schema. */
export type KindSchema = object;

export interface SchemaKindBuilder {
  /** The kind's name in spec titles. */
  readonly name: string;
  /** What axn's reader reports as the kind (`SchemaReader.label`). */
  readonly label: string;
  /** How the library counts a string's length: zod ≥ 4.2 in code points (as JSON Schema does), the others in UTF-16 code units. */
  readonly lengthUnit: "code point" | "UTF-16 code unit";
  /** Makes a built schema a field schema (valibot needs its Standard JSON Schema wrapper). */
  field(schema: KindSchema): FieldSchema;
  string(bounds?: { readonly min?: number; readonly max?: number }): KindSchema;
  number(): KindSchema;
  int(bounds?: { readonly min?: number; readonly max?: number }): KindSchema;
  boolean(): KindSchema;
  enumOf(values: readonly [string, ...string[]]): KindSchema;
  literal(value: string | number | boolean): KindSchema;
  nullable(schema: KindSchema): KindSchema;
  /** A schema that accepts `undefined` (ArkType has none outside an object key: `"k?"`). */
  optional: ((schema: KindSchema) => KindSchema) | undefined;
  /** A schema with a default (ArkType's defaults live on object keys only). */
  withDefault: ((schema: KindSchema, value: unknown) => KindSchema) | undefined;
  array(item: KindSchema): KindSchema;
  object(shape: Readonly<Record<string, KindSchema>>): KindSchema;
  union(members: readonly [KindSchema, KindSchema, ...KindSchema[]]): KindSchema;
  record(value: KindSchema): KindSchema;
  tuple(items: readonly [KindSchema, ...KindSchema[]]): KindSchema;
  email(): KindSchema;
  /** Any value. */
  unknown(): KindSchema;
  date: (() => KindSchema) | undefined;
  bigint: (() => KindSchema) | undefined;
  set: ((item: KindSchema) => KindSchema) | undefined;
  map: ((key: KindSchema, value: KindSchema) => KindSchema) | undefined;
}

// Each library's builders take its own schema types; the matrix passes them back in unchanged.
type Z3 = z3.ZodTypeAny;
type Zm = zm.ZodMiniType;
type V = v.GenericSchema;

// zod 4 classic and zod 3.25's zod/v4 share one API: one builder, told apart by how they count lengths.
const zod4: SchemaKindBuilder = zodClassicLike("zod 4", z4 as unknown as typeof z325v4, "zod 4", {
  lengthUnit: "code point",
  email: () => z4.email(),
});

const zodMini: SchemaKindBuilder = {
  name: "zod/mini",
  lengthUnit: "code point",
  label: "zod 4",
  field: (schema) => schema as FieldSchema,
  string: (b = {}) => {
    const checks = [];
    if (b.min !== undefined) checks.push(zm.minLength(b.min));
    if (b.max !== undefined) checks.push(zm.maxLength(b.max));
    return zm.string().check(...checks);
  },
  number: () => zm.number(),
  int: (b = {}) => {
    const checks = [];
    if (b.min !== undefined) checks.push(zm.gte(b.min));
    if (b.max !== undefined) checks.push(zm.lte(b.max));
    return zm.int().check(...checks);
  },
  boolean: () => zm.boolean(),
  enumOf: (values) => zm.enum(values),
  literal: (value) => zm.literal(value),
  optional: (s) => zm.optional(s as Zm),
  nullable: (s) => zm.nullable(s as Zm),
  withDefault: (s, value) => zm._default(s as Zm, value as never),
  array: (item) => zm.array(item as Zm),
  object: (shape) => zm.object(shape as Record<string, Zm>),
  union: (members) => zm.union(members as unknown as [Zm, Zm]),
  record: (value) => zm.record(zm.string(), value as Zm),
  tuple: (items) => zm.tuple(items as unknown as [Zm]),
  email: () => zm.email(),
  unknown: () => zm.unknown(),
  date: () => zm.date(),
  bigint: () => zm.bigint(),
  set: (item) => zm.set(item as Zm),
  map: (key, value) => zm.map(key as Zm, value as Zm),
};

function zodClassicLike(
  name: string,
  z: typeof z325v4,
  label: string,
  own: { readonly lengthUnit?: SchemaKindBuilder["lengthUnit"]; readonly email?: () => KindSchema } = {},
): SchemaKindBuilder {
  type S = z325v4.ZodTypeAny;
  return {
    name,
    label,
    lengthUnit: own.lengthUnit ?? "UTF-16 code unit",
    field: (schema) => schema as FieldSchema,
    string: (b = {}) => {
      let s = z.string();
      if (b.min !== undefined) s = s.min(b.min);
      if (b.max !== undefined) s = s.max(b.max);
      return s;
    },
    number: () => z.number(),
    int: (b = {}) => {
      let s = z.number().int();
      if (b.min !== undefined) s = s.min(b.min);
      if (b.max !== undefined) s = s.max(b.max);
      return s;
    },
    boolean: () => z.boolean(),
    enumOf: (values) => z.enum(values),
    literal: (value) => z.literal(value),
    optional: (s) => (s as S).optional(),
    nullable: (s) => (s as S).nullable(),
    withDefault: (s, value) => (s as S).default(value as never),
    array: (item) => z.array(item as S),
    object: (shape) => z.object(shape as Record<string, S>),
    union: (members) => z.union(members as unknown as [S, S]),
    record: (value) => z.record(z.string(), value as S),
    tuple: (items) => z.tuple(items as unknown as [S]),
    email: own.email ?? (() => z.string().email()),
    unknown: () => z.unknown(),
    date: () => z.date(),
    bigint: () => z.bigint(),
    set: (item) => z.set(item as S),
    map: (key, value) => z.map(key as S, value as S),
  };
}

const zod3: SchemaKindBuilder = {
  name: "zod 3.25",
  lengthUnit: "UTF-16 code unit",
  label: "zod 3",
  field: (schema) => schema as FieldSchema,
  string: (b = {}) => {
    let s = z3.string();
    if (b.min !== undefined) s = s.min(b.min);
    if (b.max !== undefined) s = s.max(b.max);
    return s;
  },
  number: () => z3.number(),
  int: (b = {}) => {
    let s = z3.number().int();
    if (b.min !== undefined) s = s.min(b.min);
    if (b.max !== undefined) s = s.max(b.max);
    return s;
  },
  boolean: () => z3.boolean(),
  enumOf: (values) => z3.enum(values as [string, ...string[]]),
  literal: (value) => z3.literal(value),
  optional: (s) => (s as Z3).optional(),
  nullable: (s) => (s as Z3).nullable(),
  withDefault: (s, value) => (s as Z3).default(value),
  array: (item) => z3.array(item as Z3),
  object: (shape) => z3.object(shape as Record<string, Z3>),
  union: (members) => z3.union(members as unknown as [Z3, Z3]),
  record: (value) => z3.record(z3.string(), value as Z3),
  tuple: (items) => z3.tuple(items as unknown as [Z3]),
  email: () => z3.string().email(),
  unknown: () => z3.unknown(),
  date: () => z3.date(),
  bigint: () => z3.bigint(),
  set: (item) => z3.set(item as Z3),
  map: (key, value) => z3.map(key as Z3, value as Z3),
};

const valibot: SchemaKindBuilder = {
  name: "valibot",
  lengthUnit: "UTF-16 code unit",
  label: "valibot",
  field: (schema) => toStandardJsonSchema(schema as V) as unknown as FieldSchema,
  string: (b = {}) => {
    const actions: v.PipeItem<string, string, v.BaseIssue<unknown>>[] = [];
    if (b.min !== undefined) actions.push(v.minLength(b.min));
    if (b.max !== undefined) actions.push(v.maxLength(b.max));
    return actions.length === 0 ? v.string() : v.pipe(v.string(), ...actions);
  },
  number: () => v.number(),
  int: (b = {}) => {
    const actions: v.PipeItem<number, number, v.BaseIssue<unknown>>[] = [v.integer()];
    if (b.min !== undefined) actions.push(v.minValue(b.min));
    if (b.max !== undefined) actions.push(v.maxValue(b.max));
    return v.pipe(v.number(), ...actions);
  },
  boolean: () => v.boolean(),
  enumOf: (values) => v.picklist(values),
  literal: (value) => v.literal(value),
  optional: (s) => v.optional(s as V),
  nullable: (s) => v.nullable(s as V),
  withDefault: (s, value) => v.optional(s as V, value as never),
  array: (item) => v.array(item as V),
  object: (shape) => v.object(shape as Record<string, V>),
  union: (members) => v.union(members as unknown as V[]),
  record: (value) => v.record(v.string(), value as V),
  tuple: (items) => v.tuple(items as unknown as V[]),
  email: () => v.pipe(v.string(), v.email()),
  unknown: () => v.unknown(),
  date: undefined,
  bigint: undefined,
  set: undefined,
  map: undefined,
};

// ArkType builds from definitions; a built Type is itself a valid definition inside another.
type A = Type;
const arktype: SchemaKindBuilder = {
  name: "ArkType",
  lengthUnit: "UTF-16 code unit",
  label: "arktype",
  field: (schema) => schema as FieldSchema,
  string: (b = {}) =>
    b.min !== undefined && b.max !== undefined
      ? type(`${b.min} <= string <= ${b.max}` as never)
      : b.min !== undefined
        ? type(`string >= ${b.min}` as never)
        : b.max !== undefined
          ? type(`string <= ${b.max}` as never)
          : type("string"),
  number: () => type("number"),
  int: (b = {}) =>
    b.min !== undefined && b.max !== undefined
      ? type(`${b.min} <= number.integer <= ${b.max}` as never)
      : b.min !== undefined
        ? type(`number.integer >= ${b.min}` as never)
        : b.max !== undefined
          ? type(`number.integer <= ${b.max}` as never)
          : type("number.integer"),
  boolean: () => type("boolean"),
  enumOf: (values) => type.enumerated(...values),
  literal: (value) => type.unit(value),
  optional: undefined,
  nullable: (s) => (s as A).or("null"),
  withDefault: undefined,
  array: (item) => (item as A).array(),
  object: (shape) => type(shape as never),
  union: (members) => members.slice(1).reduce<A>((all, member) => all.or(member as A), members[0] as A),
  record: (value) => type.Record("string", value as never),
  tuple: (items) => type(items as never),
  email: () => type("string.email"),
  unknown: () => type("unknown"),
  date: undefined,
  bigint: undefined,
  set: undefined,
  map: undefined,
};

export const SCHEMA_KINDS: readonly SchemaKindBuilder[] = [
  zod4,
  zodMini,
  zod3,
  zodClassicLike("zod/v4 in zod 3.25", z325v4, "zod 4"),
  valibot,
  arktype,
];

/** The conformance suite's probe schemas, declared with this kind (`@axn/sdk/conformance`). */
function probeSchemasOf(kind: SchemaKindBuilder): ProbeSchemas {
  return {
    label: kind.name,
    string: () => kind.field(kind.string()),
    positiveInt: () => kind.field(kind.int({ min: 1 })),
    unknown: () => kind.field(kind.unknown()),
  };
}

/**
 * What each plugin's conformance spec runs the shipped suite with: its default (zod 4) probes,
 * then the same probes declared with every other kind.
 */
export const CONFORMANCE_PROBE_KINDS: readonly { readonly probeSchemas?: ProbeSchemas }[] = [
  {},
  ...SCHEMA_KINDS.filter((kind) => kind.name !== "zod 4").map((kind) => ({ probeSchemas: probeSchemasOf(kind) })),
];
