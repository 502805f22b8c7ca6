/**
 * `toolPipeline`: the tool call every adapter makes, built once per wrapped tool. Each call runs
 * the action through the shared tool Invoker profile with the caller's trusted ambient context
 * (`{}` when none is given — never whatever `Current` context surrounds the server) and abort
 * signal, then maps the result under the response guard: `success(result)` for a success, and
 * `failure({ error, fieldErrors? }, kind)` for a failure. A mapping that throws is reported
 * (phase `"adapter response"`), rethrown in development, and otherwise answered with
 * `failure({ error: ADAPTER_FAILURE_MESSAGE }, "adapter")`. The call itself is never guarded: it
 * reports its own exceptions. Nothing is allocated per call beyond what the caller passes in and
 * what its mappings build.
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
import { ADAPTER_FAILURE, toolFailureKind, toolFailureOf, type ToolFailure, type ToolFailureKind } from "./failure.js";
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
 * arguments), the abort signal (or a function building it on first use), span attributes.
 */
export type ToolCallOptions = InvokeOptions;

/** Runs one tool call with model-supplied `args`. Never rejects, except for a mapping fault in development. */
export type ToolPipeline<R> = (args: unknown, call?: ToolCallOptions) => Promise<R>;

const NO_AMBIENT: AmbientContextSource = Object.freeze({});
const NO_CALL: ToolCallOptions = Object.freeze({ ambientContext: NO_AMBIENT });

export function toolPipeline<S, F>(action: AnyAxn, mapping: ToolMapping<S, F>): ToolPipeline<S | F> {
  const { success, failure } = mapping;
  if (typeof success !== "function" || typeof failure !== "function") {
    throw new TypeError(`toolPipeline(${action.name}): the mapping needs a success and a failure function`);
  }
  return async (args, call = NO_CALL) => {
    // An explicit context always: an omitted one must not fall back to the server's ambient state.
    const options = call.ambientContext === undefined ? { ...call, ambientContext: NO_AMBIENT } : call;
    const result = await toolInvoker.call(action, args, options);
    try {
      if (!result.ok) return failure(toolFailureOf(result), toolFailureKind(result));
      const value = success(result);
      return isThenable(value) ? await value : value;
    } catch (error) {
      reportAdapterError(action, RESPONSE_PHASE, error);
      return failure(ADAPTER_FAILURE, "adapter");
    }
  };
}
