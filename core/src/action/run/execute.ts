/**
 * One call, start to finish: resolve and validate inputs (expects), run hooks and the body,
 * validate outputs (exposes), settle a `Result`, run callbacks, notify observers, end the span.
 * Nothing the body does escapes as a throw: failures and exceptions settle into the result.
 */
import { performance } from "node:perf_hooks";
import type { NormalizedField } from "../fields.js";
import type { CallPolicy } from "../call-policy.js";
import type { ActionContext, AnyAxn, AroundHook, BeforeHook, CallOptions, ResultCallback } from "../types.js";
import { Failure } from "../../errors/failure.js";
import { makeResult, type Outcome, type Result } from "../result.js";
import {
  compose,
  DEFAULT_ERROR,
  DEFAULT_SUCCESS,
  errorHeadline,
  errorReasonFor,
  successHeadline,
  successReasonFor,
  type CompiledMessages,
  type Reason,
} from "./messages.js";
import {
  boundKey,
  fieldError,
  InboundValidationError,
  MAX_QUOTED_CHARS,
  OutboundValidationError,
  ValidationError,
  type FieldError,
} from "../../errors/validation.js";
import { currentExecution, outerAmbient, runInExecution, type ExecutionState } from "../../context/execution.js";
import { readAmbient, resolvesNothing } from "../../context/ambient-source.js";
import { AMBIENT_CHANNEL_NAMES } from "./normalize.js";
import { endActionSpan, startActionSpan } from "../../tracing/span.js";
import type { Span } from "@opentelemetry/api";
import { axnConfig, globalCoerceInputTypes, reportException } from "../../config/global.js";
import { kernel } from "../../kernel/state.js";
import { appendPath } from "../../errors/field-path.js";

/** Everything the runtime needs, compiled once per action (ancestors folded in). */
export interface CompiledAction {
  readonly name: string;
  /** Expects in resolution order (parents before their subfields). */
  readonly expects: readonly NormalizedField[];
  readonly argNames: ReadonlySet<string>;
  /** The `on: "ambientContext"` fields: all `Current.get()` shows inside this action. */
  readonly ambientNames: readonly string[];
  /** Expects whose value comes through the trusted ambient channel (see `ambientSourcedFields`). */
  readonly ambientSourced: ReadonlySet<string>;
  readonly exposes: readonly NormalizedField[];
  readonly exposeNames: ReadonlySet<string>;
  readonly sensitiveExposes: ReadonlySet<string>;
  readonly coerceInputTypes: boolean | undefined;
  readonly messages: CompiledMessages;
  readonly failsOn: readonly ((error: Error) => boolean)[];
  readonly before: readonly BeforeHook<never>[];
  readonly after: readonly BeforeHook<never>[];
  readonly around: readonly AroundHook<never>[];
  readonly onSuccess: readonly ResultCallback<never>[];
  readonly onFailure: readonly ResultCallback<never>[];
  readonly onException: readonly ResultCallback<never>[];
  readonly onError: readonly ResultCallback<never>[];
  readonly body: (input: never, ctx: ActionContext<never>) => unknown;
  /** Set once the action value exists (results point back at it). */
  self: AnyAxn | undefined;
}

/** Thrown by `ctx.fail` / `ctx.done`; never escapes the runtime. */
class Settle {
  constructor(
    readonly ok: boolean,
    readonly reason: Reason | undefined,
  ) {}
}

/** Sends an exception to the global `onException`, which fires once per error: at the innermost action. */
function report(error: Error, action: string, phase: string): void {
  reportException(error, { action, phase });
}

const NEVER_ABORTED = new AbortController().signal;

/** Field errors kept in one inbound refusal (the rest are counted). */
export const MAX_FIELD_ERRORS = 20;

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
  if (dropped > 0) kept.push({ field: "(more)", message: `and ${dropped} more ${dropped === 1 ? "violation" : "violations"}` });
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
    current = current instanceof Map ? current.get(key) : Object.hasOwn(current, key) ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}

