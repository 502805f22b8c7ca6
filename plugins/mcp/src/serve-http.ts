/**
 * `createStreamableHttpHandler`: the MCP Streamable HTTP transport as a fetch-style handler
 * (`(Request) => Promise<Response>`, for hono, Bun, Deno, workers) with a Node `listener` derived
 * from it. Each session gets its own server and transport — and each request, when stateless — so
 * a response can never be routed to another client, even when two clients use the same request ids.
 *
 * Every request passes, in order: the path; the serving policy's Host/Origin check (the one every
 * HTTP transport of the server shares); authentication (`serve.authenticate`, on every request —
 * a `401` carries `WWW-Authenticate: Bearer resource_metadata="…"`); the session, which must
 * belong to the same caller (else `404`); the body (size, UTF-8, JSON); a `tools/call` the caller's
 * token lacks scopes for (`403 insufficient_scope`, scope-challenge.ts). Tool calls share the
 * server's concurrent-call cap. Every error response is a JSON-RPC error body with `nosniff`.
 *
 * Sessions are recorded in a session store (session-store.ts): this process's memory by default;
 * with a shared store (Redis, `mcp.sessionStore`) a request for a session another instance opened
 * rebuilds it here (session-restore.ts), a change of its log level or subscriptions is recorded
 * before the client hears it succeeded, and resource updates reach the instance holding the
 * session's GET stream through the store's channel (docs/scaling.md).
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PRINCIPAL_AMBIENT_KEY, reportException, type AxnPrincipal, type HttpServingPolicy } from "@axn/core";
import { bearerToken } from "@axn/sdk/auth";
import { BUSY_RETRY_AFTER_SECONDS, declaredTooLarge, isJsonContentType, protectedResourceMetadataUrl, replyAndDrain, servingPolicy } from "@axn/sdk/serving";
import type { getRequestListener } from "@hono/node-server";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { LATEST_PROTOCOL_VERSION, LoggingLevelSchema, SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/sdk/types.js";
import { jsonError, jsonErrorBody, withNosniff } from "./http-guards.js";
import { cancelledRequestIds, hasProtoKey, readMessage, ReadMessages } from "./read-message.js";
import { scopeChallenge } from "./scope-challenge.js";
import { McpMessages, serverFor, serverSet, type McpServerOptions } from "./server.js";
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, SessionTable, type Session } from "./sessions.js";
import { createMemorySessionStore, SessionStoreUnavailable, type SessionChange, type SessionMessage, type SessionRecord, type SessionStore } from "./session-store.js";
import { deliverForwarded, RestoreFailed, restoreSession, syncSession } from "./session-restore.js";
import { resourceInternals, type McpResource } from "./resources.js";

/** Default request-body limit: tool arguments are small; 1 MiB leaves room without inviting abuse. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS };

export const SessionMessages = {
  notFound: "Session not found",
  full: (max: number): string => `Server busy: ${max} MCP sessions are open, the most this server keeps; close one (DELETE) or retry later`,
  storeUnavailable: "Server busy: the MCP session store did not answer; retry later",
} as const;

export interface StreamableHttpOptions extends McpServerOptions {
  /** The path served (default `"/mcp"`); any other path answers 404. */
  readonly path?: string;
  /** No sessions: a fresh server per request, nothing kept between requests (default `false`). */
  readonly stateless?: boolean;
  /**
   * The serving policy (Host/Origin, authentication, the concurrent-call cap). `axn serve` passes
   * the server's; default: one built from the `serve` settings and the options below.
   */
  readonly serving?: HttpServingPolicy;
  /** The address served, for the default policy's Host check (default `127.0.0.1`). */
  readonly hostname?: string;
  /**
   * Hostnames (port-agnostic; IPv6 in brackets) the Host header may name, for the default policy.
   * Default `serve.allowedHosts`, else the loopback names. `false` turns the check off — only
   * behind a proxy that validates Host itself.
   */
  readonly allowedHosts?: readonly string[] | false;
  /** Exact origins a browser may call from, for the default policy. Default: origins naming an allowed host. */
  readonly allowedOrigins?: readonly string[] | false;
  /** Largest accepted request body in bytes (default {@link DEFAULT_MAX_BODY_BYTES}); larger answers 413. */
  readonly maxBodyBytes?: number;
  /** Live sessions kept at most (default {@link DEFAULT_MAX_SESSIONS}); a new one beyond it answers 503. */
  readonly maxSessions?: number;
  /** A session with no request in progress for this long is closed (default {@link DEFAULT_SESSION_IDLE_MS}). */
  readonly sessionIdleMs?: number;
  /**
   * Where sessions are recorded (default: this process's memory). A shared store
   * (`createRedisSessionStore`) lets every instance behind a balancer answer every session. The
   * handler does not close a store it was given.
   */
  readonly sessionStore?: SessionStore;
  /**
   * @deprecated Set `serve.authenticate` (or pass `serving`): one authentication for every transport,
   * whose principal reaches actions as ambient `principal`. Still honoured: returning `undefined`
   * refuses the request (401); the `AuthInfo` returned reaches each call's server context.
   */
  readonly authenticate?: (request: Request) => AuthInfo | undefined | Promise<AuthInfo | undefined>;
}

