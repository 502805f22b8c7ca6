/**
 * What `createStreamableHttpHandler` takes and returns: its options (the server's, plus the
 * path, the serving policy, the limits, the session store) and the handler itself (`fetch`, a
 * Node `listener`, the session count, `close`).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpServingPolicy } from "@axn/core";
import type { ServerEventBus } from "@modelcontextprotocol/server";
import type { McpServerOptions } from "../server/server.js";
import { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS } from "../sessions/table.js";
import type { SessionStore } from "../sessions/store.js";

/** Default request-body limit: tool arguments are small; 1 MiB leaves room without inviting abuse. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export { DEFAULT_MAX_SESSIONS, DEFAULT_SESSION_IDLE_MS };

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
  /**
   * Live sessions kept at most (default: the `mcp.maxSessions` setting, {@link DEFAULT_MAX_SESSIONS}).
   * A new session beyond it closes the least recently used one with no call in progress; when every
   * one is working it answers 503.
   */
  readonly maxSessions?: number;
  /**
   * Live sessions one caller keeps at most — a principal, or every anonymous caller together
   * (default: the `mcp.maxSessionsPerPrincipal` setting, 100);
   * a new one beyond it answers 429.
   */
  readonly maxSessionsPerPrincipal?: number;
  /**
   * A session with no request for this long is closed, a held GET stream with it (default: the
   * `mcp.sessionIdleMs` setting, {@link DEFAULT_SESSION_IDLE_MS}).
   */
  readonly sessionIdleMs?: number;
  /**
   * Where sessions are recorded (default: this process's memory). A shared store
   * (`createRedisSessionStore`) lets every instance behind a balancer answer every session. The
   * handler does not close a store it was given.
   */
  readonly sessionStore?: SessionStore;
  /**
   * Where 2026-07-28 `subscriptions/listen` streams hear of changes (a resource updated): default
   * this process only. `axn serve` passes one over the app's Redis when it has a `queue.connection`,
   * so an update on any instance reaches every instance's streams. The handler does not close it.
   */
  readonly eventBus?: ServerEventBus;
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
