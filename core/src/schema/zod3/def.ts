/**
 * Reading zod 3's internals (`_def`). Every `_def` access for zod 3 schemas is in this file; the
 * coercer and the reflector walk schemas through it.
 */
import type { ZodFirstPartyTypeKind, ZodTypeAny } from "zod/v3";

export type { ZodTypeAny as Zod3Schema };

/**
 * The `_def.typeName`s axn reads: zod 3's `ZodFirstPartyTypeKind` values, which are these strings.
 * Spelled here rather than imported, so that importing core loads no zod 3 (bench: row 8, cold
 * start): an app whose schemas are all zod 4 never loads it.
 */
export const Kind = {
  ZodArray: "ZodArray",
  ZodBigInt: "ZodBigInt",
  ZodBoolean: "ZodBoolean",
  ZodBranded: "ZodBranded",
  ZodCatch: "ZodCatch",
  ZodDate: "ZodDate",
  ZodDefault: "ZodDefault",
  ZodDiscriminatedUnion: "ZodDiscriminatedUnion",
  ZodEffects: "ZodEffects",
  ZodEnum: "ZodEnum",
  ZodIntersection: "ZodIntersection",
  ZodLazy: "ZodLazy",
  ZodLiteral: "ZodLiteral",
  ZodMap: "ZodMap",
  ZodNativeEnum: "ZodNativeEnum",
  ZodNever: "ZodNever",
  ZodNullable: "ZodNullable",
  ZodNumber: "ZodNumber",
  ZodObject: "ZodObject",
  ZodOptional: "ZodOptional",
  ZodPipeline: "ZodPipeline",
  ZodReadonly: "ZodReadonly",
  ZodRecord: "ZodRecord",
  ZodSet: "ZodSet",
  ZodString: "ZodString",
  ZodTuple: "ZodTuple",
  ZodUnion: "ZodUnion",
} as const satisfies { readonly [K in `${ZodFirstPartyTypeKind}`]?: K };

/**
 * The slice of zod 3's `_def` axn reads. zod types `_def` per class; one loose view keeps the
 * walkers short, and every field is checked before use.
 */
export interface Def {
  readonly typeName?: string;
  readonly description?: string;
  readonly innerType?: ZodTypeAny; // Optional, Nullable, Default, Readonly, Catch
  readonly type?: ZodTypeAny; // Array, Branded (the wrapped type)
  readonly schema?: ZodTypeAny; // Effects
  readonly effect?: { readonly type: "refinement" | "transform" | "preprocess" };
  readonly in?: ZodTypeAny; // Pipeline
  readonly out?: ZodTypeAny;
  readonly getter?: () => ZodTypeAny; // Lazy
  readonly shape?: () => Readonly<Record<string, ZodTypeAny>>; // Object
  readonly catchall?: ZodTypeAny;
  readonly items?: readonly ZodTypeAny[]; // Tuple
  readonly rest?: ZodTypeAny | null;
  readonly keyType?: ZodTypeAny; // Record, Map
  readonly valueType?: ZodTypeAny; // Record, Map, Set
  readonly options?: readonly ZodTypeAny[] | ReadonlyMap<unknown, ZodTypeAny>; // (Discriminated)Union
  readonly left?: ZodTypeAny; // Intersection
  readonly right?: ZodTypeAny;
  readonly value?: unknown; // Literal
  readonly values?: unknown; // Enum (string[]), NativeEnum (the enum object)
  readonly checks?: readonly { readonly kind: string; readonly value?: unknown; readonly inclusive?: boolean }[];
}

export function defOf(schema: ZodTypeAny): Def {
  return schema._def as Def;
}

/**
 * True for a zod 3 schema from zod 3.24 or later (or zod 4's `zod/v3`): older copies predate the
 * Standard Schema interface axn's types infer through, and are refused by name.
 */
export function isZod3(value: object): boolean {
  const candidate = value as { _def?: unknown; safeParse?: unknown; _zod?: unknown; "~standard"?: unknown };
  return (
    candidate._zod === undefined &&
    typeof candidate["~standard"] === "object" &&
    typeof candidate.safeParse === "function" &&
    typeof candidate._def === "object" &&
    candidate._def !== null &&
    typeof (candidate._def as Def).typeName === "string"
  );
}

