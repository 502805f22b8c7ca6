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
import { settledCall } from "@axn/core/internal";
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
import { cancelDeadline, startDeadline, type OnExpired } from "./deadline.js";
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

/** What a call that settled synchronously is answered after: one turn, as its result's promise took. */
const SETTLED: Promise<void> = Promise.resolve();

export interface ToolPipelineOptions {
  /** How the timeout message names the tool (default the action's name). */
  readonly toolName?: string;
}

export function toolPipeline<S, F>(
  action: AnyAxn,
  mapping: ToolMapping<S, F>,
  pipelineOptions: ToolPipelineOptions = {},
): ToolPipeline<S | F> {
  const shape = callShape(action, mapping, pipelineOptions);
  // One promise per call, settled by whichever comes first — the call's result or its deadline —
  // rather than an async function awaiting a race promise awaiting the call (three promises and
  // their turns on every call, with no deadline anywhere near). The call is its own receiver,
  // holding the promise's resolvers: no receiver object per call.
  return (args, call = NO_CALL) => {
    try {
      const running = new PipelineCall(shape, call, undefined);
      const answer = new Promise<S | F>((resolve, reject) => running.settles(resolve, reject));
      running.start(args);
      return answer;
    } catch (error) {
      // Rejected, not thrown, as from inside an executor: a caller's options whose getter throws.
      return Promise.reject(error);
    }
  };
}

/** Told how one call settled, once: its answer, or the mapping fault rethrown in development. */
export interface CallReceiver<T> {
  answered(answer: T): void;
  failed(error: unknown): void;
}

/**
 * A `toolPipeline` that tells `receiver` instead of returning a promise: for a transport that
 * answers from its own per-call object on the hot path (the HTTP API), where the promise and its
 * resolvers were a share of every call. `receiver` must not throw.
 */
export type ToolPipelineInto<R> = (args: unknown, call: ToolCallOptions, receiver: CallReceiver<R>) => void;

/** `toolPipeline`'s call, told to a receiver: the same deadline, mapping and guard. */
export function toolPipelineInto<S, F>(
  action: AnyAxn,
  mapping: ToolMapping<S, F>,
  pipelineOptions: ToolPipelineOptions = {},
): ToolPipelineInto<S | F> {
  const shape = callShape(action, mapping, pipelineOptions);
  return (args, call, receiver) => new PipelineCall(shape, call, receiver).start(args);
}

function callShape<S, F>(
  action: AnyAxn,
  mapping: ToolMapping<S, F>,
  pipelineOptions: ToolPipelineOptions,
): CallShape<S, F> {
  const { success, failure } = mapping;
  if (typeof success !== "function" || typeof failure !== "function") {
    throw new TypeError(`toolPipeline(${action.name}): the mapping needs a success and a failure function`);
  }
  const toolName = pipelineOptions.toolName ?? action.name ?? "(anonymous)";
  // A mapping that throws or rejects: reported, then the generic failure (or, in development, the
  // report's rethrow fails the call).
  const mappingFailed = (error: unknown, receiver: CallReceiver<S | F>): void => {
    let answer: S | F;
    try {
      reportAdapterError(action, RESPONSE_PHASE, error);
      answer = failure(ADAPTER_FAILURE, "adapter");
    } catch (rethrown) {
      receiver.failed(rethrown);
      return;
    }
    receiver.answered(answer);
  };
  return { action, toolName, success, failure, mappingFailed };
}

const ignore = (): void => undefined;

/** What every call of one pipeline shares: the action, how the timeout names it, the mapping. */
interface CallShape<S, F> {
  readonly action: AnyAxn;
  readonly toolName: string;
  readonly success: ToolMapping<S, F>["success"];
  readonly failure: ToolMapping<S, F>["failure"];
  readonly mappingFailed: (error: unknown, receiver: CallReceiver<S | F>) => void;
}

/**
 * One call: the options the Invoker reads (the caller's, with the deadline's signal), its node in
 * the deadline's queue (`expired`), and whom it tells how it settled — its receiver, or (the
 * promise form) itself, settling its promise — one object per call where the deadline, the options,
 * the expiry callback and the promise's receiver were four. The caller's options are read through,
 * never spread: a transport may hand a class whose `live` is a getter built on first use (a spread
 * would not copy it, or would build it for every call). Its fields are TypeScript-private, not
 * `#private`: V8 defines each `#field` through an IC call as the object is built, and one is built
 * per call (bench row 4g, callgrind).
 */
