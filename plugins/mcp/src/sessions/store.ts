/**
 * Where the MCP Streamable HTTP sessions are recorded: what any instance needs to answer a request
 * of a session it did not open (who opened it, what the client declared at `initialize`, its log
 * level, its resource subscriptions), kept until the session is idle for its idle time. In memory by
 * default (one process: today's behaviour); in Redis (redis-store.ts) when several
 * instances behind a balancer must answer the same sessions. The store also carries the few
 * messages instances send each other about sessions (a change, a close, a resource update).
 *
 * @example
 * ```ts
 * const store = createMemorySessionStore();
 * await store.create(record, 60_000);
 * (await store.get(record.id))?.owner; // "principal:ada"
 * ```
 */
import type { ClientCapabilities, Implementation, LoggingLevel } from "@modelcontextprotocol/server";

/**
 * A store that did not answer in time (Redis down or unreachable): the request is answered `503`
 * with `Retry-After` instead of waiting for Redis to come back.
 */
export class SessionStoreUnavailable extends Error {
  override readonly name = "SessionStoreUnavailable";
}

/** One session, as an instance that does not hold it rebuilds it. */
export interface SessionRecord {
  readonly id: string;
  /** Who opened it: `principal:<id>` or `anonymous`. */
  readonly owner: string;
  /** The protocol version negotiated at `initialize`. */
  readonly protocolVersion: string;
  readonly clientCapabilities: ClientCapabilities;
  readonly clientInfo: Implementation;
  /** The last `logging/setLevel` (none: every level is sent). */
  readonly loggingLevel?: LoggingLevel;
  /** URIs of `resources/subscribe` still in force, in the order they were subscribed. */
  readonly subscriptions: readonly string[];
  /** Bumped by every change of the level or the subscriptions: an instance holding an older copy resyncs. */
  readonly revision: number;
  readonly createdAt: number;
}

/** What instances tell each other; `origin` is the sender's instance id (its own messages come back too). */
export type SessionMessage =
  | { readonly type: "changed"; readonly id: string; readonly origin: string }
  | { readonly type: "closed"; readonly id: string; readonly origin: string }
  /**
   * What the client sent that concerns a request another instance may be running: its answers (to
   * an elicitation, a sampling request) and its `notifications/cancelled`.
   */
  | { readonly type: "forwarded"; readonly id: string; readonly messages: readonly unknown[]; readonly origin: string }
  | { readonly type: "resource-updated"; readonly resource: string; readonly uri: string; readonly origin: string }
  /**
   * A notification for the session's client unrelated to any request (a task's progress or log)
   * from an instance holding no `GET` stream of it: the instance that holds one sends it.
   */
  | { readonly type: "notified"; readonly id: string; readonly message: unknown; readonly origin: string };

export interface SessionStore {
  /** `true` when other processes see the same records (Redis): a session may be answered by any of them. */
  readonly shared: boolean;
  /**
   * Records a new session, expiring after `idleMs` without a touch — unless its owner already has
   * `maxPerOwner` live sessions in the store (a shared store counts them across instances; 0 or
   * absent: no cap): then nothing is recorded and the answer is `false`.
   */
  create(
    record: Omit<SessionRecord, "revision" | "loggingLevel" | "subscriptions">,
    idleMs: number,
    maxPerOwner?: number,
  ): Promise<boolean>;
  get(id: string): Promise<SessionRecord | undefined>;
  /** Restarts the idle time; the record's revision, or `undefined` when it is gone (expired or deleted). */
  touch(id: string, idleMs: number): Promise<number | undefined>;
  /**
   * How long the record has left before its idle time runs out (ms), without restarting it;
   * `undefined` when it is gone. An instance whose copy is idle asks before closing it: a request on
   * another instance may have kept the session alive.
   */
  remainingMs(id: string): Promise<number | undefined>;
  /** Applies a change; the new record, or `undefined` when the session is gone. */
  update(id: string, change: SessionChange, idleMs: number): Promise<SessionRecord | undefined>;
  delete(id: string): Promise<void>;
  publish(message: SessionMessage): Promise<void>;
  /**
   * Calls `listener` with every message published through this store (by any instance, this one
   * included); resolves to the unsubscribe once listening (a message published before is not seen).
   */
  listen(listener: (message: SessionMessage) => void): Promise<() => void>;
  close(): Promise<void>;
}

export type SessionChange =
  | { readonly loggingLevel: LoggingLevel }
  | { readonly subscribe: string }
  | { readonly unsubscribe: string };

/** Applies `change` to `record` (both stores, so they agree on what a change means). */
function applyChange(record: SessionRecord, change: SessionChange): SessionRecord {
  if ("loggingLevel" in change) return { ...record, loggingLevel: change.loggingLevel, revision: record.revision + 1 };
  if ("subscribe" in change) {
    const subscriptions = record.subscriptions.includes(change.subscribe)
      ? record.subscriptions
      : [...record.subscriptions, change.subscribe];
    return { ...record, subscriptions, revision: record.revision + 1 };
  }
  return {
    ...record,
    subscriptions: record.subscriptions.filter((uri) => uri !== change.unsubscribe),
    revision: record.revision + 1,
  };
}

/** Sessions of one process: a map whose entries lapse after their idle time (checked when read). */
export function createMemorySessionStore(): SessionStore {
  const records = new Map<string, { record: SessionRecord; expiresAt: number }>();
  const listeners = new Set<(message: SessionMessage) => void>();
  const live = (id: string): { record: SessionRecord; expiresAt: number } | undefined => {
    const entry = records.get(id);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= Date.now()) {
      records.delete(id);
      return undefined;
    }
    return entry;
  };
  return {
    shared: false,
    async create(record, idleMs) {
      // One process: the session table's own per-owner count is the whole count.
      records.set(record.id, { record: { ...record, subscriptions: [], revision: 0 }, expiresAt: Date.now() + idleMs });
      return true;
    },
    async get(id) {
      return live(id)?.record;
    },
    async touch(id, idleMs) {
      const entry = live(id);
      if (entry === undefined) return undefined;
      entry.expiresAt = Date.now() + idleMs;
      return entry.record.revision;
    },
    async remainingMs(id) {
      const entry = live(id);
      return entry === undefined ? undefined : entry.expiresAt - Date.now();
    },
    async update(id, change, idleMs) {
      const entry = live(id);
      if (entry === undefined) return undefined;
      entry.record = applyChange(entry.record, change);
      entry.expiresAt = Date.now() + idleMs;
      return entry.record;
    },
    async delete(id) {
      records.delete(id);
    },
    async publish(message) {
      for (const listener of listeners) listener(message);
    },
    async listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      records.clear();
      listeners.clear();
    },
  };
}
