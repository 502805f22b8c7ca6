/**
 * Reading zod 4's internals (`_zod.def`), for zod 4 classic, `zod/mini` and the `zod/v4` copy
 * inside zod 3.25 alike (they share the core). Every `_zod` access for zod 4 schemas is here.
 */
import { globalRegistry } from "zod/v4/core";

/** A zod 4 schema as far as axn reads it. */
export interface Zod4Schema {
  readonly _zod: { readonly def: Def; readonly version?: { readonly major: number; readonly minor: number } };
}

/** The slice of `_zod.def` axn reads; every field is checked before use. */
export interface Def {
  readonly type: string;
  readonly innerType?: Zod4Schema; // optional, nullable, default, prefault, nonoptional, readonly, catch
  readonly in?: Zod4Schema; // pipe (transform, preprocess)
  readonly out?: Zod4Schema;
  readonly getter?: () => Zod4Schema; // lazy
  readonly shape?: Readonly<Record<string, Zod4Schema>>; // object (may hold getters, for recursion)
  readonly catchall?: Zod4Schema;
  readonly element?: Zod4Schema; // array
  readonly items?: readonly Zod4Schema[]; // tuple
  readonly rest?: Zod4Schema | null;
  readonly keyType?: Zod4Schema; // record, map
  readonly valueType?: Zod4Schema; // record, map, set
  readonly options?: readonly Zod4Schema[]; // union (discriminated too)
  readonly left?: Zod4Schema; // intersection
  readonly right?: Zod4Schema;
  readonly values?: readonly unknown[]; // literal
  readonly entries?: Readonly<Record<string, unknown>>; // enum
  readonly checks?: readonly { readonly _zod: { readonly def: CheckDef } }[];
}

export interface CheckDef {
  readonly check: string;
  readonly value?: unknown;
  readonly inclusive?: boolean;
}

export function defOf(schema: Zod4Schema): Def {
  return schema._zod.def;
}

/** True for a zod 4 schema (classic, mini, or `zod/v4` from zod 3.25). */
export function isZod4(value: object): boolean {
  const internals = (value as { _zod?: { def?: { type?: unknown } } })._zod;
  return typeof internals === "object" && internals !== null && typeof internals.def?.type === "string";
}

/** The major version a zod 4-style schema reports (`_zod.version`), when it reports one. */
export function majorOf(schema: object): number | undefined {
  return (schema as Partial<Zod4Schema>)._zod?.version?.major;
}

const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "nonoptional",
  "readonly",
  "catch",
  "success",
]);

/** The schema a transparent wrapper validates its (non-missing) value with, if `schema` is one. */
export function wrapped(schema: Zod4Schema): Zod4Schema | undefined {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return def.innerType;
  if (def.type === "pipe") return def.in; // a value enters the pipe through `in`
  if (def.type === "lazy") return def.getter?.();
  return undefined;
}

/** zod supplies a value for `undefined`: a default (or prefault) not hidden by an `.optional()` above it. */
export function hasDefault(schema: Zod4Schema): boolean {
  for (let current: Zod4Schema | undefined = schema, depth = 0; current && depth < 32; depth++) {
    const type = defOf(current).type;
    if (type === "default" || type === "prefault") return true;
    if (type === "optional" || type === "lazy") return false;
    current = wrapped(current);
  }
  return false;
}

/**
 * The description (`.describe()`, `.meta({ description })`), read through wrappers. zod 4 keeps
 * metadata in its global registry; zod 3.25's `zod/v4` copy keeps its own, which classic schemas
 * expose as `.description`.
 */
export function descriptionOf(schema: Zod4Schema): string | undefined {
  for (let current: Zod4Schema | undefined = schema, depth = 0; current && depth < 32; depth++) {
    const meta = globalRegistry.get(current as never) as { description?: unknown } | undefined;
    const description = meta?.description ?? (current as { description?: unknown }).description;
    if (typeof description === "string") return description;
    if (defOf(current).type === "lazy") return undefined;
    current = wrapped(current);
  }
  return undefined;
}

/** The schemas directly inside `schema` (members, items, wrapped types), for whole-schema checks. */
function childrenOf(schema: Zod4Schema): Zod4Schema[] {
  const def = defOf(schema);
  const out: (Zod4Schema | null | undefined)[] = [
    def.innerType,
    def.in,
    def.out,
    def.element,
    def.rest,
    def.keyType,
    def.valueType,
    def.left,
    def.right,
    def.catchall,
  ];
  if (def.type === "lazy") out.push(def.getter?.());
  if (def.shape !== undefined) out.push(...Object.values(def.shape));
  out.push(...(def.items ?? []), ...(def.options ?? []));
  return out.filter((child): child is Zod4Schema => typeof child === "object" && child !== null);
}

/** Every regex a string check of `schema` (or of a schema inside it) tests with. */
export function regexesOf(schema: Zod4Schema): RegExp[] {
  const found: RegExp[] = [];
  const seen = new Set<Zod4Schema>();
  const stack = [schema];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const def = defOf(current) as Def & { readonly pattern?: unknown };
    for (const part of [
      def,
      ...(def.checks ?? []).map((check) => check._zod.def as CheckDef & { readonly pattern?: unknown }),
    ]) {
      if (part.pattern instanceof RegExp) found.push(part.pattern);
    }
    stack.push(...childrenOf(current));
  }
  return found;
}