export interface McpHttpHandler {
  /** Serves one request. */
  fetch(request: Request): Promise<Response>;
  /** The same handler for `node:http` (`http.createServer(handler.listener)`); a declared oversized body gets its 413 while it is still being sent. */
  readonly listener: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  /** Sessions this handler holds a server for (always 0 when stateless; with a shared store, the copies held here). */
  readonly sessionCount: number;
  /** Closes every session it holds (with a shared store their records stay, for the other instances). */
  close(): Promise<void>;
}

const SESSION_HEADER = "mcp-session-id";
const ANONYMOUS_OWNER = "anonymous";

export function createStreamableHttpHandler(options: StreamableHttpOptions): McpHttpHandler {
  const set = serverSet(options, "createStreamableHttpHandler");
  const path = options.path ?? "/mcp";
  const serving =
    options.serving ??
    servingPolicy({
      phase: "mcp http",
      ...(options.hostname === undefined ? {} : { hostname: options.hostname }),
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
      ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
    });
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const idleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const sessions = new SessionTable(maxSessions, idleMs);
  const limits = { acquireCall: () => serving.acquireCall() };
  const ownStore = options.sessionStore === undefined;
  const store = options.sessionStore ?? createMemorySessionStore();
  /** This handler among the instances sharing the store: its own messages come back to it. */
  const instance = randomUUID();
  /** Sessions being rebuilt here, so two requests at once rebuild one server. */
  const restoring = new Map<string, Promise<Session | undefined>>();

  const open = async (owner: string, stateful: boolean, id?: string): Promise<Session> => {
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: stateful ? (id === undefined ? randomUUID : () => id) : undefined,
      maxRequestBodySize: maxBodyBytes,
      onsessioninitialized: (id) => sessions.add(id, session),
    });
    transport.onclose = () => {
      if (transport.sessionId === undefined) return;
      sessions.delete(transport.sessionId);
      // In memory the server is the session; in a shared store the record outlives this copy
      // (idle here, closing, or closed elsewhere) until DELETE or its idle time.
      if (!store.shared) void store.delete(transport.sessionId).catch(() => undefined);
    };
    const server = serverFor(options, set, limits);
    const session: Session = { server, transport, owner, active: 0, timer: undefined, applied: { revision: 0, loggingLevel: undefined, subscriptions: new Set() }, syncing: undefined, authInfo: undefined };
    await server.connect(transport);
    return session;
  };

  /** The session `id` of `owner`: held here, or (shared store) rebuilt from its record; `undefined` answers 404. */
  const sessionFor = async (id: string, owner: string, request: Request, authInfo: AuthInfo | undefined): Promise<Session | undefined | Response> => {
    const held = sessions.lookup(id, owner);
    // In memory the table is the session: its own idle timer is the expiry, nothing to read back.
    if (held !== undefined && !store.shared) return held;
    if (held !== undefined) {
      held.authInfo = authInfo;
      const revision = await store.touch(id, idleMs);
      if (revision === undefined) {
        // Deleted or expired in the store (by another instance, or idle everywhere): gone here too.
        await held.server.close();
        return undefined;
      }
      if (revision !== held.applied.revision) await resync(held, request.url, authInfo);
      return held;
    }
    if (sessions.has(id) || !store.shared) return undefined;
    const pending = restoring.get(id);
    if (pending !== undefined) return (await pending)?.owner === owner ? pending : undefined;
    const record = await store.get(id);
    if (record === undefined || record.owner !== owner) return undefined;
    // A rebuilt server costs the memory a new one does: the cap holds per instance for both.
    if (!reserve()) return busy();
    const restore = (async (): Promise<Session | undefined> => {
      const session = await open(owner, true, id);
      session.authInfo = authInfo;
      // Busy while it is rebuilt: never the idle copy another request evicts to make room.
      session.active++;
      try {
        await restoreSession(session, record, request.url, authInfo);
        return session;
      } catch (error) {
        await session.server.close();
        if (!(error instanceof RestoreFailed)) throw error;
        reportException(error, { action: "axn-plugin-mcp", phase: "mcp session restore" });
        return undefined;
      } finally {
        session.active--;
      }
    })();
    restoring.set(id, restore);
    try {
      return await restore;
    } finally {
      restoring.delete(id);
      sessions.release();
    }
  };

  /** Brings a held copy up to the record (one resync at a time per session). */
  const resync = (session: Session, url: string, authInfo: AuthInfo | undefined): Promise<void> => {
    const run = async (): Promise<void> => {
      const id = session.transport.sessionId;
      const record = id === undefined ? undefined : await store.get(id);
      if (record !== undefined) await syncSession(session, record, url, authInfo);
    };
    const next = (session.syncing ?? Promise.resolve()).then(run, run);
    session.syncing = next;
    return next;
  };

  /**
   * Room for one more server here. With a shared store an idle copy is closed to make it (its
   * record stays: it is rebuilt wherever its next request lands); in memory a full table is full.
   */
  const reserve = (): boolean => sessions.reserve() || (store.shared && sessions.evictIdle() && sessions.reserve());

  const busy = (): Response => jsonError(503, -32000, SessionMessages.full(maxSessions), { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });

  /**
   * A successful `logging/setLevel` or `resources/(un)subscribe` is recorded before its reply is
   * released, so the next request — on whichever instance — already sees it.
   */
  const recordChange = async (session: Session, change: SessionChange, requestId: unknown, response: Response): Promise<Response> => {
    const text = await response.text();
    const rebuilt = new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
    const id = session.transport.sessionId;
    if (id === undefined || !repliedWithResult(text, requestId)) return rebuilt;
    const applied = session.applied;
    if ("loggingLevel" in change) applied.loggingLevel = change.loggingLevel;
    else if ("subscribe" in change) applied.subscriptions.add(change.subscribe);
    else applied.subscriptions.delete(change.unsubscribe);
    const record = await store.update(id, change, idleMs);
    if (record !== undefined) {
      // Another instance's change in between is replayed here as well.
      if (record.revision !== applied.revision + 1) await syncSession(session, record, REPLAY_URL, session.authInfo);
      applied.revision = record.revision;
      await store.publish({ type: "changed", id, origin: instance });
    }
    return rebuilt;
  };

  // Resource updates cross instances: each resource gets a relay subscriber that publishes the
  // update, and each instance hands what others published to its own subscribers (not to relays).
  const relays: { resource: McpResource; relay: (uri: string) => Promise<void> }[] = [];
  let unlisten: Promise<() => void> | undefined;
  if (store.shared && options.stateless !== true) {
    for (const resource of set.surface.resources) {
      const relay = markRelay(async (uri: string) => {
        await store.publish({ type: "resource-updated", resource: resource.name, uri, origin: instance }).catch(() => undefined);
      });
      resourceInternals(resource).subscribers.add(relay);
      relays.push({ resource, relay });
    }
    // One message at a time, in the order published: a resource update waits for the resync of the
    // subscription published before it.
    let inbox = Promise.resolve();
    unlisten = store.listen((message) => {
      inbox = inbox.then(() => onMessage(message)).catch((error: unknown) => reportException(error, { action: "axn-plugin-mcp", phase: "mcp session message" }));
    });
  }
  const onMessage = async (message: SessionMessage): Promise<void> => {
    if (message.origin === instance) return;
    if (message.type === "resource-updated") {
      const resource = set.surface.resources.find((candidate) => candidate.name === message.resource);
      if (resource === undefined) return;
      for (const send of [...resourceInternals(resource).subscribers]) if (!isRelay(send)) await send(message.uri);
      return;
    }
    const session = sessions.peek(message.id);
    if (session === undefined) return;
    if (message.type === "closed") await session.server.close();
    else if (message.type === "forwarded") {
      await deliverForwarded(session, message.messages, REPLAY_URL);
      for (const cancelled of cancelledRequestIds(message.messages)) session.transport.closeSSEStream(cancelled);
    }
    else await resync(session, REPLAY_URL, session.authInfo);
  };

  const serve = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== path) return jsonError(404, -32000, `Not found: MCP is served at ${path}`);
    const refused = serving.checkRequest(request);
    if (refused !== undefined) return jsonError(refused.status, -32000, refused.message, refused.headers);

    const caller = await identify(request);
    if (caller instanceof Response) return caller;
    const owner = caller.principal !== undefined ? `principal:${caller.principal.id}` : caller.authInfo !== undefined ? `client:${caller.authInfo.clientId}` : ANONYMOUS_OWNER;

    let parsedBody: unknown;
    // The one JSON rule of every HTTP transport (@axn/sdk/serving): a POST in any other spelling
    // is refused here, as the SDK refuses a non-JSON one, rather than reaching it unread.
    if (request.method === "POST" && !isJsonContentType(request.headers.get("content-type"))) return jsonError(415, -32000, UNSUPPORTED_MEDIA_TYPE);
    if (request.method === "POST") {
      const read = await readMessage(request, maxBodyBytes);
      if (!read.ok) return jsonError(read.status, read.code, read.message);
      if (hasProtoKey(read.value)) return jsonError(400, -32600, McpMessages.protoKey);
      parsedBody = read.value;
      if (caller.principal !== undefined) {
        const challenged = await scopeChallenge(set, { message: parsedBody, principal: caller.principal, resourceMetadata: protectedResourceMetadataUrl(request, path) });
        if (challenged !== undefined) return challenged;
      }
    }
    const handle = (session: Session): Promise<Response> =>
      session.transport.handleRequest(request, {
        ...(caller.authInfo === undefined ? {} : { authInfo: caller.authInfo }),
        ...(parsedBody === undefined ? {} : { parsedBody }),
      });

    if (options.stateless === true) {
      // A stateless server has no session to resume or stream to outside a POST.
      if (request.method !== "POST") return jsonError(405, -32000, "Method not allowed: this server is stateless", { Allow: "POST" });
      const session = await open(owner, false);
      return whenDone(await handle(session), () => session.server.close());
    }

    const id = request.headers.get(SESSION_HEADER);
    if (id !== null) {
      // Someone else's session is indistinguishable from one that never existed.
      const found = await sessionFor(id, owner, request, caller.authInfo);
      if (found instanceof Response) return found;
      if (found === undefined) return jsonError(404, -32001, SessionMessages.notFound);
      const session = found;
      const done = sessions.begin(session);
      // A long stream (GET, a slow call) keeps the record alive in the store, as it keeps the server here.
      const keepAlive = store.shared ? setInterval(() => void store.touch(id, idleMs).catch(() => undefined), Math.max(1000, Math.floor(idleMs / 3))).unref() : undefined;
      const finish = (): void => {
        clearInterval(keepAlive);
        done();
      };
      let response: Response;
      try {
        response = await handle(session);
        const change = store.shared ? sessionChange(parsedBody) : undefined;
        if (change !== undefined && response.ok) response = await recordChange(session, change.change, change.requestId, response);
        // The answer to a question some instance asked (elicitation, sampling), or the cancellation
        // of a call some instance runs, may have come here: every instance holding the session gets
        // it; only the one whose request it concerns acts on it.
        const forwarded = store.shared ? forwardable(parsedBody) : [];
        if (forwarded.length > 0) await store.publish({ type: "forwarded", id, messages: forwarded, origin: instance });
        if (request.method === "DELETE" && response.ok) {
          await store.delete(id);
          await store.publish({ type: "closed", id, origin: instance });
        }
      } catch (error) {
        finish();
        throw error;
      }
      // After `notifications/cancelled` the cancelled request's stream is closed: the SDK stops the
      // tool but would otherwise leave its POST stream open with nothing more to come.
      for (const cancelled of cancelledRequestIds(parsedBody)) session.transport.closeSSEStream(cancelled);
      return whenDone(response, async () => finish());
    }
    if (request.method !== "POST") return jsonError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    if (!reserve()) return busy();
    // A new session starts with `initialize`; the transport refuses anything else, and the server
    // made for it is dropped unless the session was actually initialized.
    try {
      const session = await open(owner, true);
      const response = await handle(session);
      const opened = session.transport.sessionId;
      if (opened === undefined) await session.server.close();
      // Recorded before the client has its session id, so its next request finds it on any instance.
      else await store.create(initialRecord(opened, owner, parsedBody), idleMs);
      return response;
    } finally {
      sessions.release();
    }
  };

  /** The caller's principal (`serve.authenticate`), or the legacy `authenticate`'s AuthInfo, or the refusal to answer. */
  const identify = async (request: Request): Promise<{ principal?: AxnPrincipal; authInfo?: AuthInfo } | Response> => {
    if (options.authenticate !== undefined) {
      const authInfo = await options.authenticate(request);
      if (authInfo === undefined) return jsonError(401, -32001, "Unauthorized", { "WWW-Authenticate": "Bearer" });
      return { authInfo };
    }
    const verdict = await serving.authenticate(request, path);
    if (!verdict.ok) return verdict.response ?? jsonError(verdict.status, verdict.status === 500 ? -32603 : -32001, verdict.message, verdict.headers);
    if (verdict.principal === null) return {};
    const principal = verdict.principal;
    // The SDK's own channel for a verified caller: tools see it as `authInfo`, and as ambient `principal`.
    const authInfo: AuthInfo = {
      token: bearerToken(request) || "",
      clientId: principal.id,
      scopes: [...(principal.scopes ?? [])],
      extra: { [PRINCIPAL_AMBIENT_KEY]: principal },
    };
    return { principal, authInfo };
  };

  const fetch = async (request: Request): Promise<Response> => {
    try {
      return withNosniff(await serve(request));
    } catch (error) {
      reportException(error, { action: "axn-plugin-mcp", phase: "mcp http request" });
      // A store outage is the server's to report and the client's to retry, not an internal error.
      if (error instanceof SessionStoreUnavailable) return withNosniff(jsonError(503, -32000, SessionMessages.storeUnavailable, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) }));
      return jsonError(500, -32603, "Internal server error");
    }
  };

  // @hono/node-server (with hono) is loaded on the first request: ~30 ms of a cold start's CPU that
  // a server answering stdio only, or not yet called, never needs.
  let honoListener: ReturnType<typeof getRequestListener> | undefined;
  return {
    fetch,
    listener: async (request, response) => {
      // Answered here, where the socket is at hand, so a client still sending receives it.
      if (declaredTooLarge(request, maxBodyBytes)) {
        replyAndDrain(request, response, 413, JSON_ERROR_HEADERS, jsonErrorBody(-32000, ReadMessages.tooLarge(maxBodyBytes)));
        return;
      }
      honoListener ??= (await import("@hono/node-server")).getRequestListener(fetch);
      await honoListener(request, response);
    },
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      for (const { resource, relay } of relays.splice(0)) resourceInternals(resource).subscribers.delete(relay);
      const stopListening = unlisten;
      unlisten = undefined;
      // Not awaited: a store that never reached Redis would keep close() waiting (closing the store ends it).
      if (stopListening !== undefined) void stopListening.then((stop) => stop(), () => undefined);
      await Promise.all(sessions.drain().map((session) => session.server.close()));
      if (ownStore) await store.close();
    },
  };
}

