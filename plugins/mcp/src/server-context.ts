/**
 * The two halves of "server context":
 *
 * - Ambient data (auth info, session id) is plain data, so it reaches an action through core's
 *   `ambientContext`: {@link defaultServerContext} builds it from the request — never from the
 *   model's arguments — and the Invoker filters it to the fields the action declares.
 * - Live capabilities (progress notifications, cancellation) are operations, not data, so they
 *   would not survive that filtering. They reach the body on its call context (`ctx.progress`,
 *   `ctx.signal`…, live.ts). The older, deprecated `McpAdapter.serverContext()` reaches them from
 *   anywhere in a tool through an `AsyncLocalStorage` scope per call (two concurrent calls never
 *   see each other's handle) — entered only for a tool with the `serverContext` setting on, since
 *   on Node 20 the first scope switches on a hook for every promise in the process.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { PRINCIPAL_AMBIENT_KEY, type AmbientContextSource, type AxnPrincipal } from "@axn/core";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ProgressToken, RequestId, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { deprecator } from "./deprecator.js";
import type { McpPeer } from "./peer.js";

/** What the SDK hands a request handler (`extra`). */
export type McpRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The parts of a request's `extra` a tool call uses (the SDK's full `extra` satisfies it), and
 * what the server knows of its client (`peer`: declared capabilities, the session's log level).
 * The live capabilities of the call (live.ts) are built from these on first use.
 */
export type McpRequestContext = Partial<
  Pick<McpRequestExtra, "signal" | "authInfo" | "sessionId" | "requestId" | "_meta" | "sendNotification" | "sendRequest">
> & { readonly peer?: McpPeer };

/** Builds the trusted ambient context for one call from its request. */
export type ServerContextBuilder = (request: McpRequestContext) => AmbientContextSource;

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
export function principalOf(authInfo: McpRequestContext["authInfo"]): AxnPrincipal | undefined {
  const principal = authInfo?.extra?.[PRINCIPAL_AMBIENT_KEY];
  return typeof principal === "object" && principal !== null ? (principal as AxnPrincipal) : undefined;
}

/** The live-capabilities handle of the MCP request a tool is running for. */
export interface McpServerContext {
  /** Aborts when the client sends `notifications/cancelled` for this request. */
  readonly signal: AbortSignal;
  readonly sessionId: string | undefined;
  readonly requestId: RequestId | undefined;
  /** The client's progress token; without one, {@link reportProgress} sends nothing. */
  readonly progressToken: ProgressToken | undefined;
  /**
   * Sends `notifications/progress` when the client asked for progress. `progress` must increase
   * with every call (the protocol requires it). Delivery is best-effort: a client that went away
   * does not fail the tool.
   */
  reportProgress(progress: number, total?: number, message?: string): Promise<void>;
}

/** The request of the call running now; its handle is built on first use (most tools never ask). */
interface Scope {
  readonly request: McpRequestContext;
  handle: McpServerContext | undefined;
}

const storage = new AsyncLocalStorage<Scope>();
const NEVER_ABORTED = new AbortController().signal;

/** What `McpAdapter.serverContext()` warns, once per process (the deprecator adds the horizon). */
export const SERVER_CONTEXT_DEPRECATION =
  "McpAdapter.serverContext() is deprecated: use the call context (ctx.progress, ctx.signal), which needs no setting and works on every transport. " +
  "Until then a tool reaches the handle only with the mcp setting serverContext: true (tool: { mcp: { serverContext: true } }); elsewhere it returns undefined";

/**
 * The handle of the MCP call running now: `undefined` outside one, and inside a call of a tool
 * without the `serverContext` setting (no scope was entered for it).
 */
export function currentServerContext(): McpServerContext | undefined {
  deprecator.warn(SERVER_CONTEXT_DEPRECATION);
  const scope = storage.getStore();
  if (scope === undefined) return undefined;
  return (scope.handle ??= liveHandle(scope.request));
}

/** Runs `fn` with a live handle for `request` reachable through {@link currentServerContext}. */
export function withServerContext<T>(request: McpRequestContext, fn: () => T): T {
  return storage.run({ request, handle: undefined }, fn);
}

function liveHandle(request: McpRequestContext): McpServerContext {
  const token = request._meta?.progressToken;
  const send = request.sendNotification;
  let last = -Infinity;
  return Object.freeze({
    signal: request.signal ?? NEVER_ABORTED,
    sessionId: request.sessionId,
    requestId: request.requestId,
    progressToken: token,
    async reportProgress(progress: number, total?: number, message?: string): Promise<void> {
      if (!Number.isFinite(progress) || progress <= last) {
        throw new RangeError(`reportProgress: progress must be a finite number greater than the last one reported (${last}), got ${progress}`);
      }
      last = progress;
      if (token === undefined || send === undefined) return;
      try {
        await send({
          method: "notifications/progress",
          params: {
            progressToken: token,
            progress,
            ...(total === undefined ? {} : { total }),
            ...(message === undefined ? {} : { message }),
          },
        });
      } catch {
        // Progress is advisory; the transport already surfaces a broken connection through its own onerror.
      }
    },
  });
}
