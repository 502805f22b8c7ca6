/**
 * MCP sessions in Redis, for instances behind a balancer: each session is one hash,
 * `{prefix}:mcp:session:{id}`, whose TTL is the session's idle time (every request of the session,
 * on any instance, restarts it), changed only by Lua scripts so two instances changing one session
 * at once cannot lose a change; instances tell each other about sessions on one pub/sub channel,
 * `{prefix}:mcp:sessions`. The connection is the app's (`queue.connection`) or the URL given.
 *
 * @example
 * ```ts
 * const store = await createRedisSessionStore({ connection: "redis://127.0.0.1:6379" });
 * ```
 */
import type { LoggingLevel } from "@modelcontextprotocol/server";
import {
  SessionStoreUnavailable,
  type SessionChange,
  type SessionMessage,
  type SessionRecord,
  type SessionStore,
} from "./store.js";

export interface RedisSessionStoreOptions {
  /** A `redis://` or `rediss://` URL. */
  readonly connection: string;
  /** The key prefix (default `"axn"`, the queue's). */
  readonly prefix?: string;
  /**
   * How long a request waits for Redis (ms, default {@link DEFAULT_SESSION_STORE_TIMEOUT_MS}) before
   * it is answered `503`: the client reconnects and replays the command when Redis is back, but a
   * request must not hang on it.
   */
  readonly timeoutMs?: number;
}

export const DEFAULT_SESSION_STORE_TIMEOUT_MS = 5000;

/** The few ioredis calls used here: the client's type stays out of the published declarations (ioredis is an optional peer). */
interface RedisLike {
  multi(): {
    hset(
      key: string,
      fields: Record<string, string>,
    ): { pexpire(key: string, ms: number): { exec(): Promise<unknown> } };
  };
  hgetall(key: string): Promise<Record<string, string>>;
  pttl(key: string): Promise<number>;
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
  del(key: string): Promise<number>;
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string): Promise<unknown>;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  duplicate(): RedisLike;
  quit(): Promise<unknown>;
  disconnect(): void;
}

// Each owner's live sessions, for the per-caller cap across instances: a sorted set
// `{prefix}:mcp:owner:{owner}` of session ids scored by when each expires (ms), pruned as it is read.

// Create: prune the owner's expired ids; refuse (0) when the owner is at its cap (ARGV[3], 0: none);
// else record the session (ARGV[5..]: field, value pairs) and its expiry. KEYS: hash, owner set.
const CREATE = `redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
local cap = tonumber(ARGV[3])
if cap > 0 and redis.call('ZCARD', KEYS[2]) >= cap then return 0 end
local expires = tonumber(ARGV[1]) + tonumber(ARGV[2])
redis.call('ZADD', KEYS[2], expires, ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[2], 'GT')
redis.call('PEXPIRE', KEYS[2], ARGV[2], 'NX')
redis.call('HSET', KEYS[1], unpack(ARGV, 5))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1`;

// Touch: restart the idle time (and the session's expiry in its owner's set), answer the revision
// (nil: the session is gone). ARGV: idle ms, now, the owner-set key prefix, the session id.
const TOUCH = `if redis.call('PEXPIRE', KEYS[1], ARGV[1]) == 0 then return false end
local owner = redis.call('HGET', KEYS[1], 'owner')
if owner then
  local set = ARGV[3] .. owner
  redis.call('ZADD', set, 'XX', tonumber(ARGV[2]) + tonumber(ARGV[1]), ARGV[4])
  redis.call('PEXPIRE', set, ARGV[1], 'GT')
end
return redis.call('HGET', KEYS[1], 'revision')`;

// Delete: the session and its place in its owner's set. ARGV: the owner-set key prefix, the id.
const DELETE = `local owner = redis.call('HGET', KEYS[1], 'owner')
if owner then redis.call('ZREM', ARGV[1] .. owner, ARGV[2]) end
return redis.call('DEL', KEYS[1])`;

// Change: never recreates a session that expired or was deleted meanwhile.
const CHANGE = `if redis.call('EXISTS', KEYS[1]) == 0 then return false end
if ARGV[1] == 'level' then
  redis.call('HSET', KEYS[1], 'loggingLevel', ARGV[2])
elseif ARGV[1] == 'subscribe' then
  if redis.call('HEXISTS', KEYS[1], 'sub:' .. ARGV[2]) == 0 then
    redis.call('HSET', KEYS[1], 'sub:' .. ARGV[2], redis.call('HINCRBY', KEYS[1], 'subseq', 1))
  end
else
  redis.call('HDEL', KEYS[1], 'sub:' .. ARGV[2])
end
redis.call('HINCRBY', KEYS[1], 'revision', 1)
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return redis.call('HGETALL', KEYS[1])`;

