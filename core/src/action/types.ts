/**
 * The public shape of an action: its definition (what an author writes) and the action value
 * (what `defineAxn` returns and every adapter consumes).
 */
import type { Attributes } from "@opentelemetry/api";
import { AXN_INTERNALS, type ActionHandle } from "./handle.js";
import type { BodyInput, CallArgs, Exposed, ExposeInput, Fields, KnownFieldOptions } from "./fields.js";
import type { AdapterOverrides, SemanticHint, ToolDeclaration } from "./registries.js";
import type { Result } from "./result.js";
import type { EnqueueOptions, JobHandle } from "./job.js";
import type { AmbientContextSource } from "./ambient.js";
import type {
  AskOptions,
  Elicited,
  LiveChannel,
  LiveNeed,
  Rooted,
  LiveSupport,
  LogLevel,
  SampleRequest,
  Sampled,
} from "./live.js";
import type { AccessPolicy } from "./access.js";
import type { JsonSchema } from "../schema/json-schema-types.js";

export type { AmbientContextSource, AmbientLookup } from "./ambient.js";

/**
 * A remote parent as W3C Trace Context carries it: `traceparent` (`00-<trace id>-<span id>-<flags>`)
 * and, optionally, the vendors' `tracestate`, as the caller sent them.
 */
export interface TraceContext {
  readonly traceparent: string;
  readonly tracestate?: string | undefined;
}

export interface CallOptions {
  /** Replaces the ambient context of the current execution entirely (`{}` means none). */
  readonly ambientContext?: AmbientContextSource;
  /**
   * Aborts the call: the body sees it as `ctx.signal`. A function is called the first time the body
   * reads `ctx.signal` — a transport can then skip building an `AbortController` per request (a
   * measurable cost on Node) for the many actions that never look.
   */
  readonly signal?: AbortSignal | (() => AbortSignal);
  /**
   * Attributes written on this call's `axn.call` span as it opens — the seam an adapter uses for
   * what it knows per call (`gen_ai.tool.call.id`) but the action does not.
   */
  readonly spanAttributes?: Attributes;
  /**
   * The caller's W3C Trace Context, for a call that arrives from another process (an MCP request's
   * `_meta`, an HTTP request's headers): the `axn.call` span opens as a child of that remote span,
   * in its trace, and links the span it would otherwise have had as its parent (the calling action's,
   * or OpenTelemetry's active one). An invalid `traceparent` is ignored.
   */
  readonly traceContext?: TraceContext | undefined;
  /**
   * Where the body's live capabilities go (`ctx.progress`, `ctx.notify`, `ctx.elicit`,
   * `ctx.sample`): each transport passes its own; a direct call may pass plain handlers. A function
   * is called the first time the body uses one, so a call that never does builds nothing.
   */
  readonly live?: LiveChannel | (() => LiveChannel | undefined);
}

/** What the body gets besides its input. */
export interface ActionContext<X> {
  /** Sets exposed values (merged; validated when the body finishes). */
  expose(values: ExposeInput<X>): void;
  /** Ends the call as a failure. `reason` is composed under the action's error headline. */
  fail(reason?: string, options?: { readonly standalone?: boolean }): never;
  /** Ends the call early as a success; `message` becomes the success reason. */
  done(message?: string): never;
  /** Logs through the configured (server-side) logger, tagged with the action name. */
  log(message: string): void;
  /**
   * Reports progress to the caller: `done` of `total` (when known), with an optional message.
   * A no-op where nothing listens; a report whose `done` is not above the last one is not sent
   * (progress only grows).
   */
  progress(done: number, total?: number, message?: string): void;
  /**
   * A log message for the client (MCP `notifications/message`, a LangChain run event, an HTTP
   * SSE `log` event) — unlike `log`, which writes to the server's own logger. A no-op where
   * nothing listens. `logger` defaults to the action's name.
   */
  notify(level: LogLevel, data: unknown, logger?: string): void;
  /**
   * Asks the user to fill a form of `fields` (the same declarations as `expects`, flat and
   * primitive: strings, numbers, booleans, enums, lists of enums). Resolves to the validated
   * answer (`accept`), or `decline` / `cancel` (the user's choice), or `unavailable` (no one can be
   * asked on this call). An answer that fails validation ends the call as a user-facing failure
   * naming the field. `options.key` names the question where a transport asks it by name (MCP
   * 2026-07-28's `inputRequests`; default: its position among the call's questions).
   */
  elicit<F extends Fields>(message: string, fields: F, options?: AskOptions): Promise<Elicited<BodyInput<F>>>;
  /** Asks the client's model for a completion; `unavailable` when no model can be asked. */
  sample(request: SampleRequest, options?: AskOptions): Promise<Sampled>;
  /** Asks the client for its roots (the folders it lets the server work in); `unavailable` when no client can be asked. */
  roots(options?: AskOptions): Promise<Rooted>;
  /** Which live capabilities reach someone on this call. */
  readonly supports: LiveSupport;
  /**
   * How many of this call's questions (`elicit`, `sample`, `roots`, in the order asked) are
   * already answered as the body starts: `0` on a first run and wherever a question is answered in
   * place (MCP 2025-11-25, a terminal, a direct call); `n` when a transport that cannot pause
   * mid-call runs the body again (MCP 2026-07-28, a LangGraph resume, an HTTP retry) and the first
   * `n` questions — asked the same way again — resolve at once. The body contract: ask before
   * acting, or make what runs before a question safe to repeat (docs/actions.md).
   */
  readonly answered: number;
  /** The call's abort signal (never aborted when the caller gave none). */
  readonly signal: AbortSignal;
  /** The action being run. */
  readonly action: AnyAxn;
}

