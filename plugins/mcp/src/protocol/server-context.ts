/**
 * The server context of a tool call: what the request tells about who is calling, as the trusted
 * ambient context. It is plain data (auth info, session id), so it reaches an action through core's
 * `ambientContext`: {@link defaultServerContext} builds it from the request — never from the
 * model's arguments — and the Invoker filters it to the fields the action declares. Live
 * capabilities (progress, cancellation, questions) are operations, not data: they reach the body on
 * its call context (`ctx.progress`, `ctx.signal`…, tools/live.ts).
 *
 * {@link McpRequestContext} is the same for both protocol eras: a 2025-11-25 request (a session that
 * began with `initialize`) and a 2026-07-28 one (self-describing, its client's capabilities in its
 * own `_meta`) are read into one shape here, so nothing an app writes depends on the era.
 */
import { PRINCIPAL_AMBIENT_KEY, type AmbientContextSource, type AxnPrincipal } from "@axn/core";
import type {
  AuthInfo,
  RequestId,
  RequestMeta,
  ServerContext,
  ServerNotification,
  ServerRequest,
} from "@modelcontextprotocol/server";
import type { McpPeer } from "./peer.js";

/** What the SDK hands a request handler (its `ctx`). */
export type McpRequestExtra = ServerContext;

export type { McpEra } from "./era.js";

/**
 * The parts of a request a tool call uses, and what the server knows of its client (`peer`:
 * declared capabilities, the log level asked for). The live capabilities of the call
 * (tools/live.ts) are built from these on first use.
 */
export interface McpRequestContext {
  /**
   * Aborts with the request. A function (a 2026-07-28 call's rounds, tools/ask-rounds.ts) is
   * called the first time the body reads `ctx.signal`, as core's `CallOptions.signal`: a call whose
   * body never reads it builds no `AbortController` and adds no listener (bench row 4g).
   */
  readonly signal?: AbortSignal | (() => AbortSignal);
  /** The credentials `serve.authenticate` (or the app's HTTP layer) established for the request. */
  readonly authInfo?: AuthInfo;
  /** The 2025-11-25 session the request belongs to (Streamable HTTP); a 2026-07-28 request has none. */
  readonly sessionId?: string;
  readonly requestId?: RequestId;
  /** The request's `_meta`, without the protocol's own `io.modelcontextprotocol/*` keys. */
  readonly _meta?: RequestMeta;
  readonly sendNotification?: (notification: ServerNotification) => Promise<void>;
  /** A request to the client related to this one (2025-11-25 only: 2026-07-28 has no server→client requests). */
  readonly sendRequest?: (
    request: ServerRequest,
    options?: { signal?: AbortSignal; timeout?: number },
  ) => Promise<unknown>;
  readonly peer?: McpPeer;
}

/** Builds the trusted ambient context for one call from its request. */
export type ServerContextBuilder = (request: McpRequestContext) => AmbientContextSource;

/**
 * The era-neutral context of one request, read from the SDK's handler context. One object literal
 * with every key present (absent ones `undefined`), so each request's context has the same shape:
 * V8 keeps reads of it on the fast path, where conditional spreads made a shape per combination
 * (bench row 4). A tool call fills in its own slots (`ambientContext`, `onOverdue`, `rounds`) on
 * the same object rather than copying it.
 */
export function requestContext<R = never>(extra: McpRequestExtra, peer: McpPeer): McpRequestContext & CallSlots<R> {
  const request = extra.mcpReq;
  return {
    signal: request.signal,
    authInfo: extra.http?.authInfo,
    sessionId: extra.sessionId,
    requestId: request.id,
    _meta: request._meta,
    sendNotification: (notification) => request.notify(notification),
    sendRequest:
      peer.era === "legacy"
        ? (message, options) => request.send(message as never, options) as Promise<unknown>
        : undefined,
    peer,
    ambientContext: undefined,
    onOverdue: undefined,
    rounds: undefined,
  };
}

/**
 * The slots a tool call fills in on its request context (tools/wrap.ts's `McpCallRequest` reads
 * them), present from the start so filling them in keeps the object's shape. `R` is the call's
 * input rounds (@axn/sdk/adapter `InputRounds`, tools/ask-rounds.ts), opaque at this layer.
 */
export interface CallSlots<R> {
  signal: AbortSignal | (() => AbortSignal) | undefined;
  ambientContext: AmbientContextSource | undefined;
  onOverdue: ((settled: Promise<void>) => void) | undefined;
  rounds: R | undefined;
}

/**
 * The default builder: the authenticated `principal` (under `PRINCIPAL_AMBIENT_KEY`), the
 * request's `authInfo` and `sessionId` (only those present). An action reads them by declaring
 * `principal` / `authInfo` / `sessionId` fields with `on: "ambientContext"`.
 */
export const defaultServerContext: ServerContextBuilder = (request) => {
  // Built key by key rather than with conditional spreads: this runs on every call.
  const context: Record<string, unknown> = {};
  const principal = principalOf(request.authInfo);
  if (principal !== undefined) context[PRINCIPAL_AMBIENT_KEY] = principal;
  if (request.authInfo !== undefined) context["authInfo"] = request.authInfo;
  if (request.sessionId !== undefined) context["sessionId"] = request.sessionId;
  return context;
};

/** Where the Streamable HTTP handler puts the principal `serve.authenticate` established: `authInfo.extra`. */
function principalOf(authInfo: McpRequestContext["authInfo"]): AxnPrincipal | undefined {
  const principal = authInfo?.extra?.[PRINCIPAL_AMBIENT_KEY];
  return typeof principal === "object" && principal !== null ? (principal as AxnPrincipal) : undefined;
}