export async function createRedisSessionStore(options: RedisSessionStoreOptions): Promise<SessionStore> {
  const prefix = options.prefix ?? "axn";
  // Loaded here, not at import: a server keeping sessions in memory never loads the queue's Redis code.
  const { redisClient } = await import("@axn/sdk/queue");
  const client = (await redisClient(options.connection)) as RedisLike;
  const channel = `${prefix}:mcp:sessions`;
  const key = (id: string): string => `${prefix}:mcp:session:${id}`;
  const ownerSets = `${prefix}:mcp:owner:`;
  const listeners = new Set<(message: SessionMessage) => void>();
  const timeoutMs = options.timeoutMs ?? DEFAULT_SESSION_STORE_TIMEOUT_MS;
  const within = <T>(command: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new SessionStoreUnavailable(`Redis did not answer within ${timeoutMs} ms`)),
        timeoutMs,
      );
      command.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
  let subscriber: RedisLike | undefined;

  let subscribed: Promise<unknown> | undefined;
  const subscribe = (): Promise<unknown> => (subscribed ??= open());
  const open = async (): Promise<unknown> => {
    // A connection in subscriber mode can do nothing else: a second one, opened on the first listen.
    subscriber = client.duplicate();
    // A duplicate has none of the original's listeners: without one, each reconnect attempt while
    // Redis is down would be printed as an unhandled error.
    subscriber.on("error", () => undefined);
    subscriber.on("message", (from, text) => {
      if (from !== channel) return;
      let message: SessionMessage;
      try {
        message = JSON.parse(text) as SessionMessage;
      } catch {
        return; // not ours: someone else published on the channel
      }
      for (const listener of listeners) listener(message);
    });
    return subscriber.subscribe(channel);
  };

  return {
    shared: true,
    async create(record, idleMs, maxPerOwner = 0) {
      const fields: Record<string, string> = {
        owner: record.owner,
        protocolVersion: record.protocolVersion,
        clientCapabilities: JSON.stringify(record.clientCapabilities),
        clientInfo: JSON.stringify(record.clientInfo),
        revision: "0",
        createdAt: String(record.createdAt),
      };
      const created = await within(
        client.eval(
          CREATE,
          2,
          key(record.id),
          `${ownerSets}${record.owner}`,
          Date.now(),
          idleMs,
          maxPerOwner,
          record.id,
          ...Object.entries(fields).flat(),
        ),
      );
      return created === 1;
    },
    async get(id) {
      return parseRecord(id, await within(client.hgetall(key(id))));
    },
    async touch(id, idleMs) {
      const revision = await within(client.eval(TOUCH, 1, key(id), idleMs, Date.now(), ownerSets, id));
      return revision === null ? undefined : Number(revision);
    },
    async remainingMs(id) {
      const ms = await within(client.pttl(key(id)));
      // -2: no such key; -1: no expiry (never written so by this store: treated as gone).
      return ms < 0 ? undefined : ms;
    },
    async update(id, change: SessionChange, idleMs) {
      const [op, value] =
        "loggingLevel" in change
          ? ["level", change.loggingLevel]
          : "subscribe" in change
            ? ["subscribe", change.subscribe]
            : ["unsubscribe", change.unsubscribe];
      const flat = (await within(client.eval(CHANGE, 1, key(id), op, value, idleMs))) as string[] | null;
      if (flat === null) return undefined;
      const fields: Record<string, string> = {};
      for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
      return parseRecord(id, fields);
    },
    async delete(id) {
      await within(client.eval(DELETE, 1, key(id), ownerSets, id));
    },
    async publish(message) {
      await within(client.publish(channel, JSON.stringify(message)));
    },
    async listen(listener) {
      listeners.add(listener);
      await subscribe();
      return () => void listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      const connections = [client, ...(subscriber === undefined ? [] : [subscriber])];
      subscriber = undefined;
      // quit() waits for Redis to answer; with Redis gone it would wait for ever: then disconnect.
      await Promise.all(
        connections.map((connection) => within(connection.quit()).catch(() => connection.disconnect())),
      );
    },
  } satisfies SessionStore;
}

/** A record from its hash; `undefined` for a missing (or foreign, incomplete) one. */
function parseRecord(id: string, fields: Record<string, string>): SessionRecord | undefined {
  const { owner, protocolVersion, clientCapabilities, clientInfo, revision, createdAt, loggingLevel } = fields;
  if (
    owner === undefined ||
    protocolVersion === undefined ||
    clientCapabilities === undefined ||
    clientInfo === undefined
  )
    return undefined;
  const subscriptions = Object.entries(fields)
    .filter(([field]) => field.startsWith("sub:"))
    .sort(([, a], [, b]) => Number(a) - Number(b))
    .map(([field]) => field.slice("sub:".length));
  const capabilities = parseObject(clientCapabilities);
  const info = parseObject(clientInfo);
  // A record this code cannot read (written by something else, or damaged) is no session: 404, never a 500.
  if (capabilities === undefined || info === undefined) return undefined;
  return {
    id,
    owner,
    protocolVersion,
    clientCapabilities: capabilities as SessionRecord["clientCapabilities"],
    clientInfo: info as unknown as SessionRecord["clientInfo"],
    ...(loggingLevel === undefined ? {} : { loggingLevel: loggingLevel as LoggingLevel }),
    subscriptions,
    revision: Number(revision ?? 0),
    createdAt: Number(createdAt ?? 0),
  };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
