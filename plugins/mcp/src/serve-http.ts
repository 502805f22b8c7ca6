/**
 * `createStreamableHttpHandler`: the MCP Streamable HTTP transport as a fetch-style handler
 * (`(Request) => Promise<Response>`, for hono, Bun, Deno, workers) with a Node `listener` derived
 * from it. Each session gets its own server and transport — and each request, when stateless — so
 * a response can never be routed to another client, even when two clients use the same request
 * ids. Host/Origin are validated before anything else, bodies are size-limited by the SDK's
 * transport, and every error response is a JSON-RPC error body.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { reportException } from "@axn/core";
import { getRequestListener } from "@hono/node-server";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { jsonError, LOCALHOST_NAMES, requestGuards } from "./http-guards.js";
import { serverFor, serverSet, type McpServerOptions } from "./server.js";

/** Default request-body limit: tool arguments are small; 1 MiB leaves room without inviting abuse. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export interface StreamableHttpOptions extends McpServerOptions {
  /** The path served (default `"/mcp"`); any other path answers 404. */
  readonly path?: string;
  /** No sessions: a fresh server per request (default `false`). */
  readonly stateless?: boolean;
  /**
   * Hostnames (port-agnostic; IPv6 in brackets) the Host header may name. Default: the loopback
   * names. `false` turns the check off — only behind a proxy that validates Host itself.
   */
  readonly allowedHosts?: readonly string[] | false;
  /**
   * Exact origins (`"https://app.example.com"`) a browser may call from. Default: origins whose
   * hostname is an allowed host. A request without an Origin header (not a browser) is not refused.
   */
  readonly allowedOrigins?: readonly string[] | false;
  /** Largest accepted request body in bytes (default {@link DEFAULT_MAX_BODY_BYTES}); larger answers 413. */
  readonly maxBodyBytes?: number;
  /**
   * Authenticates a request. Returning `undefined` refuses it (401); the `AuthInfo` returned
   * reaches each call's server context (`authInfo`).
   */
  readonly authenticate?: (request: Request) => AuthInfo | undefined | Promise<AuthInfo | undefined>;
}

export interface McpHttpHandler {
  /** Serves one request. */
  fetch(request: Request): Promise<Response>;
  /** The same handler for `node:http` (`http.createServer(handler.listener)`). */
  readonly listener: (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  /** Open sessions (always 0 when stateless). */
  readonly sessionCount: number;
  /** Closes every open session. */
  close(): Promise<void>;
}

interface Session {
  readonly server: Server;
  readonly transport: WebStandardStreamableHTTPServerTransport;
}

const SESSION_HEADER = "mcp-session-id";

export function createStreamableHttpHandler(options: StreamableHttpOptions): McpHttpHandler {
  const set = serverSet(options, "createStreamableHttpHandler");
  const path = options.path ?? "/mcp";
  const guards = requestGuards(options.allowedHosts ?? LOCALHOST_NAMES, options.allowedOrigins);
  const maxRequestBodySize = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const sessions = new Map<string, Session>();

  const open = async (sessionIdGenerator: (() => string) | undefined): Promise<Session> => {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator,
      maxRequestBodySize,
      onsessioninitialized: (id) => {
        sessions.set(id, session);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    const server = serverFor(options, set);
    const session: Session = { server, transport };
    await server.connect(transport);
    return session;
  };

  const serve = async (request: Request): Promise<Response> => {
    if (new URL(request.url).pathname !== path) return jsonError(404, -32000, `Not found: MCP is served at ${path}`);
    const refused = guards.checkHost(request) ?? guards.checkOrigin(request);
    if (refused !== undefined) return refused;

    let authInfo: AuthInfo | undefined;
    if (options.authenticate !== undefined) {
      authInfo = await options.authenticate(request);
      if (authInfo === undefined) return jsonError(401, -32001, "Unauthorized", { "WWW-Authenticate": "Bearer" });
    }
    const handle = (transport: WebStandardStreamableHTTPServerTransport): Promise<Response> =>
      transport.handleRequest(request, authInfo === undefined ? {} : { authInfo });

    if (options.stateless === true) {
      // A stateless server has no session to resume or stream to outside a POST.
      if (request.method !== "POST") return jsonError(405, -32000, "Method not allowed: this server is stateless", { Allow: "POST" });
      const session = await open(undefined);
      return whenDone(await handle(session.transport), () => session.server.close());
    }

    const id = request.headers.get(SESSION_HEADER);
    if (id !== null) {
      const session = sessions.get(id);
      if (session === undefined) return jsonError(404, -32001, "Session not found");
      return handle(session.transport);
    }
    if (request.method !== "POST") return jsonError(400, -32000, "Bad Request: Mcp-Session-Id header is required");
    // A new session starts with `initialize`; the transport refuses anything else, and the server
    // made for it is dropped unless the session was actually initialized.
    const session = await open(randomUUID);
    const response = await handle(session.transport);
    if (session.transport.sessionId === undefined) await session.server.close();
    return response;
  };

  const fetch = async (request: Request): Promise<Response> => {
    try {
      return await serve(request);
    } catch (error) {
      reportException(error, { action: "axn-plugin-mcp", phase: "mcp http request" });
      return jsonError(500, -32603, "Internal server error");
    }
  };

  return {
    fetch,
    listener: getRequestListener(fetch),
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.server.close()));
    },
  };
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
      const chunk = await reader.read();
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
