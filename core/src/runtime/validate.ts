/**
 * The contracts at both ends of a call: the expects resolved (arguments, ambient context,
 * subfields, defaults, coercion) and validated into the body's input, and the exposes validated
 * into the result's values. A refusal is one validation error naming every violation by field
 * (capped), user-facing or not as the field, the caller's policy and the ambient rule decide.
 */
import type { NormalizedField } from "../action/fields.js";
import type { CallPolicy } from "../action/call-policy.js";
import type { CompiledAction } from "./compiled.js";
import { AMBIENT_CHANNEL_NAMES } from "./normalize.js";
import {
  fieldError,
  InboundValidationError,
  MAX_QUOTED_CHARS,
  OutboundValidationError,
  type FieldError,
} from "../errors/validation.js";
import { appendPath, fieldPath } from "../errors/field-path.js";
import { readAmbient } from "../context/ambient-source.js";
import { globalCoerceInputTypes } from "../options/global.js";
import { validationScope } from "../schema/read-schema.js";
import { isPlainObject } from "../schema/json-value.js";
import type { ValidationScope } from "../schema/schema-kind.js";

/** Field errors kept in one inbound refusal (the rest are counted). */
const MAX_FIELD_ERRORS = 20;

/**
 * The expects fields whose value comes from the trusted ambient context: every `on: "ambientContext"`
 * field and every subfield read (at any depth) from one. A model never supplies these, so their
 * violations are integration bugs, never the caller's to correct.
 */
export function ambientSourcedFields(expects: readonly NormalizedField[]): ReadonlySet<string> {
  const byName = new Map(expects.map((field) => [field.name, field]));
  const sourced = new Set<string>();
  for (const field of expects) {
    // Subfield chains are acyclic (checked at definition), so walking up to the root ends.
    let root: NormalizedField | undefined = field;
    while (root?.kind === "subfield") root = byName.get(root.parentPath![0]!);
    if (root?.kind === "ambient") sourced.add(field.name);
  }
  return sourced;
}

/**
 * The refusal's violations, capped: at most MAX_FIELD_ERRORS model-supplied ones (then a count of
 * the rest), and every ambient one whatever its place — it is the integration bug the report is for.
 * `ambientRanges` holds [start, end) index pairs of ambient violations in `errors`.
 */
function capViolations(errors: readonly FieldError[], ambientRanges: readonly number[] | undefined): FieldError[] {
  const kept: FieldError[] = [];
  let model = 0;
  let dropped = 0;
  let range = 0;
  for (let i = 0; i < errors.length; i++) {
    while (ambientRanges !== undefined && range < ambientRanges.length && i >= ambientRanges[range + 1]!) range += 2;
    const ambient = ambientRanges !== undefined && range < ambientRanges.length && i >= ambientRanges[range]!;
    if (ambient) kept.push(errors[i]!);
    else if (model < MAX_FIELD_ERRORS) {
      kept.push(errors[i]!);
      model++;
    } else dropped++;
  }
  if (dropped > 0)
    kept.push({ field: "(more)", message: `and ${dropped} more ${dropped === 1 ? "violation" : "violations"}` });
  return kept;
}

function formatPath(root: string, path: readonly (string | number)[]): string {
  let out = root;
  for (const part of path) out = appendPath(out, typeof part === "number" ? part : String(part));
  return out;
}

/** The value an issue at `path` is about, for bounding how much of it the message quotes. */
function valueAt(value: unknown, path: readonly (string | number)[]): unknown {
  let current = value;
  try {
    for (const key of path) {
      if (current === null || typeof current !== "object") return undefined;
      current = (current as Record<string | number, unknown>)[key];
    }
  } catch {
    return undefined;
  }
  return current;
}

function readPath(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current =
      current instanceof Map
        ? current.get(key)
        : Object.hasOwn(current, key)
          ? (current as Record<string, unknown>)[key]
          : undefined;
  }
  return current;
}

/** What `validateField` returns for a refused value (its violations are in `errors`). */
const INVALID: unique symbol = Symbol("invalid");

/** The validated value, or INVALID with the violations pushed onto `errors` (created on the first one). */
function validateField(field: NormalizedField, raw: unknown, sink: ErrorSink, root: string): unknown {
  const outcome = field.reader.validate(raw, sink.scope);
  if (!outcome.ok) {
    const errors = (sink.errors ??= []);
    for (const issue of outcome.issues) {
      const path = formatPath(root, issue.path);
      // Sensitive values never reach a message: only type mismatches (which name types, not values) keep zod's text.
      const text = field.sensitive && issue.code !== "invalid_type" ? "is invalid" : issue.message;
      errors.push(fieldError(path, text, text.length > MAX_QUOTED_CHARS ? valueAt(raw, issue.path) : undefined));
    }
    return INVALID;
  }
  if (field.validate !== undefined) {
    const message = field.validate(outcome.value);
    if (typeof message === "string" && message !== "") {
      (sink.errors ??= []).push(fieldError(root, field.sensitive ? "is invalid" : message, outcome.value));
      return INVALID;
    }
  }
  return outcome.value;
}

