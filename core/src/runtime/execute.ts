/**
 * One call, start to finish: open its execution scope and span, resolve and validate the inputs
 * (validate.ts), run hooks and the body (body.ts), validate the outputs, and settle the `Result`
 * (settle.ts). Nothing the body does escapes as a throw: failures and exceptions settle into the
 * result. The caller's policy (the Invoker's) applies to this call only.
 */
import { performance } from "node:perf_hooks";
import type { Span } from "@opentelemetry/api";
import type { CallPolicy } from "../action/call-policy.js";
import type { CallOptions } from "../action/types.js";
import type { Result } from "../action/result.js";
import type { CompiledAction } from "./compiled.js";
import { compose, DEFAULT_SUCCESS, successHeadline, successReasonFor, type Reason } from "./messages.js";
import { resolveInput, validateOutbound } from "./validate.js";
import { BodyContext, bodyStep, isThenable, runBody, type ExposedBag } from "./body.js";
import { finish, finishSuccess, settleError } from "./settle.js";
import {
  ambientOf,
  currentExecution,
  outerAmbient,
  runInExecution,
  type ExecutionState,
} from "../context/execution.js";
import { resolvesNothing } from "../context/ambient-source.js";
import { startActionSpan } from "../tracing/span.js";

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
  const settled = settle(action, rawArgs, options, policy);
  return isThenable(settled) ? settled : Promise.resolve(settled);
}

/**
 * `execute` without the promise around a call that settled synchronously (most do): its `Result`
 * itself, else the promise of it. For a transport that hands the result on from its own per-call
 * object: resolving a promise with a `Result` looks its `then` up through the prototype chain on
 * every call (V8's generic property look-up, no inline cache; bench row 5d, callgrind).
 */
export function settle(
  action: CompiledAction,
  rawArgs: unknown,
  options: CallOptions | undefined,
  policy: CallPolicy | undefined,
): Settled {
  // Not `async`: an async function would wrap `runCall`'s outcome in a promise of its own, costing
  // extra microtask turns on every call. Only reading hostile options (a getter that throws) can
  // throw here, and that too settles as a result: a call never throws or rejects.
  try {
    return openCall(action, rawArgs, options, policy);
  } catch (error) {
    return finish(action, settleError(action, error), undefined, performance.now());
  }
}

/** A call's `Result`, or the promise of it when the call did not settle synchronously. */
type Settled = Result<Record<string, unknown>> | Promise<Result<Record<string, unknown>>>;

function openCall(
  action: CompiledAction,
  rawArgs: unknown,
  options: CallOptions | undefined,
  policy: CallPolicy | undefined,
): Settled {
  const started = performance.now();
  // Options are read before the span opens (startActionSpan reads `spanAttributes` and
  // `traceContext` first, and only when tracing is on), so a throwing getter leaves no span behind.
  const explicit = options?.ambientContext;
  // One read of the execution storage: the enclosing action (the span's parent) and, through it, the ambient context.
  const parent = currentExecution();
  const outer = ambientOf(parent);
  const ambient = explicit !== undefined ? explicit : outer;
  const span = startActionSpan(action.name, parent?.span, options);
  if (!needsScope(span, explicit, outer)) return runCall(action, rawArgs, options, policy, ambient, span, started);
  const state: ExecutionState = { action: action.name, ambient, visible: action.ambientNames, span, parent };
  return runInExecution(state, () => runCall(action, rawArgs, options, policy, ambient, span, started));
}

/**
 * The checks a call passes before any hook or body runs — the caller's access gate, then the
 * inputs (resolved, coerced and validated as the call would) — without running it: `undefined`
 * when the call would start, else the refusal settled as the very `Result` the call would return
 * (reported to the host's observers the same way). What a transport asks before it enqueues a
 * caller's call (`Jobs.submit`), so a job that would be refused is never stored.
 */