/** A message: fixed text, or built from the call (exposed values on success, the error on failure). */
export type SuccessMessage<X> = string | ((exposed: Exposed<X>) => string);
export type ErrorMessage = string | ((error: Error) => string);

/** A conditional error reason: rendered "Headline: reason" unless `standalone`. */
export interface ErrorReason {
  /** An error class, or a predicate on the exception. */
  readonly when: (abstract new (...args: never[]) => Error) | ((error: Error) => boolean);
  readonly message: ErrorMessage;
  readonly standalone?: boolean;
}

/** A conditional success reason. */
export interface SuccessReason<X> {
  readonly when: (exposed: Exposed<X>) => boolean;
  readonly message: SuccessMessage<X>;
  readonly standalone?: boolean;
}

export interface Messages<X> {
  /** The base success headline. Default: "Action completed successfully". */
  readonly success?: SuccessMessage<X>;
  /** The base error headline. Default: "Something went wrong". */
  readonly error?: ErrorMessage;
  /** How the base headline joins a reason: a separator (default ": ") or a function. */
  readonly join?: string | ((headline: string, reason: string) => string);
  /** Conditional error reasons; the most recently declared match wins. */
  readonly errors?: readonly ErrorReason[];
  /** Conditional success reasons; the most recently declared match wins. */
  readonly successes?: readonly SuccessReason<X>[];
}

export type BeforeHook<E> = (input: BodyInput<E>) => void | Promise<void>;
export type AfterHook<E> = (input: BodyInput<E>) => void | Promise<void>;
export type AroundHook<E> = (next: () => Promise<void>, input: BodyInput<E>) => Promise<void>;

export interface Hooks<E> {
  readonly before?: BeforeHook<E> | readonly BeforeHook<E>[];
  readonly after?: AfterHook<E> | readonly AfterHook<E>[];
  readonly around?: AroundHook<E> | readonly AroundHook<E>[];
}

export type ResultCallback<X> = (result: Result<Exposed<X>>) => void | Promise<void>;
export type Callbacks<X> = ResultCallback<X> | readonly ResultCallback<X>[];