function validateField(field: NormalizedField, raw: unknown, errors: FieldError[], root: string): { ok: boolean; value: unknown } {
  const outcome = field.reader.validate(raw);
  if (!outcome.ok) {
    for (const issue of outcome.issues) {
      const path = formatPath(root, issue.path);
      // Sensitive values never reach a message: only type mismatches (which name types, not values) keep zod's text.
      const text = field.sensitive && issue.code !== "invalid_type" ? "is invalid" : issue.message;
      errors.push(fieldError(path, text, text.length > MAX_QUOTED_CHARS ? valueAt(raw, issue.path) : undefined));
    }
    return { ok: false, value: undefined };
  }
  if (field.validate !== undefined) {
    const message = field.validate(outcome.value);
    if (typeof message === "string" && message !== "") {
      errors.push(fieldError(root, field.sensitive ? "is invalid" : message, outcome.value));
      return { ok: false, value: undefined };
    }
  }
  return { ok: true, value: outcome.value };
}

function resolveInput(
  action: CompiledAction,
  rawArgs: unknown,
  ambient: unknown,
  policy: CallPolicy | undefined,
): Record<string, unknown> {
  let errors: FieldError[] = [];
  let involvesAmbient = false;
  let allUserFacing = true;
  let ambientRanges: number[] | undefined;
  // A direct call may omit its arguments; wire arguments (the Invoker) must be an object, and null is not one.
  const args = rawArgs === undefined || (rawArgs === null && policy === undefined) ? {} : rawArgs;
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    throw new InboundValidationError([{ field: "(arguments)", message: "arguments must be an object" }], {
      userFacing: policy?.userFacingInputErrors === true,
      action: action.name,
    });
  }
  const input: Record<string, unknown> = {};
  const coerceDefault = policy?.coerce === true ? true : (action.coerceInputTypes ?? globalCoerceInputTypes());
  const checkValue = policy?.checkValue;
  for (const field of action.expects) {
    let raw: unknown;
    if (field.kind === "arg") raw = Object.hasOwn(args, field.name) ? (args as Record<string, unknown>)[field.name] : undefined;
    else if (field.kind === "ambient") raw = readAmbient(ambient, field.name);
    else raw = readPath(input[field.parentPath![0]!], [...field.parentPath!.slice(1), field.name]);
    if ((raw === undefined || raw === null) && field.default !== undefined) {
      const d = field.default.value;
      raw = typeof d === "function" ? (d as () => unknown)() : d;
    }
    // `optional` (like Ruby's) lets a missing value through, and null counts as missing unless the
    // schema takes null; a schema with its own default still runs on a missing value, to supply it.
    if (field.optional && (raw === undefined ? !field.reader.analysis.hasDefault : raw === null && !acceptsNull(field))) continue;
    if ((field.coerce ?? coerceDefault) && raw !== undefined) raw = field.coerceWire(raw);
    const before = errors.length;
    const checked = validateField(field, raw, errors, field.name);
    // Wire input (the caller's policy says what its transport cannot carry): refused before the body runs.
    const wireProblem = checked.ok && checkValue !== undefined && field.kind === "arg" ? checkValue(checked.value, field.name) : undefined;
    if (wireProblem !== undefined) errors.push(field.sensitive ? { field: wireProblem.field, message: `${wireProblem.field}: is invalid` } : wireProblem);
    if (checked.ok && wireProblem === undefined) {
      if (checked.value !== undefined) input[field.name] = checked.value;
    } else if (errors.length > before) {
      if (action.ambientSourced.has(field.name)) {
        involvesAmbient = true;
        (ambientRanges ??= []).push(before, errors.length);
      } else if (!(policy?.userFacingInputErrors === true || field.userFacing)) allUserFacing = false;
    }
  }
  if (policy?.rejectUndeclaredInputs === true) {
    for (const key of Object.keys(args)) {
      // The ambient-context guard: a model-supplied ambient context is never read (ambient fields
      // resolve only from the adapter's trusted option), and stripping it is not refusing it.
      if (action.argNames.has(key) || AMBIENT_CHANNEL_NAMES.has(key)) continue;
      const quoted = boundKey(key);
      errors.push({ field: quoted, message: `unknown input: ${quoted}` });
      // Refusing the key is this knob's job; whether the caller may be told is userFacingInputErrors'.
      if (!policy.userFacingInputErrors) allUserFacing = false;
    }
  }
  // A refusal stays small whatever the input: 100,000 bad array items must not become a 5 MB reply.
  if (errors.length > MAX_FIELD_ERRORS) errors = capViolations(errors, ambientRanges);
  if (errors.length > 0) {
    // Ambient context is trusted, adapter-supplied input: a violation there is an integration bug, so
    // the whole set settles developer-facing (and pages) even if model-supplied violations co-occur.
    throw new InboundValidationError(errors, {
      userFacing: allUserFacing && !involvesAmbient,
      involvesAmbient,
      action: action.name,
    });
  }
  return input;
}

