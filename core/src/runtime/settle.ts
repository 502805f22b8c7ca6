/**
 * How a call ends: whatever the body threw settles as a failure (`fail`, a `Failure`, a user-facing
 * inbound refusal, a `failsOn` match) or an exception (reported once), with its composed message;
 * then the `Result` is built, callbacks run, the span ends and the host's result sink is told.
 */
import { performance } from "node:perf_hooks";
import type { Span } from "@opentelemetry/api";
import { Result, type Outcome } from "../action/result.js";
import type { CompiledAction } from "./compiled.js";
import { compose, DEFAULT_ERROR, errorHeadline, errorReasonFor } from "./messages.js";
import { Settle } from "./body.js";
import { Failure } from "../errors/failure.js";
import { InboundValidationError, ValidationError } from "../errors/validation.js";
import { AccessDeniedError } from "../access/access-denied.js";
import { reportException } from "../options/global.js";
import { endActionSpan } from "../tracing/span.js";
import { kernel } from "../kernel/state.js";

/** Sends an exception to the global `onException`, which fires once per error: at the innermost action. */
function report(error: Error, action: string, phase: string): void {
  reportException(error, { action, phase });
}

export interface Settled {
  ok: boolean;
  outcome: Outcome;
  message: string;
  exception: Error | undefined;
  exposed: Record<string, unknown>;
}

export function settleError(action: CompiledAction, thrown: unknown): Settled {
  const messages = action.messages;
  if (thrown instanceof Settle) {
    const failure = new Failure("", { action: action.name });
    const message = compose(errorHeadline(messages, failure), thrown.reason, messages.join, DEFAULT_ERROR);
    Object.defineProperty(failure, "message", { value: message });
    return { ok: false, outcome: "failure", message, exception: failure, exposed: {} };
  }
  const error = thrown instanceof Error ? thrown : new Error(`Non-error thrown: ${typeof thrown}`);
  // A refusal is the gate's own sentence for the caller, not the action's failure: no headline.
  if (error instanceof AccessDeniedError)
    return { ok: false, outcome: "failure", message: error.message, exception: error, exposed: {} };
  const headline = safeMessage(() => errorHeadline(messages, error), action);
  let reason = safeMessage(() => errorReasonFor(messages, error), action);
  if (error instanceof Failure) {
    // A nested callOrThrow's failure is owned: its message is meant for the client, one level down.
    reason ??= { text: error.message, standalone: false };
    return {
      ok: false,
      outcome: "failure",
      message: compose(headline, reason, messages.join, DEFAULT_ERROR),
      exception: error,
      exposed: {},
    };
  }
  if (error instanceof ValidationError && error.userFacing && error instanceof InboundValidationError) {
    reason ??= { text: error.message, standalone: false };
    return {
      ok: false,
      outcome: "failure",
      message: compose(headline, reason, messages.join, DEFAULT_ERROR),
      exception: error,
      exposed: {},
    };
  }
  if (action.failsOn.some((matches) => matches(error))) {
    return {
      ok: false,
      outcome: "failure",
      message: compose(headline, reason, messages.join, DEFAULT_ERROR),
      exception: error,
      exposed: {},
    };
  }
  report(error, action.name, error instanceof ValidationError ? "validation" : "call");
  return {
    ok: false,
    outcome: "exception",
    message: compose(headline, reason, messages.join, DEFAULT_ERROR),
    exception: error,
    exposed: {},
  };
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
  return (
    action.onError.length > 0 || (outcome === "failure" ? action.onFailure.length > 0 : action.onException.length > 0)
  );
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

/** `finish` for a success, without the `Settled` record a success never needs. */
export function finishSuccess(
  action: CompiledAction,
  message: string,
  exposed: Record<string, unknown>,
  span: Span | undefined,
  started: number,
): Result<Record<string, unknown>> | Promise<Result<Record<string, unknown>>> {
  const result = actionResult(action, true, "success", message, undefined, exposed, started);
  if (action.onSuccess.length > 0) return runCallbacks(action, result).then(() => close(action, result, span));
  return close(action, result, span);
}

/** The result of a settled call; callbacks run, the span ends, observers are told. */
export function finish(
  action: CompiledAction,
  settled: Settled,
  span: Span | undefined,
  started: number,
): Result<Record<string, unknown>> | Promise<Result<Record<string, unknown>>> {
  const result = actionResult(
    action,
    settled.ok,
    settled.outcome,
    settled.message,
    settled.exception,
    settled.exposed,
    started,
  );
  // A refused call never ran: the action's own callbacks are not told; the host's observers are.
  if (hasCallbacks(action, result.outcome) && !(settled.exception instanceof AccessDeniedError))
    return runCallbacks(action, result).then(() => close(action, result, span));
  return close(action, result, span);
}

/**
 * The call's `Result`, for `finish` and `finishSuccess` alike. Positional, so a success needs no
 * `Settled` record; one fixed shape, absent members as `undefined` (conditional spreads cost every call).
 */
function actionResult(
  action: CompiledAction,
  ok: boolean,
  outcome: Settled["outcome"],
  message: string,
  exception: Settled["exception"],
  exposed: Settled["exposed"],
  started: number,
): Result<Record<string, unknown>> {
  return new Result<Record<string, unknown>>(
    ok,
    outcome,
    message,
    exception,
    exposed,
    performance.now() - started,
    action.name,
    action.sensitiveExposes,
    action.exposeNames,
    action.self,
    action.copyExposed,
  ) as Result<Record<string, unknown>>;
}

function close(
  action: CompiledAction,
  result: Result<Record<string, unknown>>,
  span: Span | undefined,
): Result<Record<string, unknown>> {
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