class PipelineCall<S, F> implements ToolCallOptions, OnExpired, CallReceiver<S | F> {
  readonly ambientContext: AmbientContextSource;
  private readonly shape: CallShape<S, F>;
  private readonly call: ToolCallOptions;
  /** The deadline, resolved only for a call that did not settle synchronously (the only kind that has one). */
  private ms = 0;
  private readonly receiver: CallReceiver<S | F>;
  private resolve: ((answer: S | F) => void) | undefined = undefined;
  private reject: ((error: unknown) => void) | undefined = undefined;
  private controller: AbortController | undefined = undefined;
  private overdue = false;
  private running: Promise<Result<Record<string, unknown>>> | undefined = undefined;
  private pending: ReturnType<typeof startDeadline> | undefined = undefined;

  /** `receiver` undefined: the call settles the promise whose resolvers `settles` hands it. */
  constructor(shape: CallShape<S, F>, call: ToolCallOptions, receiver: CallReceiver<S | F> | undefined) {
    this.shape = shape;
    this.call = call;
    // An explicit context always: an omitted one must not fall back to the server's ambient state.
    this.ambientContext = call.ambientContext ?? NO_AMBIENT;
    this.receiver = receiver ?? this;
  }

  settles(resolve: (answer: S | F) => void, reject: (error: unknown) => void): void {
    this.resolve = resolve;
    this.reject = reject;
  }

  answered(answer: S | F): void {
    this.resolve!(answer);
  }

  failed(error: unknown): void {
    this.reject!(error);
  }

  start(args: unknown): void {
    const running = settledCall(toolInvoker, this.shape.action, args, this);
    if (!isThenable(running)) {
      // Settled already, so no deadline can pass before it is answered: none is started (nor its
      // setting resolved), and the answer comes one turn later, as the `Result`'s promise would
      // have brought it — without resolving a promise with the `Result` (V8 looks its `then` up
      // through the prototype chain without an inline cache), two closures and a reaction.
      void SETTLED.then(() => this.answer(running));
      return;
    }
    this.running = running;
    this.ms = servingConfig.resolveOverrideFor(this.shape.action, "callTimeoutMs");
    // One shared timer per duration (deadline.ts), not a setTimeout per call.
    this.pending = startDeadline(this.ms, this);
    running.then(
      (result) => this.answer(result),
      (error: unknown) => {
        cancelDeadline(this.pending!);
        this.receiver.failed(error);
      },
    );
  }

  /**
   * The action's signal, built only if the body asks for it (the Invoker takes it lazily): it
   * aborts when the caller's does or when the deadline passes. A function of its own, not a
   * method: core calls it detached.
   */
  readonly signal = (): AbortSignal => {
    const controller = (this.controller ??= new AbortController());
    if (this.overdue && !controller.signal.aborted) controller.abort(this.reason());
    // Called on the caller's options, never detached: a transport's per-call options may have it as a method.
    const caller = typeof this.call.signal === "function" ? this.call.signal() : this.call.signal;
    return caller === undefined ? controller.signal : AbortSignal.any([caller, controller.signal]);
  };

  get spanAttributes(): ToolCallOptions["spanAttributes"] {
    return this.call.spanAttributes;
  }

  get traceContext(): ToolCallOptions["traceContext"] {
    return this.call.traceContext;
  }

  get live(): ToolCallOptions["live"] {
    return this.call.live;
  }

  /** The deadline passed: the signal, if the body asked for it, aborts (and a later ask gets it aborted). */
  expired(): void {
    this.overdue = true;
    let answer: S | F;
    // Run from the shared timer: whatever throws here rejects this call, not the timer.
    try {
      this.controller?.abort(this.reason());
      // On the options too (a method there, as `signal`).
      this.call.onOverdue?.(this.running!.then(ignore, ignore));
      const { failure, toolName } = this.shape;
      answer = failure({ error: timeoutMessage(toolName, this.ms) }, "timeout");
    } catch (error) {
      this.receiver.failed(error);
      return;
    }
    this.receiver.answered(answer);
  }

  private answer(result: Result<Record<string, unknown>>): void {
    // Answered at its deadline already: a late result is not mapped.
    if (this.overdue) return;
    if (this.pending !== undefined) cancelDeadline(this.pending);
    const { success, failure, mappingFailed } = this.shape;
    const receiver = this.receiver;
    let answer: S | F;
    try {
      if (!result.ok) answer = failure(toolFailureOf(result), toolFailureKind(result));
      else {
        const value = success(result);
        if (isThenable(value)) {
          value.then(
            (mapped) => receiver.answered(mapped),
            (error: unknown) => mappingFailed(error, receiver),
          );
          return;
        }
        answer = value;
      }
    } catch (error) {
      mappingFailed(error, receiver);
      return;
    }
    // Outside the guard: the receiver is told once, and a receiver's own fault is not the mapping's.
    receiver.answered(answer);
  }

  private reason(): Error {
    return new DOMException(`the call ran past its ${this.ms} ms timeout`, "TimeoutError");
  }
}
