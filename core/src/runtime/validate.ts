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
import { defaultOf, lastPrepared, prepared } from "./prepare.js";
import { UNVALIDATED, type ValidationRefusal, type ValidationScope } from "../schema/schema-kind.js";

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
  return outcome.ok ? checkField(field, outcome.value, sink, root) : refuseField(field, outcome, raw, sink, root);
}

/** A refused value's violations pushed onto `errors`: INVALID. */
function refuseField(
  field: NormalizedField,
  refusal: ValidationRefusal,
  raw: unknown,
  sink: ErrorSink,
  root: string,
): typeof INVALID {
  const errors = (sink.errors ??= []);
  for (const issue of refusal.issues) {
    const path = formatPath(root, issue.path);
    // Sensitive values never reach a message: only type mismatches (which name types, not values) keep zod's text.
    const text = field.sensitive && issue.code !== "invalid_type" ? "is invalid" : issue.message;
    errors.push(fieldError(path, text, text.length > MAX_QUOTED_CHARS ? valueAt(raw, issue.path) : undefined));
  }
  return INVALID;
}

/** A value the schema passed, through the field's own `validate`: the value, or INVALID with its message pushed. */
function checkField(field: NormalizedField, value: unknown, sink: ErrorSink, root: string): unknown {
  if (field.validate !== undefined) {
    const message = field.validate(value);
    if (typeof message === "string" && message !== "") {
      (sink.errors ??= []).push(fieldError(root, field.sensitive ? "is invalid" : message, value));
      return INVALID;
    }
  }
  return value;
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

/** The per-call state of one inbound check: the violations, and who may be told of them. */
class InputCheck implements ErrorSink {
  errors: FieldError[] | undefined;
  refusal: InboundRefusal | undefined;
  missing = false;
  constructor(
    readonly action: CompiledAction,
    readonly policy: CallPolicy | undefined,
    readonly scope: ValidationScope,
  ) {}

  /**
   * The end of field `i`'s check, `value` being what the schema and the field's own check made of it
   * (INVALID: refused, its violations pushed since `before`): the caller's wire check, then the value
   * kept in `values`, or the field's violations attributed.
   */
  settle(field: NormalizedField, i: number, value: unknown, values: unknown[], before: number): void {
    const checkValue = this.policy?.checkValue;
    // Wire input (the caller's policy says what its transport cannot carry): refused before the body runs.
    const wireProblem =
      value !== INVALID && checkValue !== undefined && field.kind === "arg" ? checkValue(value, field.path) : undefined;
    if (wireProblem !== undefined)
      (this.errors ??= []).push(
        field.sensitive ? { field: wireProblem.field, message: `${wireProblem.field}: is invalid` } : wireProblem,
      );
    if (value !== INVALID && wireProblem === undefined) {
      if (value === undefined) this.missing = true;
      else values[i] = value;
    } else {
      this.missing = true;
      (this.refusal ??= new InboundRefusal(this.action, this.policy, this.errors!)).noteField(field, before);
    }
  }
}

/** The body's input: every expects field resolved, coerced and validated, or one refusal naming each violation. */
export function resolveInput(
  action: CompiledAction,
  rawArgs: unknown,
  ambient: unknown,
  policy: CallPolicy | undefined,
): Record<string, unknown> {
  const args = argumentsObject(action, rawArgs, policy);
  const expects = action.expects;
  const coerceDefault = policy?.coerce === true ? true : (action.coerceInputTypes ?? globalCoerceInputTypes());
  // Only a call with something to refuse, check or tell apart pays for the bookkeeping (`check`).
  let check: InputCheck | undefined;
  let missing = false;
  // The common case's input, every field there and valid: built in the pass that checks it.
  let built: Record<string, unknown> | undefined;
  // Values by field index, built into the input object at the end in one literal (plan.ts). It
  // first holds the fields' raw values (the arguments read with constant keys), each replaced by
  // its validated value — or cleared — before any later field (a subfield) reads it.
  let values: unknown[];
  // Whether the arguments may hold a key the action does not declare (only a prepared side knows it has none).
  let undeclared = true;
  const batch = action.inputBatch;
  if (batch !== undefined) {
    // No subfields: every value is known before any is validated, so the schemas run as one batch.
    values = action.prepareInput!(args, ambient, coerceDefault);
    // Read before any schema runs: a refinement may call another action, which prepares its own.
    undeclared = lastPrepared.undeclared;
    const scope = validationScope();
    const refused = batch.run(values, scope);
    const checkValue = policy?.checkValue;
    if (
      refused === undefined &&
      !action.checksInput &&
      // The caller's wire check on the common case needs no per-field bookkeeping: a problem it
      // finds is found again, and reported, by the full pass below.
      (checkValue === undefined || action.checkArgs(values, checkValue))
    ) {
      built = action.completeInput(values);
      if (built === undefined)
        for (let i = 0; i < values.length; i++) {
          const value = values[i];
          if (value === undefined || value === UNVALIDATED) {
            values[i] = undefined;
            missing = true;
          }
        }
    } else {
      check = new InputCheck(action, policy, scope);
      for (let i = 0; i < expects.length; i++) {
        const field = expects[i]!;
        const value = values[i];
        values[i] = undefined;
        if (value === UNVALIDATED) {
          check.missing = true;
          continue;
        }
        const before = check.errors?.length ?? 0;
        const outcome = refused?.[i];
        const settled =
          outcome === undefined
            ? checkField(field, value, check, field.path)
            : refuseField(field, outcome, value, check, field.path);
        check.settle(field, i, settled, values, before);
      }
    }
  } else {
    // Subfields read their parent's validated value: one field after the other, in resolution order.
    values = new Array(expects.length);
    action.readArgs(args, values);
    check = new InputCheck(action, policy, validationScope());
    for (let i = 0; i < expects.length; i++) {
      const field = expects[i]!;
      const raw = prepared(
        field,
        field.kind === "arg" ? values[i] : rawValueOf(field, ambient, values, action.parentIndex[i]),
        coerceDefault,
      );
      values[i] = undefined;
      if (raw === UNVALIDATED) {
        check.missing = true;
        continue;
      }
      const before = check.errors?.length ?? 0;
      check.settle(field, i, validateField(field, raw, check, field.path), values, before);
    }
  }
  // Refusing an undeclared key is this knob's job; whether the caller may be told is userFacingInputErrors'.
  if (policy?.rejectUndeclaredInputs === true && undeclared) {
    check ??= new InputCheck(action, policy, validationScope());
    const errors = (check.errors ??= []);
    if (refuseUndeclared(action, args, errors) && !policy.userFacingInputErrors)
      (check.refusal ??= new InboundRefusal(action, policy, errors)).allUserFacing = false;
  }
  if (check === undefined) return built ?? (missing ? keyByKey(expects, values) : action.buildInput(values));
  if (check.errors !== undefined && check.errors.length > 0)
    (check.refusal ?? new InboundRefusal(action, policy, check.errors)).throw();
  if (built !== undefined) return built;
  return missing || check.missing ? keyByKey(expects, values) : action.buildInput(values);
}

/** The generic builder, for a side with a missing value: only fields with a value become keys. */
function keyByKey(fields: readonly NormalizedField[], values: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < fields.length; i++) if (values[i] !== undefined) out[fields[i]!.name] = values[i];
  return out;
}