export function precheck(
  action: CompiledAction,
  rawArgs: unknown,
  options: CallOptions | undefined,
  policy: CallPolicy | undefined,
): Promise<Result<Record<string, unknown>> | undefined> {
  const started = performance.now();
  const refused = inputRefusal(action, rawArgs, options, policy);
  if (refused === undefined) return Promise.resolve(undefined);
  return Promise.resolve(finish(action, settleError(action, refused), undefined, started));
}

/** What `precheck` checks, as the error the call would be refused with (not settled, not reported), or `undefined`. */
export function inputRefusal(
  action: CompiledAction,
  rawArgs: unknown,
  options: CallOptions | undefined,
  policy: CallPolicy | undefined,
): unknown {
  try {
    const ambient = options?.ambientContext !== undefined ? options.ambientContext : outerAmbient();
    const refused = policy?.access?.(action.self!, ambient);
    if (refused !== undefined) return refused;
    resolveInput(action, rawArgs, ambient, policy);
    return undefined;
  } catch (error) {
    return error ?? new Error("the input check threw undefined");
  }
}

/** No error thrown (anything else, `undefined` included, may be). */
const NONE: unique symbol = Symbol("none");

/**
 * The call from its access gate to its `Result`. Not `async`: a body that returns synchronously
 * (most do) settles the whole call synchronously, its result handed over as it is, without
 * an async function's promise and frame per call (bench: row 1); only a body returning a promise
 * (or hooks) continues in `afterBody`. Whatever the body or a check throws settles as the result;
 * only a throw while finishing (a host's result sink) rejects, as an async function would.
 */
function runCall(
  action: CompiledAction,
  rawArgs: unknown,
  options: CallOptions | undefined,
  policy: CallPolicy | undefined,
  ambient: unknown,
  span: Span | undefined,
  started: number,
): Settled {
  const bag: ExposedBag = new Array(action.exposes.length);
  let step: Reason | undefined | PromiseLike<Reason | undefined>;
  let failed: unknown = NONE;
  try {
    // The caller's access gate first: a refused caller learns nothing from input validation, and
    // no hook or body runs for it.
    const refused = policy?.access?.(action.self!, ambient);
    if (refused !== undefined) throw refused;
    const input = resolveInput(action, rawArgs, ambient, policy);
    // No hooks: run the body inline — every promise avoided is an async-hook round trip saved.
    step =
      action.before.length === 0 && action.after.length === 0 && action.around.length === 0
        ? bodyStep(action, input, bag, new BodyContext(action, bag, options))
        : runBody(action, input, bag, options);
  } catch (error) {
    failed = error;
  }
  if (failed === NONE && isThenable(step)) return afterBody(action, step, bag, span, started);
  try {
    return failed === NONE
      ? conclude(action, step as Reason | undefined, bag, span, started)
      : finish(action, settleError(action, failed), span, started);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A body (or its hooks) that returned a promise: awaited, then concluded as a synchronous one is. */
async function afterBody(
  action: CompiledAction,
  step: PromiseLike<Reason | undefined>,
  bag: ExposedBag,
  span: Span | undefined,
  started: number,
): Promise<Result<Record<string, unknown>>> {
  let doneReason: Reason | undefined;
  try {
    doneReason = await step;
  } catch (error) {
    return finish(action, settleError(action, error), span, started);
  }
  return conclude(action, doneReason, bag, span, started);
}

/** After the body: the exposes validated, the success message composed, the result finished. */
function conclude(
  action: CompiledAction,
  doneReason: Reason | undefined,
  bag: ExposedBag,
  span: Span | undefined,
  started: number,
): Result<Record<string, unknown>> | Promise<Result<Record<string, unknown>>> {
  let message: string;
  let exposed: Record<string, unknown>;
  try {
    exposed = validateOutbound(action, bag);
    message =
      doneReason === undefined && action.staticSuccess !== undefined
        ? action.staticSuccess
        : compose(
            successHeadline(action.messages, exposed),
            doneReason ?? successReasonFor(action.messages, exposed),
            action.messages.join,
            DEFAULT_SUCCESS,
          );
  } catch (error) {
    return finish(action, settleError(action, error), span, started);
  }
  return finishSuccess(action, message, exposed, span, started);
}
