/**
 * A 2026-07-28 request: self-describing (its protocol version, client capabilities and log level
 * in its own `_meta`), so no session is looked up, opened or stored — any instance answers it. It
 * is served by the SDK's `createMcpHandler` in its strict modern posture, over a fresh server for
 * each request built from the handler's one tool set (`modernServers`); the checks before
 * it (path, Host/Origin, authentication, body size, scopes) are the same steps every request takes.
 * The SDK answers what the revision defines: `server/discover`, the header/body checks (`-32020`),
 * unsupported versions (`-32022`), undeclared capabilities (`-32021`), cache fields, and
 * `subscriptions/listen` streams fed by the handler's event bus.
 */
import { reportException } from "@axn/core";
import type { AxnPrincipal } from "@axn/core";
import {
  createMcpHandler,
  InMemoryServerEventBus,
  isLegacyRequest,
  PROTOCOL_VERSION_META_KEY,
  ProtocolError,
  type McpHttpHandler,
} from "@modelcontextprotocol/server";
import { envelopePeer } from "../protocol/peer.js";
import { defaultServerContext } from "../protocol/server-context.js";
import { callerOf } from "../server/caller.js";
import { modernServers } from "../server/server.js";
import { restrictsSome } from "../surface/access.js";
import { resourceInternals } from "../surface/resources.js";
import type { HttpContext } from "./context.js";
import type { Exchange } from "./exchange.js";
import { isListenRequest, listenGate, type ListenGate } from "./listen-gate.js";

export interface ModernHandler extends McpHttpHandler {
  /** The caller of a `subscriptions/listen` request, for the updates its stream may hear (listen-gate.ts). */
  readonly listenCaller: (exchange: Exchange) => AxnPrincipal | undefined;
  /** Set when some resource is restricted: listen streams then hear only what their caller may read. */
  readonly gate: ListenGate | undefined;
}

export function modernHandler(ctx: HttpContext): ModernHandler {
  const { resources } = ctx.set.surface;
  const gate = restrictsSome(resources)
    ? listenGate(ctx.options.eventBus ?? new InMemoryServerEventBus(), resources)
    : undefined;
  const bus = gate?.bus ?? ctx.options.eventBus;
  const handler = createMcpHandler(modernServers(ctx.options, ctx.set, ctx.limits), {
    legacy: "reject",
    ...(bus === undefined ? {} : { bus }),
    maxRequestBodySize: ctx.maxBodyBytes,
    // Reporting only: what the client is answered is the SDK's (no exception message reaches it).
    // The entry also reports each request it refused for the client's mistake (a header that
    // disagrees with the body, a revision or capability missing); those are answered, not faults
    // of the server, and reporting them would let any caller fill the log with stack traces.
    onerror: (error) => {
      if (isClientMistake(error)) return;
      reportException(error, { action: "axn-plugin-mcp", phase: "mcp 2026-07-28 request" });
    },
  });
  // A resource's `notifyUpdated` reaches every open `subscriptions/listen` stream that asked for its
  // URI (the SDK's listen router filters per stream); the streams of this process only — see
  // docs/scaling.md for several instances.
  const publish = async (uri: string): Promise<void> => handler.notify.resourceUpdated(uri);
  for (const resource of ctx.set.surface.resources) resourceInternals(resource).subscribers.add(publish);
  const close = handler.close;
  const build = ctx.options.serverContext ?? defaultServerContext;
  return {
    ...handler,
    gate,
    listenCaller: ({ caller, parsedBody }) =>
      callerOf(build, {
        authInfo: caller.authInfo,
        peer: envelopePeer((parsedBody as { params?: { _meta?: Record<string, unknown> } } | undefined)?.params?._meta),
      }) ??
      ctx.options.principal ??
      undefined,
    close: async () => {
      for (const resource of ctx.set.surface.resources) resourceInternals(resource).subscribers.delete(publish);
      await close();
    },
  };
}

/**
 * True when the request speaks 2026-07-28: the SDK's own classification, from the body already
 * read. A request naming a session is 2025-11-25 by definition (2026-07-28 has none), and a body
 * that claims no revision at all — not even a JSON-RPC method, as `{}` — keeps the answers it had
 * before (a 2025-11-25 client's mistake, answered in its terms). Decided at once for most requests
 * (no promise, and no turn spent awaiting one); a promise only when the SDK has to classify.
 */
export function isModern(exchange: Exchange): boolean | Promise<boolean> {
  const { request, parsedBody } = exchange;
  if (request.method !== "POST" || request.headers.has("mcp-session-id")) return false;
  // The common case decided here: one request whose `_meta` names its revision carries the envelope
  // claim, which the SDK's classification routes to the modern path whatever else is in it (a
  // version it does not serve, a header that disagrees: the modern path answers those). The SDK
  // classifies everything else, so the routing stays its own (bench row 4f: ~27 µs a request).
  if (claimsRevision(parsedBody)) return true;
  if (!claimsSomething(parsedBody) && !MODERN_VERSION.test(request.headers.get("mcp-protocol-version") ?? ""))
    return false;
  return isLegacyRequest(request, parsedBody).then(isNot);
}

const isNot = (legacy: boolean): boolean => !legacy;

/** One JSON-RPC request with a protocol version in its `_meta`: the 2026-07-28 envelope claim. */
function claimsRevision(body: unknown): boolean {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const { method, params } = body as { method?: unknown; params?: unknown };
  if (typeof method !== "string" || typeof params !== "object" || params === null) return false;
  const meta = (params as { _meta?: unknown })._meta;
  return (
    typeof meta === "object" &&
    meta !== null &&
    typeof (meta as Record<string, unknown>)[PROTOCOL_VERSION_META_KEY] === "string"
  );
}

/** A 2026-or-later revision in the `MCP-Protocol-Version` header. */
const MODERN_VERSION = /^20(2[6-9]|[3-9]\d)-/;

function claimsSomething(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (message) =>
      typeof message === "object" && message !== null && typeof (message as { method?: unknown }).method === "string",
  );
}

export function serveModern(handler: ModernHandler, exchange: Exchange): Promise<Response> {
  const { request, caller, parsedBody } = exchange;
  const serve = (): Promise<Response> =>
    handler.fetch(request, {
      ...(caller.authInfo === undefined ? {} : { authInfo: caller.authInfo }),
      parsedBody,
    });
  if (handler.gate === undefined || !isListenRequest(parsedBody)) return serve();
  return handler.gate.serve(handler.listenCaller(exchange), serve);
}

/** A refusal the SDK's entry answered for the client's own mistake (its `onerror` reports those too). */
function isClientMistake(error: Error): boolean {
  return error instanceof ProtocolError || error.message.startsWith("Rejected inbound request (");
}