/** Where replayed messages say they were sent (the transport reads only their headers and body). */
const REPLAY_URL = "http://axn.internal/mcp";

/** The messages of a body another instance may need: JSON-RPC responses (no method) and `notifications/cancelled`. */
function forwardable(body: unknown): unknown[] {
  if (body === undefined) return [];
  return [body].flat().filter((message) => {
    if (typeof message !== "object" || message === null) return false;
    const { method } = message as { method?: unknown };
    if (method === undefined) return "result" in message || "error" in message;
    return method === "notifications/cancelled";
  });
}

/** The record of a session just opened by `initialize` (the request the transport accepted). */
function initialRecord(id: string, owner: string, initialize: unknown): Omit<SessionRecord, "revision" | "loggingLevel" | "subscriptions"> {
  const params = (initialize as { params?: { protocolVersion?: unknown; capabilities?: unknown; clientInfo?: unknown } } | undefined)?.params ?? {};
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

/** The session change a single request asks for (the store records it once the server accepted it). */
function sessionChange(body: unknown): { readonly change: SessionChange; readonly requestId: unknown } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { method, params, id } = body as { method?: unknown; params?: { level?: unknown; uri?: unknown }; id?: unknown };
  if (id === undefined) return undefined;
  if (method === "logging/setLevel") {
    const level = LoggingLevelSchema.safeParse(params?.level);
    return level.success ? { change: { loggingLevel: level.data }, requestId: id } : undefined;
  }
  if (typeof params?.uri !== "string") return undefined;
  if (method === "resources/subscribe") return { change: { subscribe: params.uri }, requestId: id };
  if (method === "resources/unsubscribe") return { change: { unsubscribe: params.uri }, requestId: id };
  return undefined;
}

