/**
 * Which kind reads a field's schema, and what axn says when none does. The kinds are tried in
 * order (zod 4, zod 3, then any Standard JSON Schema); a refusal says what was received ("a zod 3
 * schema from before 3.24", "a yup schema", "a plain object"…) and what is supported.
 */
import type { FieldBatch, SchemaKind, SchemaReader, ValidationRefusal, ValidationScope } from "./schema-kind.js";
import { UNVALIDATED } from "./schema-kind.js";
import { isZod4, majorOf } from "./zod4/def.js";
import { zod4Kind } from "./zod4/index.js";
import { zod3Kind } from "./zod3/index.js";
import { standardKind, standardPropsOf } from "./standard/index.js";

const KINDS: readonly SchemaKind[] = [zod4Kind, zod3Kind, standardKind];

export const SUPPORTED_SCHEMAS =
  "zod 4 (≥ 4.2, and zod/mini), zod 3.25 (the v3 API), zod/v4 from zod 3.25, or a Standard Schema that implements Standard JSON Schema (valibot through toStandardJsonSchema from @valibot/to-json-schema, ArkType 2)";

/** Why a value cannot be read as a field schema: what it is, and what to do instead. */
export class UnsupportedSchema extends Error {
  constructor(
    readonly received: string,
    readonly hint: string | undefined,
  ) {
    super(`${received} is not a supported schema${hint === undefined ? "" : ` (${hint})`}`);
    this.name = "UnsupportedSchema";
  }
}

/**
 * A fresh scope for one side of one call. Its shape is zod 4's parse context (`{ async: false }`,
 * what `safeParse` makes for each parse): zod keys its per-parse memo off that object, and its own
 * object parse shares one context between the properties, as the fields of one side share this.
 * Other kinds ignore it.
 */
export function validationScope(): ValidationScope {
  return { async: false } as ValidationScope;
}

/**
 * The batch for one side's readers: their kind's own when one kind read them all and has one, else
 * each reader's `validate` in turn (mixed kinds, or a kind without a batch).
 */
export function fieldBatch(readers: readonly SchemaReader[]): FieldBatch {
  for (const kind of KINDS) {
    const batch = kind.batch?.(readers);
    if (batch !== undefined) return batch;
  }
  return {
    run(values, scope) {
      let refused: (ValidationRefusal | undefined)[] | undefined;
      for (let i = 0; i < readers.length; i++) {
        if (values[i] === UNVALIDATED) continue;
        const outcome = readers[i]!.validate(values[i], scope);
        if (outcome.ok) values[i] = outcome.value;
        else (refused ??= new Array(readers.length))[i] = outcome;
      }
      return refused;
    },
  };
}

/** Reads `value` with the first kind that recognises it, or throws `UnsupportedSchema`. */
export function readSchema(value: unknown): SchemaReader {
  // ArkType's types are functions carrying `~standard`.
  if ((typeof value === "object" && value !== null) || typeof value === "function") {
    if (isZod4(value) && (majorOf(value) ?? 4) !== 4) {
      throw new UnsupportedSchema(`a zod ${majorOf(value)} schema`, "this axn supports zod 3.25 and zod 4");
    }
    for (const kind of KINDS) if (kind.recognizes(value)) return kind.read(value);
  }
  const [received, hint] = describe(value);
  throw new UnsupportedSchema(received, hint);
}

/**
 * True when `value` is meant as a schema rather than a `{ schema, ...options }` declaration:
 * a schema of any kind axn knows, supported or not, so a refusal can say what it was.
 */
export function looksLikeSchema(value: unknown): boolean {
  if (typeof value !== "object" && typeof value !== "function") return false;
  if (value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    standardPropsOf(value) !== undefined ||
    isZod4(value) ||
    (typeof candidate._def === "object" && candidate._def !== null) ||
    candidate.__isYupSchema__ === true ||
    candidate.isJoi === true
  );
}

function describe(value: unknown): [string, string | undefined] {
  if (value === null) return ["null", undefined];
  if (typeof value !== "object" && typeof value !== "function") return [`a ${typeof value}`, undefined];
  const candidate = value as Record<string, unknown>;
  const props = standardPropsOf(value);
  if (props !== undefined) {
    const vendor = typeof props.vendor === "string" ? props.vendor : "Standard Schema";
    if (props.jsonSchema === undefined) {
      const hint =
        vendor === "valibot"
          ? "wrap it with toStandardJsonSchema() from @valibot/to-json-schema"
          : vendor === "arktype"
            ? "ArkType 2.1 and later implement Standard JSON Schema: upgrade arktype"
            : "axn reflects every field as JSON Schema, so the schema must implement Standard JSON Schema (~standard.jsonSchema)";
      return [`${article(vendor)} ${vendor} schema without Standard JSON Schema`, hint];
    }
    return [`${article(vendor)} ${vendor} schema with an incomplete Standard Schema interface`, undefined];
  }
  if (
    typeof candidate._def === "object" &&
    candidate._def !== null &&
    typeof (candidate._def as { typeName?: unknown }).typeName === "string"
  ) {
    return ["a zod 3 schema from before 3.24", "upgrade zod to 3.25 or 4"];
  }
  if (candidate.__isYupSchema__ === true) return ["a yup schema", undefined];
  if (candidate.isJoi === true) return ["a joi schema", undefined];
  if (typeof value === "function") return ["a function", undefined];
  const proto = Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null;
  if (Array.isArray(value)) return ["an array", undefined];
  if (proto === null || proto === Object.prototype) return ["a plain object", undefined];
  const name = proto.constructor?.name;
  return [typeof name === "string" && name !== "" ? `a ${name} instance` : "an object", undefined];
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}
