/**
 * `toolPipeline`: the tool call every adapter makes, built once per wrapped tool. Each call runs
 * the action through the shared tool Invoker profile with the caller's trusted ambient context
 * (`{}` when none is given — never whatever `Current` context surrounds the server) and abort
 * signal, then maps the result under the response guard: `success(result)` for a success, and
 * `failure({ error, fieldErrors? }, kind)` for a failure. A mapping that throws is reported
 * (phase `"adapter response"`), rethrown in development, and otherwise answered with
 * `failure({ error: ADAPTER_FAILURE_MESSAGE }, "adapter")`. The call itself is never guarded: it
 * reports its own exceptions.
 *
 * Every call has a deadline, `serve.callTimeoutMs` (overridable per action): past it the action's
 * signal is aborted and the caller is answered `failure({ error: "Tool <name> timed out after <n>
 * ms" }, "timeout")` at once, whether or not the body honours its signal (a disconnect is not a
 * cancellation in MCP, so without a deadline an abandoned call would run for ever). A body still
 * running then is handed to `call.onOverdue`, for the transport's concurrency cap.
 *
 * @example
 * ```ts
 * const run = toolPipeline(action, {
 *   success: (result) => ({ ok: true, content: serializeExposed(config, result) }),
 *   failure: (failure) => ({ ok: false, ...failure }),
 * });
 * await run(modelArgs, { ambientContext: { userId: session.userId }, signal });
 * ```
 */
import type { AmbientContextSource, AnyAxn, InvokeOptions, Result } from "@axn/core";
import { NO_AMBIENT } from "./no-ambient.js";
import { servingConfig } from "../serving/settings.js";
import {
  ADAPTER_FAILURE,
  timeoutMessage,
  toolFailureKind,
  toolFailureOf,
  type ToolFailure,
  type ToolFailureKind,
} from "./failure.js";
import { cancelDeadline, startDeadline } from "./deadline.js";
import { isThenable, RESPONSE_PHASE } from "./guard.js";
import { reportAdapterError } from "./report-error.js";
import { toolInvoker } from "./tool-invoker.js";

export interface ToolMapping<S, F> {
  /** A successful result → the adapter's success payload. May be async. */
  readonly success: (result: Result<Record<string, unknown>>) => S | PromiseLike<S>;
  /** A failure → the adapter's error response. Must not throw: it also answers a failed mapping. */
  readonly failure: (failure: ToolFailure, kind: ToolFailureKind) => F;
}

/**
 * One call's options: the trusted ambient context (from the transport's server side, never the
 * arguments), the abort signal (or a function building it on first use), span attributes and the
 * caller's trace context (both read only when tracing is on, so getters may build them), and
 * `onOverdue`: told, when the call is answered at its deadline while its body (ignoring its
 * signal) still runs, the promise of that body's end — so a transport keeps counting the call
 * against its concurrency cap until the work is actually over, and abandoned work cannot pile up
 * past the cap.
 */
export interface ToolCallOptions extends InvokeOptions {
  readonly onOverdue?: ((settled: Promise<void>) => void) | undefined;
}

/** Runs one tool call with model-supplied `args`. Never rejects, except for a mapping fault in development. */
export type ToolPipeline<R> = (args: unknown, call?: ToolCallOptions) => Promise<R>;

const NO_CALL: ToolCallOptions = Object.freeze({ ambientContext: NO_AMBIENT });

export interface ToolPipelineOptions {
  /** How the timeout message names the tool (default the action's name). */
  readonly toolName?: string;
}