function acceptsNull(field: NormalizedField): boolean {
  return field.reader.analysis.nullable;
}

function validateOutbound(action: CompiledAction, bag: Record<string, unknown>): Record<string, unknown> {
  const errors: FieldError[] = [];
  const out: Record<string, unknown> = {};
  for (const field of action.exposes) {
    let raw = bag[field.name];
    if (raw === undefined && field.default !== undefined) {
      const d = field.default.value;
      raw = typeof d === "function" ? (d as () => unknown)() : d;
    }
    if (raw === undefined && field.optional && !field.reader.analysis.hasDefault) continue;
    const checked = validateField(field, raw, errors, field.name);
    if (checked.ok && checked.value !== undefined) out[field.name] = checked.value;
  }
  if (errors.length > 0) throw new OutboundValidationError(errors, { action: action.name });
  return out;
}

function mergeExposed(action: CompiledAction, bag: Record<string, unknown>, values: unknown): void {
  if (values === undefined || values === null) return;
  if (typeof values !== "object" || Array.isArray(values)) {
    throw new TypeError(`${action.name} returned a ${Array.isArray(values) ? "array" : typeof values}; return an object of exposed values (or nothing)`);
  }
  for (const key of Object.keys(values)) {
    if (!action.exposeNames.has(key)) throw new TypeError(`${action.name} does not declare exposed field "${key}"`);
    bag[key] = (values as Record<string, unknown>)[key];
  }
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function";
}

/**
 * Per-call context handed to the body. Authors destructure it (`(input, { expose, fail })`), so
 * nothing here may depend on `this`: `fail`/`done` need no state and live on the prototype, and
 * `expose` is the one per-call closure.
 */
class BodyContext {
  readonly expose: (values: unknown) => void;
  #signal: AbortSignal | (() => AbortSignal) | undefined;
  constructor(
    private readonly compiled: CompiledAction,
    bag: Record<string, unknown>,
    signal: AbortSignal | (() => AbortSignal) | undefined,
  ) {
    this.expose = (values) => mergeExposed(compiled, bag, values);
    this.#signal = signal;
  }
  get signal(): AbortSignal {
    const signal = this.#signal;
    if (signal === undefined) return NEVER_ABORTED;
    if (typeof signal !== "function") return signal;
    const built = signal();
    this.#signal = built;
    return built;
  }
  get action(): AnyAxn {
    return this.compiled.self!;
  }
  fail(reason?: string, options?: { readonly standalone?: boolean }): never {
    throw new Settle(false, reason === undefined ? undefined : { text: reason, standalone: options?.standalone === true });
  }
  done(message?: string): never {
    throw new Settle(true, message === undefined ? undefined : { text: message, standalone: false });
  }
  get log(): (message: string) => void {
    const name = this.compiled.name;
    return (message) => axnConfig().logger.info(`[${name}] ${message}`);
  }
}

/**
 * Runs the body and folds what it returns into the exposes; `done()` ends it as a success (its
 * reason returned), anything else thrown propagates. A synchronous body settles synchronously:
 * awaiting only a real promise saves a microtask turn per call.
 */
function bodyStep(
  action: CompiledAction,
  input: Record<string, unknown>,
  bag: Record<string, unknown>,
  ctx: BodyContext,
): Reason | undefined | Promise<Reason | undefined> {
  const finished = (returned: unknown): undefined => {
    mergeExposed(action, bag, returned);
    return undefined;
  };
  let returned: unknown;
  try {
    returned = action.body(input as never, ctx as never);
    if (!isThenable(returned)) return finished(returned);
  } catch (error) {
    return doneReasonOf(error);
  }
  return Promise.resolve(returned).then(finished, doneReasonOf);
}

/** `done()` is a success: its reason. Anything else thrown is the call's failure or exception. */
function doneReasonOf(error: unknown): Reason | undefined {
  if (error instanceof Settle && error.ok) return error.reason;
  throw error;
}

