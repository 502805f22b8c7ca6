/**
 * The live MCP sessions of one Streamable HTTP handler, each bound to the caller that opened it.
 * A request naming a session is served only for the same owner — the principal's id, or anonymous —
 * and anyone else is told the session does not exist (`404`, exactly as for an unknown id: no
 * stream, no result, no hint that the id is live). The table is capped (`maxSessions`: a new
 * session beyond it is refused, `503`) and each session expires after `sessionIdleMs` without a
 * request in progress, so abandoned sessions cannot pile up.
 *
 * The table holds this process's live servers; the session store (store.ts) holds the
 * records. With a shared store (Redis) a session in the store but not in the table is rebuilt here
 * (restore.ts), and an idle server leaves the table while its record lives on in the store.
 */
import type { Server } from "@modelcontextprotocol/server";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { LoggingLevel } from "@modelcontextprotocol/server";

/** Each session holds a server and its transport: the cap bounds their heap (test/plugins/mcp/sessions.spec.ts). */
export const DEFAULT_MAX_SESSIONS = 1000;
/** Ten minutes without a request in progress. */
export const DEFAULT_SESSION_IDLE_MS = 10 * 60 * 1000;

export interface Session {
  readonly server: Server;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** Who opened it. */
  readonly owner: string;
  /** Requests (and their streams) in progress; the session never expires while one is. */
  active: number;
  timer: NodeJS.Timeout | undefined;
  /** What of the store's record this server has been given: compared with the record's revision on each request. */
  applied: AppliedState;
  /** The resync in progress, so two requests never replay the same change twice. */
  syncing: Promise<void> | undefined;
  /**
   * The owner's credentials from its latest request here: a change replayed outside a request (a
   * message from another instance) is replayed as the owner's, so access policies see the owner.
   */
  authInfo: AuthInfo | undefined;
}

interface AppliedState {
  revision: number;
  loggingLevel: LoggingLevel | undefined;
  subscriptions: Set<string>;
}

export class SessionTable {
  readonly #sessions = new Map<string, Session>();
  readonly #max: number;
  readonly #idleMs: number;
  /** Sessions being initialized: they count against the cap before their id exists. */
  #opening = 0;

  constructor(max: number, idleMs: number) {
    this.#max = max;
    this.#idleMs = idleMs;
  }

  get size(): number {
    return this.#sessions.size;
  }

  /** Reserves room for a new session; `false` when the table is full. Undo with {@link release}. */
  reserve(): boolean {
    if (this.#sessions.size + this.#opening >= this.#max) return false;
    this.#opening++;
    return true;
  }

  release(): void {
    this.#opening--;
  }

  /** True when the table holds `id`, whoever opened it. */
  has(id: string): boolean {
    return this.#sessions.has(id);
  }

  /** The session `id`, whoever opened it (for messages from other instances, never for a request). */
  peek(id: string): Session | undefined {
    return this.#sessions.get(id);
  }

  /** The session `id` if `owner` opened it; `undefined` for an unknown id and for someone else's alike. */
  lookup(id: string, owner: string): Session | undefined {
    const session = this.#sessions.get(id);
    return session !== undefined && session.owner === owner ? session : undefined;
  }

  add(id: string, session: Session): void {
    this.#sessions.set(id, session);
    this.#arm(session);
  }

  delete(id: string): void {
    const session = this.#sessions.get(id);
    if (session?.timer !== undefined) clearTimeout(session.timer);
    this.#sessions.delete(id);
  }

  /**
   * Makes room by closing the least recently used session with no request in progress; `false`
   * when every session is busy. Only for sessions a shared store can rebuild: here it loses nothing.
   */
  evictIdle(): boolean {
    for (const [id, session] of this.#sessions) {
      if (session.active > 0) continue;
      this.delete(id);
      void session.server.close().catch(() => undefined);
      return true;
    }
    return false;
  }

  /** Marks a request of `session` in progress; call the function returned when it is done. */
  begin(session: Session): () => void {
    // Re-inserted: the table's order is then least recently used first (for evictIdle).
    const id = session.transport.sessionId;
    if (id !== undefined && this.#sessions.get(id) === session) {
      this.#sessions.delete(id);
      this.#sessions.set(id, session);
    }
    session.active++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      session.active--;
      session.timer?.refresh();
    };
  }

  /** Every session, removed from the table (to close them). */
  drain(): Session[] {
    const all = [...this.#sessions.values()];
    for (const session of all) if (session.timer !== undefined) clearTimeout(session.timer);
    this.#sessions.clear();
    return all;
  }

  #arm(session: Session): void {
    const expire = (): void => {
      // A long-lived stream (a GET, a slow call) is activity, not idleness.
      if (session.active > 0) {
        session.timer?.refresh();
        return;
      }
      if (session.transport.sessionId !== undefined) this.delete(session.transport.sessionId);
      void session.server.close().catch(() => undefined);
    };
    // unref: an idle session never keeps the process alive.
    session.timer = setTimeout(expire, this.#idleMs).unref();
  }
}
