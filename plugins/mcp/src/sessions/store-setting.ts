/**
 * The `mcp.sessionStore` setting, turned into the store `axn serve` hands its Streamable HTTP
 * handler: `"memory"` (the default: sessions live in the process that opened them), `"redis"` (the
 * app's own Redis, `queue.connection`, under the queue's key prefix) or a `redis://` URL of its own.
 * Redis code loads only when a Redis store is chosen.
 */
import { AxnError, ErrorCodes } from "@axn/core";
import type { SessionStore } from "./store.js";

export type SessionStoreSetting = "memory" | "redis" | `redis://${string}` | `rediss://${string}`;

export const SessionStoreMessages = {
  invalid: 'expected "memory", "redis" (the app\'s queue.connection) or a redis:// URL',
  noConnection:
    'mcp.sessionStore is "redis", which keeps MCP sessions on the app\'s Redis, but queue.connection is not set; set queue: { connection: "redis://…" } or give mcp.sessionStore a redis:// URL',
} as const;

export function isSessionStoreSetting(value: unknown): value is SessionStoreSetting {
  return (
    value === "memory" ||
    value === "redis" ||
    (typeof value === "string" && /^rediss?:\/\/\S+$/.test(value) && URL.canParse(value))
  );
}

/** The store for `setting`; `undefined` for memory (the handler's own). */
export async function sessionStoreFor(setting: SessionStoreSetting): Promise<SessionStore | undefined> {
  if (setting === "memory") return undefined;
  const [{ configuredQueueSettings }, { createRedisSessionStore }] = await Promise.all([
    import("@axn/sdk/queue"),
    import("./redis-store.js"),
  ]);
  const queue = configuredQueueSettings();
  if (setting === "redis") {
    if (queue === undefined) throw new AxnError(ErrorCodes.ConfigInvalid, SessionStoreMessages.noConnection);
    return createRedisSessionStore({ connection: queue.connection, prefix: queue.prefix });
  }
  return createRedisSessionStore({ connection: setting, prefix: queue?.prefix ?? "axn" });
}