/** True when the reply (JSON, or SSE events) answers `requestId` with a result, not an error. */
function repliedWithResult(text: string, requestId: unknown): boolean {
  const payloads = text.includes("data:") ? text.split("\n").filter((line) => line.startsWith("data:")).map((line) => line.slice(5)) : [text];
  for (const payload of payloads) {
    try {
      const reply = JSON.parse(payload) as { id?: unknown; result?: unknown };
      if (reply.id === requestId && reply.result !== undefined) return true;
    } catch {
      // a priming or partial event: not the reply
    }
  }
  return false;
}

const RELAY = Symbol("axn.mcp.resourceRelay");

/** Marks a relay subscriber: relays forward an update to other instances and are never handed one. */
function markRelay<T extends (uri: string) => Promise<void>>(relay: T): T {
  return Object.assign(relay, { [RELAY]: true });
}

function isRelay(send: (uri: string) => Promise<void>): boolean {
  return (send as { [RELAY]?: boolean })[RELAY] === true;
}

const JSON_ERROR_HEADERS = { "content-type": "application/json", "x-content-type-options": "nosniff" } as const;

/** The MCP SDK's own words for a POST that is not JSON. */
const UNSUPPORTED_MEDIA_TYPE = "Unsupported Media Type: Content-Type must be application/json";

/** Runs `done` once the response body has been fully sent or abandoned (immediately when there is none). */
function whenDone(response: Response, done: () => Promise<void>): Response {
  const finish = (): void => {
    done().catch(() => undefined);
  };
  if (response.body === null) {
    finish();
    return response;
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        finish();
        throw error;
      }
      if (chunk.done) {
        controller.close();
        finish();
      } else {
        controller.enqueue(chunk.value);
      }
    },
    async cancel(reason) {
      await reader.cancel(reason);
      finish();
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
