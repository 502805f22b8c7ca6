/**
 * A worker's side of a job: find the action by name, run it the way a direct call runs — the same
 * validation, hooks, callbacks and `onException` report — with the ambient context the job
 * carries, under a span parented on the enqueuer's, and settle the outcome in its stored form.
 * A business failure is a settled job; an exception asks for a retry (the backend decides whether
 * attempts remain).
 */
import { internalsOf } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import type { LiveChannel } from "../action/live.js";
import { makeResult, type Result } from "../action/result.js";
import type { JsonValue } from "../schema/json-schema-types.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { reportException } from "../options/global.js";
import { ambientOf, currentExecution, runInExecution } from "../context/execution.js";
import { resolvesNothing } from "../context/ambient-source.js";
import { kernel } from "../kernel/state.js";
import { render } from "../render/values.js";
import { Invoker } from "../invoke/invoker.js";
import type { JobAttempt, JobPayload, SettledJob } from "./backend.js";
import { remoteParent } from "../tracing/remote-parent.js";

/** The message a job settles with when the worker itself cannot run it (the cause is reported). */
const JOB_UNRUNNABLE_MESSAGE = "Something went wrong";

/** The message of a job whose run ended on a question (`SettledJob.asked` holds the rest). */
const JOB_ASKED_MESSAGE = "Input required: the caller was asked, and the call runs again with the answers";

/** The defined action with this name, as the worker process loaded it. */
export function actionNamed(name: string): AnyAxn | undefined {
  return kernel.catalog.actions.find((action) => action.name === name);
}

function isPayload(value: unknown): value is JobPayload {
  if (typeof value !== "object" || value === null) return false;
  const payload = value as Partial<JobPayload>;
  return typeof payload.action === "string" && typeof payload.args === "object" && typeof payload.ambient === "object";
}

function unrunnable(error: AxnError, action: string): JobAttempt {
  reportException(error, { action, phase: "job" });
  return {
    retry: true,
    settled: { ok: false, outcome: "exception", message: JOB_UNRUNNABLE_MESSAGE, exposed: {}, elapsedMs: 0 },
  };
}

/** The settled form of a result: exposed values rendered to JSON (they go to Redis or a client). */
function settledForm(result: Result<Record<string, unknown>>): SettledJob {
  if (!result.ok) {
    const fieldErrors = Invoker.inputInvalid(result)
      ? Invoker.fieldErrors(result).map(({ field, message }) => ({ field, message }))
      : undefined;
    return {
      ok: false,
      outcome: result.outcome,
      message: result.message,
      exposed: {},
      elapsedMs: result.elapsedMs,
      ...(fieldErrors === undefined ? {} : { fieldErrors }),
    };
  }
  return {
    ok: true,
    outcome: result.outcome,
    message: result.message,
    exposed: render(result),
    elapsedMs: result.elapsedMs,
  };
}

/** The worker's signal as the lazy form the asking runner takes. */
function signalOf(signal: AbortSignal | (() => AbortSignal) | undefined): (() => AbortSignal) | undefined {
  if (signal === undefined || typeof signal === "function") return signal;
  return () => signal;
}

/** What a run that ended on a question stands as until it settles (never seen by a caller). */
function askedResult(action: string): Result<Record<string, unknown>> {
  return makeResult({
    ok: false,
    outcome: "failure",
    message: JOB_ASKED_MESSAGE,
    exposed: {},
    elapsedMs: 0,
    action,
  }) as Result<Record<string, unknown>>;
}

/** Runs one attempt of a job. Never throws. */
export async function runJob(
  payload: unknown,
  options: { readonly signal?: AbortSignal | (() => AbortSignal); readonly live?: LiveChannel | undefined } = {},
): Promise<JobAttempt> {
  if (!isPayload(payload)) {
    return unrunnable(
      new AxnError(
        ErrorCodes.JobInvalid,
        "A job reached the worker without an axn payload ({ action, args, ambient }); was it enqueued by something other than A.enqueue?",
      ),
      "(unknown)",
    );
  }
  const action = actionNamed(payload.action);
  if (action === undefined) {
    return unrunnable(
      new AxnError(
        ErrorCodes.JobInvalid,
        `No action named "${payload.action}" is defined in this worker process; the worker must load the module that ` +
          `defines it (put it under a tool root of the app's config, or import it from the config file)`,
      ),
      payload.action,
    );
  }
  const callOptions = {
    ambientContext: payload.ambient,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.live === undefined ? {} : { live: options.live }),
  };
  const invoke = (options: typeof callOptions) =>
    payload.invoker === undefined
      ? internalsOf(action).execute(payload.args, options, undefined)
      : new Invoker(payload.invoker).call(action, payload.args, options);
  let asked: { readonly asked: JsonValue } | undefined;
  let call = (): Promise<Result<Record<string, unknown>>> => invoke(callOptions);
  if (payload.asking !== undefined) {
    const runner = kernel.queue.asking;
    if (runner === undefined) {
      return unrunnable(
        new AxnError(
          ErrorCodes.JobInvalid,
          `Job of "${payload.action}" may ask its caller, but no asking runner is installed in this worker process; ` +
            `the worker must load the plugin that submitted it (list it under plugins in the app's config)`,
        ),
        payload.action,
      );
    }
    const asking = payload.asking;
    call = async () => {
      const outcome = await runner(asking, options.live, signalOf(options.signal), (live, signal) =>
        invoke({ ...callOptions, live, signal }),
      );
      if ("result" in outcome) return outcome.result;
      asked = outcome;
      return askedResult(payload.action);
    };
  }
  const span = remoteParent(payload.traceparent);
  // A scope of the job's own parents its span on the enqueuer's, and cuts the job off from any
  // execution or `Current.run` it was started inside (the embedded queue runs a job from the
  // enqueuing call's async context; the ambient table itself is already hidden by the call's
  // explicit one). With neither a span nor such a context there is nothing to parent or cut off, and
  // no scope is opened: on Node 20 the first one switches on promise hooks for every promise of the
  // worker process, BullMQ's and ioredis's included (bench row 22's finding).
  const enclosing = currentExecution();
  const isolated = span === undefined && enclosing === undefined && resolvesNothing(ambientOf(enclosing));
  const result = await (isolated
    ? call()
    : runInExecution({ action: payload.action, ambient: undefined, visible: [], span, parent: undefined }, call));
  // Ended on a question: a settled job for the transport to answer, never retried.
  if (asked !== undefined) return { retry: false, settled: { ...settledForm(result), asked: asked.asked } };
  try {
    return { retry: result.outcome === "exception", settled: settledForm(result) };
  } catch (error) {
    // The body succeeded but exposed a value with no JSON form: the same outcome every attempt.
    reportException(error, { action: payload.action, phase: "job result" });
    return {
      retry: false,
      settled: {
        ok: false,
        outcome: "exception",
        message: JOB_UNRUNNABLE_MESSAGE,
        exposed: {},
        elapsedMs: result.elapsedMs,
      },
    };
  }
}