/** An exposed field whose missing value is left out, not validated (optional, and no library default to supply). */
export function skipsMissing(field: NormalizedField): boolean {
  return field.optional && !field.reader.analysis.hasDefault;
}

/** The exposes the body set (by field index, see `ExposedBag`), defaulted and validated. */
export function validateOutbound(action: CompiledAction, bag: unknown[]): Record<string, unknown> {
  const exposes = action.exposes;
  const batch = action.outputBatch;
  if (batch === undefined) return {};
  // Each validated value replaces its raw one in the bag, which the call owns and reads no more.
  const values = bag;
  // Only a side with a default or an optional field has anything to fill in or leave out first.
  if (action.preparesOutput) {
    for (let i = 0; i < exposes.length; i++) {
      const field = exposes[i]!;
      let raw = bag[i];
      if (raw === undefined && field.default !== undefined) raw = defaultOf(field.default.value);
      values[i] = raw === undefined && skipsMissing(field) ? UNVALIDATED : raw;
    }
  }
  const scope = validationScope();
  const refused = batch.run(values, scope);
  let missing = false;
  if (refused === undefined && !action.checksOutput) {
    const built = action.completeExposed(values);
    if (built !== undefined) return built;
    // Nothing refused, nothing more to check: only a field left out or parsed to nothing is missing.
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === undefined || value === UNVALIDATED) {
        values[i] = undefined;
        missing = true;
      }
    }
    return missing ? keyByKey(exposes, values) : action.buildExposed(values);
  }
  // Only a side with a refusal or a field's own check needs somewhere to put violations.
  const sink: ErrorSink = { errors: undefined, scope };
  for (let i = 0; i < exposes.length; i++) {
    const field = exposes[i]!;
    const value = values[i];
    const outcome = refused?.[i];
    const settled =
      value === UNVALIDATED
        ? undefined
        : outcome !== undefined
          ? refuseField(field, outcome, value, sink, field.path)
          : field.validate !== undefined
            ? checkField(field, value, sink, field.path)
            : value;
    if (settled === INVALID || settled === undefined) {
      values[i] = undefined;
      missing = true;
    }
  }
  if (sink.errors !== undefined) throw new OutboundValidationError(sink.errors, { action: action.name });
  return missing ? keyByKey(exposes, values) : action.buildExposed(values);
}