/** The schema a transparent wrapper validates its (non-missing) value with, if `schema` is one. */
export function wrapped(schema: ZodTypeAny): ZodTypeAny | undefined {
  const def = defOf(schema);
  switch (def.typeName) {
    case Kind.ZodOptional:
    case Kind.ZodNullable:
    case Kind.ZodDefault:
    case Kind.ZodReadonly:
    case Kind.ZodCatch:
      return def.innerType;
    case Kind.ZodBranded:
      return def.type;
    case Kind.ZodEffects:
      return def.schema;
    case Kind.ZodPipeline:
      return def.in; // a value enters the pipeline through `in`
    case Kind.ZodLazy:
      return def.getter?.();
    default:
      return undefined;
  }
}

export function unionOptions(def: Def): readonly ZodTypeAny[] {
  const options = def.options;
  if (options === undefined) return [];
  return Array.isArray(options) ? options : [...(options as ReadonlyMap<unknown, ZodTypeAny>).values()];
}

/** zod supplies a value for `undefined`: a `.default()` not hidden by an `.optional()` above it. */
export function hasDefault(schema: ZodTypeAny): boolean {
  for (let current: ZodTypeAny | undefined = schema, depth = 0; current && depth < 32; depth++) {
    const kind = defOf(current).typeName;
    if (kind === Kind.ZodDefault) return true;
    // `.optional()` answers `undefined` itself, so a default inside it never runs.
    if (kind === Kind.ZodOptional || kind === Kind.ZodLazy) return false;
    current = wrapped(current);
  }
  return false;
}

/** The `.describe()` text, read through wrappers (never expanding a recursive type). */
export function descriptionOf(schema: ZodTypeAny): string | undefined {
  for (let current: ZodTypeAny | undefined = schema, depth = 0; current && depth < 32; depth++) {
    const description = defOf(current).description;
    if (description !== undefined) return description;
    if (defOf(current).typeName === Kind.ZodLazy) return undefined;
    current = wrapped(current);
  }
  return undefined;
}

/** The schemas directly inside `schema` (members, items, wrapped types), for whole-schema checks. */
function childrenOf(schema: ZodTypeAny): ZodTypeAny[] {
  const def = defOf(schema);
  const out: (ZodTypeAny | null | undefined)[] = [
    def.innerType,
    def.type,
    def.schema,
    def.in,
    def.out,
    def.rest,
    def.keyType,
    def.valueType,
    def.left,
    def.right,
    def.catchall,
  ];
  if (def.typeName === Kind.ZodLazy) out.push(def.getter?.());
  if (def.typeName === Kind.ZodObject) out.push(...Object.values(def.shape?.() ?? {}));
  out.push(...(def.items ?? []), ...unionOptions(def));
  return out.filter((child): child is ZodTypeAny => typeof child === "object" && child !== null && "_def" in child);
}

/** Every regex a string check of `schema` (or of a schema inside it) tests with. */
export function regexesOf(schema: ZodTypeAny): RegExp[] {
  const found: RegExp[] = [];
  const seen = new Set<ZodTypeAny>();
  const stack = [schema];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    for (const check of (defOf(current).checks ?? []) as readonly { readonly regex?: unknown }[])
      if (check.regex instanceof RegExp) found.push(check.regex);
    stack.push(...childrenOf(current));
  }
  return found;
}

/** Whether `schema` refers back to itself (through `z.lazy`): reflection then needs `$ref`s. */
export function isRecursive(schema: ZodTypeAny): boolean {
  const onPath = new Set<ZodTypeAny>();
  const visit = (current: ZodTypeAny, depth: number): boolean => {
    if (onPath.has(current)) return true;
    if (depth > 64) return false;
    onPath.add(current);
    const found = childrenOf(current).some((child) => visit(child, depth + 1));
    onPath.delete(current);
    return found;
  };
  return visit(schema, 0);
}
