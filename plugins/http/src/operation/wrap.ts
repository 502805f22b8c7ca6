/**
 * `wrap(action)`: one action version → an `HttpOperation`, the descriptor the app routes
 * (`POST {basePath}/{tool}/v{n}`) and the OpenAPI document describes. The descriptor reads only
 * the action's public reflection (`toolName("http")`, `toolVersion`, `inputSchema`,
 * `outputSchema`, `semanticHints`, `description`) and never changes the action. `invoke` is the
 * tool pipeline (the shared Invoker profile, then the guarded mapping to a status and body); the
 * HTTP pipeline in front of it (access, content type, body limit, parsing, the call cap) is
 * pipeline/answer-tool-call.ts, which both listeners (the hono app, the Node fast path) call.
 * (`tools()` comes with the plugin: see plugin.ts.)
 *
 * @example
 * ```ts
 * const op = HttpAdapter.wrap(ApproveLoanV2);
 * op.route;        // "/approve_loan/v2"
 * op.operationId;  // "approve_loan_v2"
 * const reply = await op.invoke({ amount: 100 }, { ambientContext: { userId: "u1" } }); // { status, body }
 * ```
 */
import type { AmbientContextSource, AnyAxn, CallOptions, JsonSchema } from "@axn/core";
import { resolveToolName, toolPipeline, toolPipelineInto, type ToolPipelineInto } from "@axn/sdk/adapter";
import { ADAPTER_KEY } from "../config.js";
import { EXPOSES_REPLY, MESSAGE_REPLY } from "./map-result.js";
import type { HttpReply } from "../replies.js";

export interface WrapOptions {
  /** The operation's description (default: the action's). */
  readonly description?: string;
}

export interface InvokeHttpOptions {
  /** The trusted ambient context (the principal `serve.authenticate` established); `{}` when omitted. */
  readonly ambientContext?: AmbientContextSource;
  /** The client-disconnect signal, or a function building it when the action first reads `ctx.signal`. */
  readonly signal?: AbortSignal | (() => AbortSignal);
  /** Where the action's progress and log reports go (the SSE stream, hono/sse.ts). */
  readonly live?: CallOptions["live"];
  /** Told the promise of a body still running when the call was answered at its deadline (the app's `CallSlot`). */
  readonly onOverdue?: (settled: Promise<void>) => void;
}

/** One tool version as an HTTP operation. */
export interface HttpOperation {
  readonly action: AnyAxn;
  /** `action.toolName("http")`: the same name every adapter publishes. */
  readonly toolName: string;
  readonly toolVersion: number;
  readonly method: "POST";
  /** The route under `basePath`: `/{toolName}/v{toolVersion}`. */
  readonly route: string;
  /** `{toolName}_v{toolVersion}`: unique per (name, version), since the suffix after the last `_v` is the version. */
  readonly operationId: string;
  readonly description: string | undefined;
  /** The request body schema: `action.inputSchema`, unchanged. */
  readonly inputSchema: JsonSchema;
  /** The 200 body schema: `action.outputSchema`, or `undefined` when the tool answers `{ message }`. */
  readonly outputSchema: JsonSchema | undefined;
  readonly semanticHints: readonly string[];
  /**
   * Calls the tool with wire arguments and maps the result to a status and JSON body. Never throws,
   * except in development, where a bug in the mapping is reported and then rethrown (`raisesInDev`).
   */
  invoke(args: unknown, options?: InvokeHttpOptions): Promise<HttpReply>;
}

export function wrap(action: AnyAxn, options: WrapOptions = {}): HttpOperation {
  const toolName = resolveToolName(action, ADAPTER_KEY, { caller: "HttpAdapter.wrap" });
  const toolVersion = action.toolVersion;
  const mapping = action.outputSchema === undefined ? MESSAGE_REPLY : EXPOSES_REPLY;
  const op: HttpOperation = Object.freeze({
    action,
    toolName,
    toolVersion,
    method: "POST" as const,
    route: `/${toolName}/v${toolVersion}`,
    operationId: `${toolName}_v${toolVersion}`,
    description: options.description ?? action.description,
    inputSchema: action.inputSchema,
    outputSchema: action.outputSchema,
    semanticHints: action.semanticHints,
    // The options go to the pipeline as they are; an omitted ambient context becomes `{}` there,
    // so no ambient state of the server process leaks into a call.
    invoke: toolPipeline(action, mapping, { toolName }),
  });
  invokers.set(op, toolPipelineInto(action, mapping, { toolName }));
  return op;
}

/** The same pipeline as each operation's `invoke`, told to a receiver: what the app's routes call. */
const invokers = new WeakMap<HttpOperation, ToolPipelineInto<HttpReply>>();

/**
 * How a route runs `op`'s calls: its receiver pipeline when `wrap` made it, else (an operation
 * built some other way) its `invoke`, with the promise told to the receiver. The route's options
 * have `signal` and `onOverdue` as methods, which the tool pipeline calls on them; an `invoke` of
 * another making may call them detached, or spread the options (which copies own properties only),
 * so it gets them as functions of their own.
 */
export function operationInvoker(op: HttpOperation): ToolPipelineInto<HttpReply> {
  return (
    invokers.get(op) ??
    ((args, call, receiver) =>
      void op.invoke(args, new DetachedOptions(call)).then(
        (reply) => receiver.answered(reply),
        (error: unknown) => receiver.failed(error),
      ))
  );
}

/** A call's options as own properties that work detached; `live` stays read through (built on first use). */
class DetachedOptions implements InvokeHttpOptions {
  readonly #call: InvokeHttpOptions;
  readonly ambientContext: InvokeHttpOptions["ambientContext"];
  readonly signal: InvokeHttpOptions["signal"];
  readonly onOverdue: (settled: Promise<void>) => void;

  constructor(call: InvokeHttpOptions) {
    this.#call = call;
    this.ambientContext = call.ambientContext;
    const signal = call.signal;
    this.signal = typeof signal === "function" ? () => signal.call(call) : signal;
    this.onOverdue = (settled) => call.onOverdue?.(settled);
  }

  get live(): InvokeHttpOptions["live"] {
    return this.#call.live;
  }
}