/** Hooks, body and `done`: returns the done reason, if the body ended early with one. */
async function runBody(
  action: CompiledAction,
  input: Record<string, unknown>,
  bag: Record<string, unknown>,
  signal: CallOptions["signal"],
): Promise<Reason | undefined> {
  let doneReason: Reason | undefined;
  const ctx = new BodyContext(action, bag, signal);
  const core = async (): Promise<void> => {
    for (const hook of action.before) await hook(input as never);
    doneReason = await bodyStep(action, input, bag, ctx);
    for (const hook of action.after) await hook(input as never);
  };
  if (action.around.length === 0) {
    await core();
    return doneReason;
  }
  let chain = core;
  for (let i = action.around.length - 1; i >= 0; i--) {
    const hook = action.around[i]!;
    const inner = chain;
    chain = () => hook(inner, input as never);
  }
  await chain();
  return doneReason;
}

interface Settled {
  ok: boolean;
  outcome: Outcome;
  message: string;
  exception: Error | undefined;
  exposed: Record<string, unknown>;
}

function settleError(action: CompiledAction, thrown: unknown): Settled {
  const messages = action.messages;
  if (thrown instanceof Settle) {
    const failure = new Failure("", { action: action.name });
    const message = compose(errorHeadline(messages, failure), thrown.reason, messages.join, DEFAULT_ERROR);
    Object.defineProperty(failure, "message", { value: message });
    return { ok: false, outcome: "failure", message, exception: failure, exposed: {} };
  }
  const error = thrown instanceof Error ? thrown : new Error(`Non-error thrown: ${typeof thrown}`);
  const headline = safeMessage(() => errorHeadline(messages, error), action);
  let reason = safeMessage(() => errorReasonFor(messages, error), action);
  if (error instanceof Failure) {
    // A nested callOrThrow's failure is owned: its message is meant for the client, one level down.
    reason ??= { text: error.message, standalone: false };
    return { ok: false, outcome: "failure", message: compose(headline, reason, messages.join, DEFAULT_ERROR), exception: error, exposed: {} };
  }
  if (error instanceof ValidationError && error.userFacing && error instanceof InboundValidationError) {
    reason ??= { text: error.message, standalone: false };
    return { ok: false, outcome: "failure", message: compose(headline, reason, messages.join, DEFAULT_ERROR), exception: error, exposed: {} };
  }
  if (action.failsOn.some((matches) => matches(error))) {
    return { ok: false, outcome: "failure", message: compose(headline, reason, messages.join, DEFAULT_ERROR), exception: error, exposed: {} };
  }
  report(error, action.name, error instanceof ValidationError ? "validation" : "call");
  return { ok: false, outcome: "exception", message: compose(headline, reason, messages.join, DEFAULT_ERROR), exception: error, exposed: {} };
}

function safeMessage<T>(fn: () => T, action: CompiledAction): T | undefined {
  try {
    return fn();
  } catch (error) {
    report(error instanceof Error ? error : new Error(String(error)), action.name, "message");
    return undefined;
  }
}

function hasCallbacks(action: CompiledAction, outcome: Outcome): boolean {
  if (outcome === "success") return action.onSuccess.length > 0;
  return action.onError.length > 0 || (outcome === "failure" ? action.onFailure.length > 0 : action.onException.length > 0);
}

async function runCallbacks(action: CompiledAction, result: Result<Record<string, unknown>>): Promise<void> {
  const lists =
    result.outcome === "success"
      ? [action.onSuccess]
      : result.outcome === "failure"
        ? [action.onFailure, action.onError]
        : [action.onException, action.onError];
  for (const list of lists) {
    for (const callback of list) {
      try {
        await callback(result as never);
      } catch (error) {
        // A broken callback is a bug worth paging, but it must not rewrite the outcome of the call.
        report(error instanceof Error ? error : new Error(String(error)), action.name, "callback");
      }
    }
  }
}

/**
 * Whether this call needs an execution scope of its own: only when code running inside it could
 * observe one — a span to parent and annotate, an ambient table the body must see filtered to its
 * declared keys (and nested calls inherit), or an explicit empty context hiding an outer one.
 * Skipping it matters on Node 20, where the first `AsyncLocalStorage.run` switches on promise hooks
 * for every promise in the process (a server loses about a fifth of its throughput to them); an
 * anonymous call (`{}`, the transports' default) still opens none.
 */
function needsScope(span: Span | undefined, explicit: unknown, outer: unknown): boolean {
  if (span !== undefined) return true;
  if (!resolvesNothing(explicit !== undefined ? explicit : outer)) return true;
  return explicit !== undefined && !resolvesNothing(outer);
}