/** One side's validation state: its violations (no array until the first one) and its schema scope. */
interface ErrorSink {
  errors: FieldError[] | undefined;
  readonly scope: ValidationScope;
}

/**
 * The violations of one inbound check, and who may be told: a refusal is user-facing only if every
 * violation is (the caller's policy or the field says so) and none is the trusted ambient channel's.
 */
class InboundRefusal {
  involvesAmbient = false;
  allUserFacing = true;
  /** [start, end) index pairs of ambient violations in `errors` (kept whatever the cap). */
  ambientRanges: number[] | undefined;

  constructor(
    private readonly action: CompiledAction,
    private readonly policy: CallPolicy | undefined,
    private errors: FieldError[],
  ) {}

  /** Attributes the violations `field` added since `before`. */
  noteField(field: NormalizedField, before: number): void {
    if (this.errors.length === before) return;
    if (this.action.ambientSourced.has(field.name)) {
      this.involvesAmbient = true;
      (this.ambientRanges ??= []).push(before, this.errors.length);
    } else if (!(this.policy?.userFacingInputErrors === true || field.userFacing)) this.allUserFacing = false;
  }

  throw(): never {
    // A refusal stays small whatever the input: 100,000 bad array items must not become a 5 MB reply.
    if (this.errors.length > MAX_FIELD_ERRORS) this.errors = capViolations(this.errors, this.ambientRanges);
    // Ambient context is trusted, adapter-supplied input: a violation there is an integration bug, so
    // the whole set settles developer-facing (and pages) even if model-supplied violations co-occur.
    throw new InboundValidationError(this.errors, {
      userFacing: this.allUserFacing && !this.involvesAmbient,
      involvesAmbient: this.involvesAmbient,
      action: this.action.name,
    });
  }
}

/**
 * A direct call may omit its arguments; wire arguments (the Invoker) must be an object of named
 * inputs, and null is not one. Nor is a Map, a URLSearchParams, a Date or a class instance: the
 * inputs are read as own properties, so such a value would run the tool on its defaults (and leave
 * `rejectUndeclaredInputs` nothing to refuse) — it is refused as not an object instead.
 */
function argumentsObject(action: CompiledAction, rawArgs: unknown, policy: CallPolicy | undefined): object {
  const args = rawArgs === undefined || (rawArgs === null && policy === undefined) ? {} : rawArgs;
  if (
    typeof args !== "object" ||
    args === null ||
    Array.isArray(args) ||
    (policy !== undefined && !isPlainObject(args))
  ) {
    throw new InboundValidationError([{ field: "(arguments)", message: "arguments must be an object" }], {
      userFacing: policy?.userFacingInputErrors === true,
      action: action.name,
    });
  }
  return args;
}

/** A non-arg field's value before validation and defaults: from the ambient context, or read from its parent's value. */
function rawValueOf(
  field: NormalizedField,
  ambient: unknown,
  values: readonly unknown[],
  parent: number | undefined,
): unknown {
  if (field.kind === "ambient") return readAmbient(ambient, field.name);
  return readPath(
    values[parent!],
    field.parentPath!.length === 1 ? [field.name] : [...field.parentPath!.slice(1), field.name],
  );
}

/** An axn `default`: a function is called for each value it supplies. */
function defaultOf(declared: unknown): unknown {
  return typeof declared === "function" ? (declared as () => unknown)() : declared;
}

/** `rejectUndeclaredInputs`: every argument key the action does not declare is a violation. True if there was one. */
function refuseUndeclared(action: CompiledAction, args: object, errors: FieldError[]): boolean {
  const before = errors.length;
  for (const key of Object.keys(args)) {
    // The ambient-context guard: a model-supplied ambient context is never read (ambient fields
    // resolve only from the adapter's trusted option), and stripping it is not refusing it.
    if (action.argNames.has(key) || AMBIENT_CHANNEL_NAMES.has(key)) continue;
    const path = fieldPath(key);
    errors.push({ field: path, message: `unknown input: ${path}` });
  }
  return errors.length > before;
}

