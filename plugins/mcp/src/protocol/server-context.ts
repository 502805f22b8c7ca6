/**
 * The server context of a tool call: what the request tells about who is calling, as the trusted
 * ambient context. It is plain data (auth info, session id), so it reaches an action through core's
 * `ambientContext`: {@link defaultServerContext} builds it from the request — never from the
 * model's arguments — and the Invoker filters it to the fields the action declares. Live
 * capabilities (progress, cancellation, questions) are operations, not data: they reach the body on
 * its call context (`ctx.progress`, `ctx.signal`…, tools/live.ts).
 */
import { PRINCIPAL_AMBIENT_KEY, type AmbientContextSource, type AxnPrincipal } from "@axn/core";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { McpPeer } from "./peer.js";

/** What the SDK hands a request handler (`extra`). */
export type McpRequestExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * The parts of a request's `extra` a tool call uses (the SDK's full `extra` satisfies it), and
 * what the server knows of its client (`peer`: declared capabilities, the session's log level).
 * The live capabilities of the call (tools/live.ts) are built from these on first use.
 */
export type McpRequestContext = Partial<
  Pick<
    McpRequestExtra,
    "signal" | "authInfo" | "sessionId" | "requestId" | "_meta" | "sendNotification" | "sendRequest"
  >
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
function principalOf(authInfo: McpRequestContext["authInfo"]): AxnPrincipal | undefined {
  const principal = authInfo?.extra?.[PRINCIPAL_AMBIENT_KEY];
  return typeof principal === "object" && principal !== null ? (principal as AxnPrincipal) : undefined;
}
