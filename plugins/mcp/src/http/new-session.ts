/**
 * A request naming no session: a POST may open one (anything else is `400`). A new session starts
 * with `initialize`; the transport refuses anything else, and the server made for it is dropped
 * unless the session was actually initialized. The session is recorded in the store before the
 * client has its id, so its next request finds it on any instance.
 */
import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import type { SessionRecord } from "../sessions/store.js";
import { boundedInitialize } from "../sessions/bounded-initialize.js";
import { refusal } from "./capacity.js";
import type { HttpContext } from "./context.js";
import { deliver, type Exchange } from "./exchange.js";
import { jsonError } from "./json-error.js";
import { openSession } from "./open-session.js";

export async function serveNewSession(ctx: HttpContext, exchange: Exchange): Promise<Response> {
  if (exchange.request.method !== "POST")
    return jsonError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
  const { owner } = exchange;
  const reservation = ctx.sessions.reserve(owner, true);
  if (reservation !== "reserved") return refusal(ctx, reservation);
  try {
    const session = await openSession(ctx, owner, true);
    // What the session keeps of `initialize` (the SDK server holds the client's capabilities and
    // info for its life, the store records them) is bounded, whatever the body carried.
    const bounded = { ...exchange, parsedBody: boundedInitialize(exchange.parsedBody) };
    const response = await deliver(session, bounded);
    const opened = session.transport.sessionId;
    if (opened === undefined) {
      await session.server.close();
      return response;
    }
    // Recorded before the client has its session id, so its next request finds it on any instance;
    // a shared store counts the owner's sessions on every instance, and may refuse one more.
    const perOwner = ctx.store.shared ? ctx.sessionLimits.maxSessionsPerPrincipal : undefined;
    if (await ctx.store.create(initialRecord(opened, owner, bounded.parsedBody), ctx.idleMs, perOwner)) return response;
    await response.body?.cancel().catch(() => undefined);
    await session.server.close();
    return refusal(ctx, "owner-full");
  } finally {
    ctx.sessions.release(owner);
  }
}

/** The record of a session just opened by `initialize` (the request the transport accepted). */
function initialRecord(
  id: string,
  owner: string,
  initialize: unknown,
): Omit<SessionRecord, "revision" | "loggingLevel" | "subscriptions"> {
  const params =
    (initialize as { params?: { protocolVersion?: unknown; capabilities?: unknown; clientInfo?: unknown } } | undefined)
      ?.params ?? {};
  const requested = typeof params.protocolVersion === "string" ? params.protocolVersion : LATEST_PROTOCOL_VERSION;
  return {
    id,
    owner,
    // The SDK's own negotiation: the client's version when supported, else the latest.
    protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION,
    clientCapabilities: (params.capabilities ?? {}) as SessionRecord["clientCapabilities"],
    clientInfo: (params.clientInfo ?? { name: "unknown", version: "0" }) as SessionRecord["clientInfo"],
    createdAt: Date.now(),
  };
}
