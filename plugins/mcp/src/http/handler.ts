/**
 * `createStreamableHttpHandler`: the MCP Streamable HTTP transport as a fetch-style handler
 * (`(Request) => Promise<Response>`, for hono, Bun, Deno, workers) with a Node `listener` derived
 * from it. Each session gets its own server and transport — and each request, when stateless — so
 * a response can never be routed to another client, even when two clients use the same request ids.
 *
 * A request runs through small steps, in order, each in its own module: `admit` (the path; the
 * serving policy's Host/Origin check, shared with every HTTP transport of the server), `identify`
 * (`serve.authenticate`, on every request — a `401` carries `WWW-Authenticate: Bearer
 * resource_metadata="…"`), `readBody` (size, UTF-8, JSON; a `tools/call` the caller's token lacks
 * scopes for is `403 insufficient_scope`), then one of `serveStateless`, `serveSession` (the session
 * must belong to the same caller, else `404`) or `serveNewSession`. Tool calls share the server's
 * concurrent-call cap. Every error response is a JSON-RPC error body with `nosniff`.
 *
 * Sessions are recorded in a session store (sessions/store.ts): this process's memory by default;
 * with a shared store (Redis, `mcp.sessionStore`) a request for a session another instance opened
 * rebuilds it here (find-session.ts, sessions/restore.ts), a change of its log level or
 * subscriptions is recorded before the client hears it succeeded (record-change.ts), and resource
 * updates reach the instance holding the session's GET stream through the store's channel
 * (relays.ts, docs/scaling.md).
 *
 * @example
 * ```ts
 * const mcp = createStreamableHttpHandler({ name: "acme", version: "1.0.0" });
 * http.createServer(mcp.listener).listen(3000); // POST/GET/DELETE http://127.0.0.1:3000/mcp
 * ```
 */
import { reportException } from "@axn/core";
import { BUSY_RETRY_AFTER_SECONDS, declaredTooLarge, replyAndDrain } from "@axn/sdk/serving";
import type { getRequestListener } from "@hono/node-server";
import { SessionStoreUnavailable } from "../sessions/store.js";
import { admit } from "./admit.js";
import { httpContext } from "./context.js";
import { identify, ownerOf } from "./identify.js";
import { jsonError, jsonErrorBody, withNosniff } from "./json-error.js";
import { isModern, modernHandler, serveModern } from "./modern.js";
import { serveNewSession } from "./new-session.js";
import type { McpHttpHandler, StreamableHttpOptions } from "./options.js";
import { readBody } from "./read-body.js";
import { ReadMessages } from "./read-message.js";
import { relayAcrossInstances } from "./relays.js";
import { SessionMessages } from "./session-messages.js";
import { serveSession } from "./session-request.js";
import { serveStateless } from "./stateless.js";

export {
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
  type McpHttpHandler,
  type StreamableHttpOptions,
} from "./options.js";

const SESSION_HEADER = "mcp-session-id";

export function createStreamableHttpHandler(options: StreamableHttpOptions): McpHttpHandler {
  const ctx = httpContext(options);
  const relays = relayAcrossInstances(ctx);
  const modern = modernHandler(ctx);

  const serve = async (request: Request): Promise<Response> => {
    const refused = admit(ctx, request);
    if (refused !== undefined) return refused;
    const caller = await identify(ctx, request);
    if (caller instanceof Response) return caller;
    const body = await readBody(ctx, request, caller);
    if (body instanceof Response) return body;
    const exchange = { request, caller, owner: ownerOf(caller), parsedBody: body.parsedBody };
    // 2026-07-28 requests carry everything they need: no session, whichever instance answers.
    const modernRequest = isModern(exchange);
    if (modernRequest === true || (modernRequest !== false && (await modernRequest)))
      return serveModern(modern, exchange);
    if (options.stateless === true) return serveStateless(ctx, exchange);
    const id = request.headers.get(SESSION_HEADER);
    return id !== null ? serveSession(ctx, exchange, id) : serveNewSession(ctx, exchange);
  };

  const fetch = async (request: Request): Promise<Response> => {
    try {
      return withNosniff(await serve(request));
    } catch (error) {
      reportException(error, { action: "axn-plugin-mcp", phase: "mcp http request" });
      // A store outage is the server's to report and the client's to retry, not an internal error.
      if (error instanceof SessionStoreUnavailable)
        return withNosniff(
          jsonError(503, -32000, SessionMessages.storeUnavailable, { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) }),
        );
      return jsonError(500, -32603, "Internal server error");
    }
  };

  // @hono/node-server (with hono) is loaded on the first request: cold-start work (bench: row 8)
  // that a server answering stdio only, or not yet called, never needs.
  let honoListener: ReturnType<typeof getRequestListener> | undefined;
  return {
    fetch,
    listener: async (request, response) => {
      // Answered here, where the socket is at hand, so a client still sending receives it.
      if (declaredTooLarge(request, ctx.maxBodyBytes)) {
        replyAndDrain(
          request,
          response,
          413,
          JSON_ERROR_HEADERS,
          jsonErrorBody(-32000, ReadMessages.tooLarge(ctx.maxBodyBytes)),
        );
        return;
      }
      honoListener ??= (await import("@hono/node-server")).getRequestListener(fetch);
      await honoListener(request, response);
    },
    get sessionCount() {
      return ctx.sessions.size;
    },
    async close() {
      relays.stop();
      await modern.close();
      await Promise.all(ctx.sessions.drain().map((session) => session.server.close()));
      if (ctx.ownStore) await ctx.store.close();
    },
  };
}

const JSON_ERROR_HEADERS = { "content-type": "application/json", "x-content-type-options": "nosniff" } as const;