export function toolPipeline<S, F>(
  action: AnyAxn,
  mapping: ToolMapping<S, F>,
  pipelineOptions: ToolPipelineOptions = {},
): ToolPipeline<S | F> {
  const { success, failure } = mapping;
  if (typeof success !== "function" || typeof failure !== "function") {
    throw new TypeError(`toolPipeline(${action.name}): the mapping needs a success and a failure function`);
  }
  const toolName = pipelineOptions.toolName ?? action.name ?? "(anonymous)";
  // A mapping that throws or rejects: reported, then the generic failure (or, in development, the
  // report's rethrow rejects the call).
  const mappingFailed = (error: unknown, resolve: (answer: S | F) => void, reject: (error: unknown) => void): void => {
    try {
      reportAdapterError(action, RESPONSE_PHASE, error);
      resolve(failure(ADAPTER_FAILURE, "adapter"));
    } catch (rethrown) {
      reject(rethrown);
    }
  };
  // One promise per call, settled by whichever comes first — the call's result or its deadline —
  // rather than an async function awaiting a race promise awaiting the call (three promises and
  // their turns on every call, with no deadline anywhere near).
  return (args, call = NO_CALL) =>
    new Promise<S | F>((resolve, reject) => {
      const timeoutMs = servingConfig.resolveOverrideFor(action, "callTimeoutMs");
      const deadline = new Deadline(timeoutMs, call.signal);
      const running = toolInvoker.call(action, args, new DeadlineCallOptions(call, deadline));
      let timedOut = false;
      // One shared timer per duration (deadline.ts), not a setTimeout per call.
      const pending = startDeadline(timeoutMs, () => {
        timedOut = true;
        // Run from the shared timer: whatever throws here rejects this call, not the timer.
        try {
          deadline.expire();
          call.onOverdue?.(running.then(ignore, ignore));
          resolve(failure({ error: timeoutMessage(toolName, timeoutMs) }, "timeout"));
        } catch (error) {
          reject(error);
        }
      });
      running.then(
        (result) => {
          // Answered at its deadline already: a late result is not mapped.
          if (timedOut) return;
          cancelDeadline(pending);
          try {
            if (!result.ok) return resolve(failure(toolFailureOf(result), toolFailureKind(result)));
            const value = success(result);
            if (isThenable(value)) value.then(resolve, (error: unknown) => mappingFailed(error, resolve, reject));
            else resolve(value);
          } catch (error) {
            mappingFailed(error, resolve, reject);
          }
        },
        (error: unknown) => {
          cancelDeadline(pending);
          reject(error);
        },
      );
    });
}

const ignore = (): void => undefined;

/**
 * The caller's options with the deadline's signal. Read through, never spread: a transport may
 * hand a class whose `live` is a getter built on first use (a spread would not copy it, or would
 * build it for every call).
 */
class DeadlineCallOptions implements ToolCallOptions {
  readonly #call: ToolCallOptions;
  readonly ambientContext: AmbientContextSource;
  readonly signal: () => AbortSignal;

  constructor(call: ToolCallOptions, deadline: Deadline) {
    this.#call = call;
    // An explicit context always: an omitted one must not fall back to the server's ambient state.
    this.ambientContext = call.ambientContext ?? NO_AMBIENT;
    this.signal = deadline.signal;
  }

  get spanAttributes(): ToolCallOptions["spanAttributes"] {
    return this.#call.spanAttributes;
  }

  get traceContext(): ToolCallOptions["traceContext"] {
    return this.#call.traceContext;
  }

  get live(): ToolCallOptions["live"] {
    return this.#call.live;
  }
}

/**
 * One call's deadline. The signal handed to the action is built only if the body asks for it
 * (the Invoker takes it lazily): it aborts when the caller's does or when the deadline passes.
 */
class Deadline {
  readonly #ms: number;
  readonly #caller: ToolCallOptions["signal"];
  #controller: AbortController | undefined;
  #expired = false;

  constructor(ms: number, caller: ToolCallOptions["signal"]) {
    this.#ms = ms;
    this.#caller = caller;
  }

  readonly signal = (): AbortSignal => {
    const controller = (this.#controller ??= new AbortController());
    if (this.#expired && !controller.signal.aborted) controller.abort(this.#reason());
    const caller = typeof this.#caller === "function" ? this.#caller() : this.#caller;
    return caller === undefined ? controller.signal : AbortSignal.any([caller, controller.signal]);
  };

  /** The deadline passed: the signal, if the body asked for it, aborts (and a later ask gets it aborted). */
  expire(): void {
    this.#expired = true;
    this.#controller?.abort(this.#reason());
  }

  #reason(): Error {
    return new DOMException(`the call ran past its ${this.#ms} ms timeout`, "TimeoutError");
  }
}