/** The body's input: every expects field resolved, coerced and validated, or one refusal naming each violation. */
export function resolveInput(
  action: CompiledAction,
  rawArgs: unknown,
  ambient: unknown,
  policy: CallPolicy | undefined,
): Record<string, unknown> {
  const args = argumentsObject(action, rawArgs, policy);
  const sink: ErrorSink = { errors: undefined, scope: validationScope() };
  // Only a refused call pays for the bookkeeping of who may be told.
  let refusal: InboundRefusal | undefined;
  const expects = action.expects;
  // Values by field index, built into the input object at the end in one literal (plan.ts). It
  // first holds the arg fields' raw arguments (read with constant keys), each replaced by its
  // validated value — or cleared — before any later field (a subfield) reads it.
  const values: unknown[] = new Array(expects.length);
  action.readArgs(args, values);
  let missing = false;
  const coerceDefault = policy?.coerce === true ? true : (action.coerceInputTypes ?? globalCoerceInputTypes());
  const checkValue = policy?.checkValue;
  for (let i = 0; i < expects.length; i++) {
    const field = expects[i]!;
    let raw = field.kind === "arg" ? values[i] : rawValueOf(field, ambient, values, action.parentIndex[i]);
    values[i] = undefined;
    if ((raw === undefined || raw === null) && field.default !== undefined) raw = defaultOf(field.default.value);
    // `optional` (like Ruby's) lets a missing value through, and null counts as missing unless the
    // schema takes null; a schema with its own default still runs on a missing value, to supply it.
    if (
      field.optional &&
      (raw === undefined ? !field.reader.analysis.hasDefault : raw === null && !acceptsNull(field))
    ) {
      missing = true;
      continue;
    }
    if ((field.coerce ?? coerceDefault) && raw !== undefined) raw = field.coerceWire(raw);
    const before = sink.errors?.length ?? 0;
    const value = validateField(field, raw, sink, field.path);
    // Wire input (the caller's policy says what its transport cannot carry): refused before the body runs.
    const wireProblem =
      value !== INVALID && checkValue !== undefined && field.kind === "arg" ? checkValue(value, field.path) : undefined;
    if (wireProblem !== undefined)
      (sink.errors ??= []).push(
        field.sensitive ? { field: wireProblem.field, message: `${wireProblem.field}: is invalid` } : wireProblem,
      );
    if (value !== INVALID && wireProblem === undefined) {
      if (value === undefined) missing = true;
      else values[i] = value;
    } else {
      missing = true;
      (refusal ??= new InboundRefusal(action, policy, sink.errors!)).noteField(field, before);
    }
  }
  // Refusing an undeclared key is this knob's job; whether the caller may be told is userFacingInputErrors'.
  if (policy?.rejectUndeclaredInputs === true) {
    const errors = (sink.errors ??= []);
    if (refuseUndeclared(action, args, errors) && !policy.userFacingInputErrors)
      (refusal ??= new InboundRefusal(action, policy, errors)).allUserFacing = false;
  }
  if (sink.errors !== undefined && sink.errors.length > 0)
    (refusal ?? new InboundRefusal(action, policy, sink.errors)).throw();
  return missing ? keyByKey(action.expects, values) : action.buildInput(values);
}

/** The generic builder, for a side with a missing value: only fields with a value become keys. */
function keyByKey(fields: readonly NormalizedField[], values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) if (values[i] !== undefined) out[fields[i]!.name] = values[i];
  return out;
}

function acceptsNull(field: NormalizedField): boolean {
  return field.reader.analysis.nullable;
}

/** The exposes the body set (by field index, see `ExposedBag`), defaulted and validated. */
export function validateOutbound(action: CompiledAction, bag: unknown[]): Record<string, unknown> {
  const sink: ErrorSink = { errors: undefined, scope: validationScope() };
  const exposes = action.exposes;
  // Each validated value replaces its raw one in the bag, which the call owns and reads no more.
  const values = bag;
  let missing = false;
  for (let i = 0; i < exposes.length; i++) {
    const field = exposes[i]!;
    let raw = bag[i];
    values[i] = undefined;
    if (raw === undefined && field.default !== undefined) raw = defaultOf(field.default.value);
    if (raw === undefined && field.optional && !field.reader.analysis.hasDefault) {
      missing = true;
      continue;
    }
    const value = validateField(field, raw, sink, field.path);
    if (value === INVALID || value === undefined) missing = true;
    else values[i] = value;
  }
  if (sink.errors !== undefined) throw new OutboundValidationError(sink.errors, { action: action.name });
  return missing ? keyByKey(exposes, values) : action.buildExposed(values);
}