export function execute(
  action: CompiledAction,
  rawArgs: unknown,
  options: CallOptions | undefined,
  policy: CallPolicy | undefined,
): Promise<Result<Record<string, unknown>>> {
  // Not `async`: returning `settle`'s promise from an async function would wrap it in another one,
  // costing extra microtask turns on every call. Only reading hostile options (a getter that
  // throws) can throw here, and that too settles as a result: a call never throws or rejects.
  try {
    return openCall(action, rawArgs, options, policy);
  } catch (error) {
    return Promise.resolve(finish(action, settleError(action, error), undefined, performance.now()));
  }
}

function openCall(
  action: CompiledAction,
  rawArgs: unknown,
  options: CallOptions | undefined,
  policy: CallPolicy | undefined,
): Promise<Result<Record<string, unknown>>> {
  const started = performance.now();
  // Options are read before the span opens, so a throwing getter leaves no span behind.
  const explicit = options?.ambientContext;
  const spanAttributes = options?.spanAttributes;
  const outer = outerAmbient();
  const ambient = explicit !== undefined ? explicit : outer;
  const parent = currentExecution();
  const span = startActionSpan(action.name, parent?.span);
  if (spanAttributes !== undefined) span?.setAttributes(spanAttributes);
  const run = () => settle(action, rawArgs, options, policy, ambient, span, started);
  if (!needsScope(span, explicit, outer)) return run();
  const state: ExecutionState = { action: action.name, ambient, visible: action.ambientNames, span, parent };
  return runInExecution(state, run);
}

async function settle(
  action: CompiledAction,
  rawArgs: unknown,
  options: CallOptions | undefined,
  policy: CallPolicy | undefined,
  ambient: unknown,
  span: Span | undefined,
  started: number,
): Promise<Result<Record<string, unknown>>> {
  let settled: Settled;
  const bag: Record<string, unknown> = {};
  try {
    const input = resolveInput(action, rawArgs, ambient, policy);
    let doneReason: Reason | undefined;
    if (action.before.length === 0 && action.after.length === 0 && action.around.length === 0) {
      // No hooks: run the body inline — every promise avoided is an async-hook round trip saved.
      const step = bodyStep(action, input, bag, new BodyContext(action, bag, options?.signal));
      doneReason = isThenable(step) ? await step : step;
    } else doneReason = await runBody(action, input, bag, options?.signal);
    const exposed = validateOutbound(action, bag);
    const message = compose(
      successHeadline(action.messages, exposed),
      doneReason ?? successReasonFor(action.messages, exposed),
      action.messages.join,
      DEFAULT_SUCCESS,
    );
    settled = { ok: true, outcome: "success", message, exception: undefined, exposed };
  } catch (error) {
    settled = settleError(action, error);
  }
  const finished = finish(action, settled, span, started);
  return isThenable(finished) ? await finished : finished;
}

/** The result of a settled call; callbacks run, the span ends, observers are told. */
function finish(
  action: CompiledAction,
  settled: Settled,
  span: Span | undefined,
  started: number,
): Result<Record<string, unknown>> | Promise<Result<Record<string, unknown>>> {
  // One fixed shape, absent members as `undefined`: conditional spreads here cost every call.
  const result = makeResult<Record<string, unknown>>({
    ok: settled.ok,
    outcome: settled.outcome,
    message: settled.message,
    exception: settled.exception,
    exposed: settled.exposed,
    elapsedMs: performance.now() - started,
    action: action.name,
    sensitive: action.sensitiveExposes,
    declared: action.exposeNames,
    source: action.self,
  });
  if (hasCallbacks(action, result.outcome)) return runCallbacks(action, result).then(() => close(action, result, span));
  return close(action, result, span);
}

function close(action: CompiledAction, result: Result<Record<string, unknown>>, span: Span | undefined): Result<Record<string, unknown>> {
  endActionSpan(span, result.outcome);
  // The host's sink, when one observes: the runtime knows no host, only where results go.
  const sink = kernel.resultSink;
  if (sink !== undefined) sink(result, action.self!);
  return result;
}

/** `callOrThrow`: a failure becomes `Failure` (message = `result.error`); an exception is rethrown as is. */
export function throwUnlessOk<R extends Result<Record<string, unknown>>>(result: R): R {
  if (result.ok) return result;
  if (result.outcome === "exception" && result.exception !== undefined) throw result.exception;
  throw new Failure(result.error ?? DEFAULT_ERROR, { action: result.action ?? "action", cause: result.exception });
}
