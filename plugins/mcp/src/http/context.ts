/**
 * What the steps of one Streamable HTTP handler share: its options with their defaults resolved,
 * the tool set every session serves, the serving policy, this process's session table, the session
 * store, and this handler's identity among the instances sharing that store. Built once per handler;
 * each step (admit.ts, identify.ts, read-body.ts, stateless.ts, session-request.ts, new-session.ts)
 * reads it and nothing else.
 */
import { randomUUID } from "node:crypto";
import type { HttpServingPolicy } from "@axn/core";
import { servingPolicy } from "@axn/sdk/serving";
import { serverSet, type ServerLimits, type ToolSet } from "../server/server.js";
import { mcpConfig } from "../settings/config.js";
import { SessionTable, type Session, type SessionLimits } from "../sessions/table.js";
import { createMemorySessionStore, type SessionStore } from "../sessions/store.js";
import { DEFAULT_MAX_BODY_BYTES, type StreamableHttpOptions } from "./options.js";

export interface HttpContext {
  readonly options: StreamableHttpOptions;
  readonly set: ToolSet;
  readonly path: string;
  readonly serving: HttpServingPolicy;
  readonly maxBodyBytes: number;
  /** The session caps and idle time: the options', else the `mcp` settings (`axn serve`). */
  readonly sessionLimits: SessionLimits;
  readonly idleMs: number;
  readonly sessions: SessionTable;
  readonly limits: ServerLimits;
  /** The store was made here (memory), so `close()` closes it; a store given is the caller's. */
  readonly ownStore: boolean;
  readonly store: SessionStore;
  /** This handler among the instances sharing the store: its own messages come back to it. */
  readonly instance: string;
  /** Sessions being rebuilt here, so two requests at once rebuild one server. */
  readonly restoring: Map<string, Promise<Session | undefined>>;
}

export function httpContext(options: StreamableHttpOptions): HttpContext {
  const set = serverSet(options, "createStreamableHttpHandler");
  const serving =
    options.serving ??
    servingPolicy({
      phase: "mcp http",
      ...(options.hostname === undefined ? {} : { hostname: options.hostname }),
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
      ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
    });
  const store = options.sessionStore ?? createMemorySessionStore();
  const sessionLimits: SessionLimits = {
    maxSessions: options.maxSessions ?? mcpConfig.get("maxSessions"),
    maxSessionsPerPrincipal: options.maxSessionsPerPrincipal ?? mcpConfig.get("maxSessionsPerPrincipal"),
    idleMs: options.sessionIdleMs ?? mcpConfig.get("sessionIdleMs"),
  };
  return {
    options,
    set,
    path: options.path ?? "/mcp",
    serving,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    sessionLimits,
    idleMs: sessionLimits.idleMs,
    sessions: new SessionTable(sessionLimits, store.shared ? (id) => store.remainingMs(id) : undefined),
    limits: { acquireCall: () => serving.acquireCall() },
    ownStore: options.sessionStore === undefined,
    store,
    instance: randomUUID(),
    restoring: new Map(),
  };
}
