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
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { PRINCIPAL_AMBIENT_KEY, reportException, type AxnPrincipal, type HttpServingPolicy } from "@axn/core";
import { BUSY_RETRY_AFTER_SECONDS, declaredTooLarge, protectedResourceMetadataUrl, replyAndDrain, servingPolicy } from "@axn/sdk/serving";
import type { getRequestListener } from "@hono/node-server";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { jsonError, jsonErrorBody, withNosniff } from "./http-guards.js";
import { cancelledRequestIds, hasProtoKey, readMessage, ReadMessages } from "./read-message.js";
import { scopeChallenge } from "./scope-challenge.js";
import { McpMessages, serverFor, serverSet, type McpServerOptions } from "./server.js";
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS, SessionTable, type Session } from "./sessions.js";

/** Default request-body limit: tool arguments are small; 1 MiB leaves room without inviting abuse. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS };

export const SessionMessages = {
  notFound: "Session not found",
  full: (max: number): string => `Server busy: ${max} MCP sessions are open, the most this server keeps; close one (DELETE) or retry later`,
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
  /** Open sessions (always 0 when stateless). */
  readonly sessionCount: number;
  /** Closes every open session. */
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
  const sessions = new SessionTable(maxSessions, options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS);
  const limits = { acquireCall: () => serving.acquireCall() };

  const open = async (owner: string, stateful: boolean): Promise<Session> => {
    const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: stateful ? randomUUID : undefined,
      maxRequestBodySize: maxBodyBytes,
      onsessioninitialized: (id) => sessions.add(id, session),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const server = serverFor(options, set, limits);
    const session: Session = { server, transport, owner, active: 0, timer: undefined };
    await server.connect(transport);
    return session;
  };

  const serve = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== path) return jsonError(404, -32000, `Not found: MCP is served at ${path}`);
    const refused = serving.checkRequest(request);
    if (refused !== undefined) return jsonError(refused.status, -32000, refused.message, refused.headers);

    const caller = await identify(request);
    if (caller instanceof Response) return caller;
    const owner = caller.principal !== undefined ? `principal:${caller.principal.id}` : caller.authInfo !== undefined ? `client:${caller.authInfo.clientId}` : ANONYMOUS_OWNER;

    let parsedBody: unknown;
    if (request.method === "POST" && isJson(request.headers.get("content-type"))) {
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
      const session = sessions.lookup(id, owner);
      if (session === undefined) return jsonError(404, -32001, SessionMessages.notFound);
      const done = sessions.begin(session);
      let response: Response;
      try {
        response = await handle(session);
      } catch (error) {
        done();
        throw error;
      }
      // After `notifications/cancelled` the cancelled request's stream is closed: the SDK stops the
      // tool but would otherwise leave its POST stream open with nothing more to come.
      for (const cancelled of cancelledRequestIds(parsedBody)) session.transport.closeSSEStream(cancelled);
      return whenDone(response, async () => done());
    }
    if (request.method !== "POST") return jsonError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    if (!sessions.reserve()) return jsonError(503, -32000, SessionMessages.full(maxSessions), { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) });
    // A new session starts with `initialize`; the transport refuses anything else, and the server
    // made for it is dropped unless the session was actually initialized.
    try {
      const session = await open(owner, true);
      const response = await handle(session);
      if (session.transport.sessionId === undefined) await session.server.close();
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
      token: bearer(request),
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
      await Promise.all(sessions.drain().map((session) => session.server.close()));
    },
  };
}

const JSON_ERROR_HEADERS = { "content-type": "application/json", "x-content-type-options": "nosniff" } as const;

function isJson(contentType: string | null): boolean {
  return contentType !== null && /^application\/json\s*(;|$)/i.test(contentType.trim());
}

function bearer(request: Request): string {
  return /^Bearer\s+(\S+)/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
}

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
