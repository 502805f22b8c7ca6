/**
 * An input field's value as its schema will see it (`prepared`: the axn default, `optional`, wire
 * coercion), and the input side's read-and-prepare compiled once per action (`inputPreparer`):
 * every argument read with a constant key and every field's options folded into straight-line code
 * (generated source, as plan.ts's builders), where a loop reads each field's options from its
 * record on every call — loads V8 cannot specialise across actions (bench: row 1, direct call).
 * Both give the same values in the same order: the arguments first, then each field prepared in
 * resolution order.
 */
import type { NormalizedField } from "../action/fields.js";
import { readAmbient } from "../context/ambient-source.js";
import { UNVALIDATED } from "../schema/schema-kind.js";
import { argsReader, generate, safeNames } from "./plan.js";
import { AMBIENT_CHANNEL_NAMES } from "./normalize.js";

/**
 * What the last `InputPreparer` run met besides the arguments it read: `undeclared` is false only
 * when every own enumerable key of the arguments was a declared argument or an ambient channel
 * name (which is stripped, not refused) — so `rejectUndeclaredInputs` has nothing to look for. Set
 * by every run and read right after it, before any other call can run (one thread, no await).
 */
export const lastPrepared = { undeclared: true };

/** An axn `default`: a function is called for each value it supplies. */
export function defaultOf(declared: unknown): unknown {
  return typeof declared === "function" ? (declared as () => unknown)() : declared;
}

function acceptsNull(field: NormalizedField): boolean {
  return field.reader.analysis.nullable;
}

/**
 * A field's value as its schema will see it: an axn default for a missing one (`undefined`, or
 * `null`), wire coercion — or UNVALIDATED for a field left out: `optional` (like Ruby's) lets a
 * missing value through, and null counts as missing unless the schema takes null; a schema with its
 * own default still runs on a missing value, to supply it.
 */
export function prepared(field: NormalizedField, raw: unknown, coerceDefault: boolean): unknown {
  if ((raw === undefined || raw === null) && field.default !== undefined) raw = defaultOf(field.default.value);
  if (field.optional && (raw === undefined ? !field.reader.analysis.hasDefault : raw === null && !acceptsNull(field)))
    return UNVALIDATED;
  if ((field.coerce ?? coerceDefault) && raw !== undefined) raw = field.coerceWire(raw);
  return raw;
}

/**
 * The arguments and the ambient context read into a new array by field index, each prepared
 * (`prepared`) for its schema; `coerce` is the call's coercion default. Only for a side without
 * subfields (a subfield reads its parent's validated value).
 */
export type InputPreparer = (args: object, ambient: unknown, coerce: boolean) => unknown[];

function genericPreparer(fields: readonly NormalizedField[]): InputPreparer {
  const readArgs = argsReader(fields.map((field) => (field.kind === "arg" ? field.name : undefined)));
  return (args, ambient, coerce) => {
    const values: unknown[] = new Array(fields.length);
    readArgs(args, values);
    lastPrepared.undeclared = true;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      values[i] = prepared(field, field.kind === "arg" ? values[i] : readAmbient(ambient, field.name), coerce);
    }
    return values;
  };
}

/** One field's `prepared`, its options folded in, on the value in the variable `v`. */
function prepareStep(field: NormalizedField, i: number, v: string): string {
  const lines: string[] = [];
  if (field.default !== undefined)
    lines.push(
      `if (${v} === undefined || ${v} === null) ${v} = ${typeof field.default.value === "function" ? `d${i}()` : `d${i}`};`,
    );
  const skips: string[] = [];
  if (field.optional) {
    if (!field.reader.analysis.hasDefault) skips.push(`${v} === undefined`);
    if (!acceptsNull(field)) skips.push(`${v} === null`);
  }
  const coerce =
    field.coerce === true ? `${v} !== undefined` : field.coerce === undefined ? `coerce && ${v} !== undefined` : "";
  const coerceStep = coerce === "" ? "" : `if (${coerce}) ${v} = c${i}(${v});`;
  if (skips.length > 0)
    lines.push(`if (${skips.join(" || ")}) ${v} = skip; else ${coerceStep === "" ? ";" : coerceStep}`);
  else if (coerceStep !== "") lines.push(coerceStep);
  return lines.join(" ");
}

/**
 * The source reading each arg field's own value into `a<i>` (`undefined` when it has none): one
 * `for…in` over the arguments matching each key against the names as constants — where the
 * arguments have a fast shape, V8 answers the loop's own-property check from its enumeration cache,
 * where `Object.hasOwn` per name is a builtin call each (~100 instructions on Node 24) — then
 * `Object.hasOwn` for a name the loop did not meet (a non-enumerable own property still counts).
 */
function argumentReads(fields: readonly NormalizedField[]): string {
  const args = fields.flatMap((field, i) => (field.kind === "arg" ? [{ key: JSON.stringify(field.name), i }] : []));
  if (args.length === 0) return "found.undeclared = true;";
  const cases = args.map(
    ({ key, i }, bit) => `case ${key}: a${i} = args[key]; ${bit < 30 ? `seen |= ${2 ** bit};` : ""} break;`,
  );
  // Any other own key is undeclared, unless it is an ambient channel name (see `lastPrepared`).
  const stripped = [...AMBIENT_CHANNEL_NAMES].map((name) => `key !== ${JSON.stringify(name)}`).join(" && ");
  // One bit a name in `seen` for the first 30 names; past those, every name is checked again by hasOwn.
  const after = args.map(({ key, i }, bit) =>
    bit < 30
      ? `if ((seen & ${2 ** bit}) === 0 && hasOwn(args, ${key})) a${i} = args[${key}];`
      : `if (hasOwn(args, ${key})) a${i} = args[${key}];`,
  );
  const complete = args.length > 30 ? "false" : `seen === ${2 ** args.length - 1}`;
  return `let ${args.map(({ i }) => `a${i}`).join(", ")}, seen = 0, undeclared = false;
  for (const key in args) { if (!ownKey.call(args, key)) continue; switch (key) { ${cases.join(" ")} default: if (${stripped}) undeclared = true; } }
  if (!(${complete})) { ${after.join(" ")} }
  found.undeclared = undeclared;`;
}

/** The input side's `InputPreparer`, compiled for `fields` (in resolution order, no subfields). */
export function inputPreparer(fields: readonly NormalizedField[]): InputPreparer {
  if (!safeNames(fields.map((field) => field.name))) return genericPreparer(fields);
  const params: string[] = ["hasOwn", "ownKey", "readAmbient", "skip", "found"];
  const values: unknown[] = [Object.hasOwn, Object.prototype.hasOwnProperty, readAmbient, UNVALIDATED, lastPrepared];
  // The arguments first, as the generic reader does, then each field prepared in order.
  const reads = argumentReads(fields);
  const steps = fields.map((field, i) => {
    if (field.default !== undefined) {
      params.push(`d${i}`);
      values.push(field.default.value);
    }
    params.push(`c${i}`);
    values.push(field.coerceWire);
    const raw = field.kind === "arg" ? `a${i}` : `readAmbient(ambient, ${JSON.stringify(field.name)})`;
    return `let p${i} = ${raw}; ${prepareStep(field, i, `p${i}`)}`;
  });
  const source = `"use strict"; return function prepareInput(args, ambient, coerce) { ${reads} ${steps.join(" ")} return [${fields.map((_, i) => `p${i}`).join(", ")}]; };`;
  const make = generate<((...args: unknown[]) => InputPreparer) | undefined>(params, source, () => undefined);
  return make === undefined ? genericPreparer(fields) : make(...values);
}
