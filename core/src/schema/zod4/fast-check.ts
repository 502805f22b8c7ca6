/**
 * A zod 4 field's fast check: a JavaScript condition on `v`, for the side's generated batch
 * (batch.ts), that holds only for values the schema passes unchanged — so a value that meets it
 * needs no `_zod.run`, and one that does not is run through zod as before, which then decides
 * (value, issues and paths exactly zod's). It is a sufficient condition, never the verdict: where
 * it is unsure (a string whose length in code points is in doubt, a check it does not know) it
 * says no and zod answers.
 *
 * Only schemas whose success cannot change their value have one: `string`, `number` and `boolean`
 * without coercion, with no checks but length and numeric bounds and integer formats — the fields a
 * tool declares most (ids, limits, flags). A string format (`email`), a refinement, a transform, an
 * overwrite (`trim`), a wrapper (`optional`, `default`) has none. A field's parse costs ~50 ns in
 * zod (a payload, its issues array, the checks loop); the condition a few.
 */
import { util, type $ZodType } from "zod/v4/core";

type Internals = $ZodType["_zod"];

/** The parts of a zod 4 check's definition read here (the rest only shapes issues). */
interface CheckDef {
  readonly check?: string;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
  readonly value?: unknown;
  readonly inclusive?: boolean;
  readonly format?: string;
}

/** A finite number as a literal in generated source, or undefined for anything else. */
function literal(value: unknown): string | undefined {
  return typeof value === "number" && Number.isFinite(value) ? String(value) : undefined;
}

/** The condition one check adds on a value already of the schema's type, or undefined: none known. */
function checkCondition(type: string, def: CheckDef): string | undefined {
  if (type === "string") {
    // zod measures strings in code points: a value of u UTF-16 units has between u / 2 and u of
    // them, so at most `maximum` units fits for certain, and at least twice `minimum` units.
    if (def.check === "max_length") {
      const max = literal(def.maximum);
      return max === undefined ? undefined : `v.length <= ${max}`;
    }
    if (def.check === "min_length") {
      const min = literal(typeof def.minimum === "number" ? def.minimum * 2 : undefined);
      return min === undefined ? undefined : `v.length >= ${min}`;
    }
    return undefined;
  }
  if (type !== "number") return undefined;
  if (def.check === "greater_than" || def.check === "less_than") {
    const bound = literal(def.value);
    if (bound === undefined) return undefined;
    const op = def.check === "greater_than" ? (def.inclusive ? ">=" : ">") : def.inclusive ? "<=" : "<";
    return `v ${op} ${bound}`;
  }
  if (def.check === "number_format") {
    const range = def.format === undefined ? undefined : util.NUMBER_FORMAT_RANGES[def.format as "safeint"];
    const min = literal(range?.[0]);
    const max = literal(range?.[1]);
    if (min === undefined || max === undefined) return undefined;
    const integer = def.format!.includes("int") ? "Number.isSafeInteger(v) && " : "";
    return `${integer}v >= ${min} && v <= ${max}`;
  }
  return undefined;
}

/** What a schema of this type is, before its checks (a finite number: zod refuses NaN and ±Infinity). */
const TYPE_CONDITIONS: Readonly<Record<string, string>> = {
  string: `typeof v === "string"`,
  number: `typeof v === "number" && Number.isFinite(v)`,
  boolean: `typeof v === "boolean"`,
};

/** The fast check of a field validated with `field`, or undefined when it has none (zod runs every time). */
export function fastCheck(field: Internals): string | undefined {
  const def = field.def as { readonly type: string; readonly coerce?: boolean; readonly checks?: readonly unknown[] };
  const base = Object.hasOwn(TYPE_CONDITIONS, def.type) ? TYPE_CONDITIONS[def.type] : undefined;
  if (base === undefined || def.coerce === true) return undefined;
  // A schema that is itself a check (`z.int()`, `z.email()`) runs as the first of its checks.
  const checks: CheckDef[] = (def.checks ?? []).map((check) => (check as { _zod: { def: CheckDef } })._zod.def);
  if (field.traits.has("$ZodCheck")) checks.unshift(def as CheckDef);
  const conditions = [base];
  for (const check of checks) {
    const condition = checkCondition(def.type, check);
    if (condition === undefined) return undefined;
    conditions.push(condition);
  }
  return conditions.join(" && ");
}