export interface AxnDefinition<E extends Fields, X extends Fields> {
  /** A qualified name (`AgentTools.Users.ListCompanies`, `billing/charge_card`); tool names derive from it. */
  readonly name: string;
  readonly description?: string;
  readonly expects?: E & KnownFieldOptions<E>;
  readonly exposes?: X;
  readonly messages?: Messages<X>;
  readonly hooks?: Hooks<E>;
  readonly onSuccess?: Callbacks<X>;
  readonly onFailure?: Callbacks<X>;
  readonly onException?: Callbacks<X>;
  readonly onError?: Callbacks<X>;
  readonly tool?: ToolDeclaration;
  /** The tool's contract version, an integer ≥ 1 (default 1). */
  readonly toolVersion?: number;
  /** Leading name segments to strip in `toolName` (default: actions, tools, agent_tools). */
  readonly toolPrefixes?: readonly string[];
  readonly semanticHints?: readonly SemanticHint[];
  /**
   * The call may outlast a client's patience (minutes, not milliseconds): a transport that has a
   * background idiom offers it (MCP serves the tool as a task). Inherited through `extends`;
   * default `false`. A transport may let config override it per action (`mcp.longRunning`).
   */
  readonly longRunning?: boolean;
  /**
   * What the body cannot do its job without: asking the user (`"elicit"`), the client's model
   * (`"sample"`) or the client's roots (`"roots"`). A transport whose caller cannot answer one
   * refuses the call before the body runs (MCP 2026-07-28: `-32021` naming the client capability);
   * where nothing can be refused up front the body sees `unavailable`, as for any question.
   * Inherited through `extends`; default none.
   */
  readonly requires?: readonly LiveNeed[];
  /** Per-adapter settings overrides; a bag implies membership in that adapter. */
  readonly configure?: AdapterOverrides;
  /** Coerce wire strings on direct calls (the Invoker always does). */
  readonly coerceInputTypes?: boolean;
  /**
   * Exceptions (error classes or predicates) that settle as a business failure instead of an
   * exception: not reported, outcome "failure". Their message still never reaches `result.error`
   * unless a `messages.errors` entry puts it there.
   */
  readonly failsOn?: readonly ErrorReason["when"][];
  /**
   * Who may call the action as a tool: `"public"`, `"authenticated"`, or a rule of required
   * `scopes`, `roles` and an `allow` predicate over the caller's principal. The Invoker refuses
   * any other caller before the body runs, and listings leave the action out for it. Inherited
   * through `extends`; default: the app's `configureAxn({ access: { default } })`, else `"public"`.
   * A direct `call()` is trusted code and is not checked.
   */
  readonly access?: AccessPolicy;
  /** A parent action whose hooks, callbacks and overrides this one inherits. */
  readonly extends?: AnyAxn;
  /** The body. Returning an object exposes its keys, like `ctx.expose`. */
  readonly call: (input: BodyInput<E>, ctx: ActionContext<X>) => Promise<ExposeInput<X> | void> | ExposeInput<X> | void;
}

/** An action value. */
export interface Axn<E extends Fields = Fields, X extends Fields = Fields> {
  readonly name: string;
  readonly description: string | undefined;
  /** Runs the action. Never throws for a business failure or an exception in the body. */
  call(args: CallArgs<E>, options?: CallOptions): Promise<Result<Exposed<X>>>;
  /** Runs the action; throws `Failure` (message = `result.error`) or rethrows the body's exception. */
  callOrThrow(args: CallArgs<E>, options?: CallOptions): Promise<Result<Exposed<X>>>;
  /**
   * Runs the action in the background: a worker calls it the way `call` does and settles its
   * `Result` on the job. Refuses (rejects) arguments or ambient values that are not plain data.
   */
  enqueue(args: CallArgs<E>, options?: EnqueueOptions): Promise<JobHandle<Exposed<X>>>;
  /** The provider-safe tool name; with a key, a per-adapter name override applies. */
  toolName(key?: string): string;
  readonly toolVersion: number;
  /** JSON Schema of the model-facing inputs (ambient fields excluded). Computed once. */
  readonly inputSchema: JsonSchema;
  /** JSON Schema of the exposes, or `undefined` when nothing is exposed. */
  readonly outputSchema: JsonSchema | undefined;
  readonly semanticHints: readonly string[];
  /** Whether the definition (or its parent) declared `longRunning: true`. */
  readonly longRunning: boolean;
  /** The live capabilities the body cannot do without (`requires`). */
  readonly requires: readonly LiveNeed[];
  /** Core's handle on the action (opaque: nothing here is public API). */
  readonly [AXN_INTERNALS]: ActionHandle;
  /** Type-only carriers of the declarations, for inference helpers. */
  readonly $types?: { readonly expects: E; readonly exposes: X };
}

/** Any action, whatever its fields. */
export interface AnyAxn {
  readonly name: string;
  readonly description: string | undefined;
  call(args: never, options?: CallOptions): Promise<Result<object>>;
  callOrThrow(args: never, options?: CallOptions): Promise<Result<object>>;
  enqueue(args: never, options?: EnqueueOptions): Promise<JobHandle<object>>;
  toolName(key?: string): string;
  readonly toolVersion: number;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema | undefined;
  readonly semanticHints: readonly string[];
  readonly longRunning: boolean;
  readonly requires: readonly LiveNeed[];
  /** Core's handle on the action (opaque: nothing here is public API). */
  readonly [AXN_INTERNALS]: ActionHandle;
}

/** The call arguments of an action type. */
// Read through the type-only carrier: `Axn` is not covariant in its fields (they reach parameters).
export type ArgsOf<A> = A extends { readonly $types?: { readonly expects: infer E extends Fields } }
  ? CallArgs<E>
  : never;
/** The exposed values of an action type. */
export type ExposedOf<A> = A extends { readonly $types?: { readonly exposes: infer X extends Fields } }
  ? Exposed<X>
  : never;
