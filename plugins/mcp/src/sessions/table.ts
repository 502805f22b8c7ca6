/**
 * The live MCP sessions of one Streamable HTTP handler, each bound to the caller that opened it.
 * A request naming a session is served only for the same owner — the principal's id, or anonymous —
 * and anyone else is told the session does not exist (`404`, exactly as for an unknown id: no
 * stream, no result, no hint that the id is live).
 *
 * Nobody can hoard the table (issue 29): each owner holds at most `maxSessionsPerPrincipal`
 * (anonymous callers together are one owner, as for background jobs); when the table is at
 * `maxSessions`, the least recently used session with no call in progress is closed to make room
 * for a new one, and only when every session is working is the new one refused. A session expires
 * `sessionIdleMs` after its last request: a held `GET` stream is listening, not activity, so a
 * client that only holds a stream open is closed at its idle time like any other.
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
/** One caller's share of the table: a tenth of it, so ten callers at their cap leave room for others. */
export const DEFAULT_MAX_SESSIONS_PER_PRINCIPAL = 100;
/** Ten minutes without a request. */
export const DEFAULT_SESSION_IDLE_MS = 10 * 60 * 1000;

export interface SessionLimits {
  readonly maxSessions: number;
  readonly maxSessionsPerPrincipal: number;
  readonly idleMs: number;
}

/** What {@link SessionTable.reserve} decided: room made, or which cap refused it. */
export type Reservation = "reserved" | "owner-full" | "full";

export interface Session {
  readonly server: Server;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** Who opened it. */
  readonly owner: string;
  /**
   * Requests in progress other than `GET` streams (a call, a `DELETE`): the session neither
   * expires nor is evicted while one is. A stream held open is not counted: it is listening.
   */
  active: number;
  /**
   * `GET` streams held open here: a notification unrelated to any request (a task's progress) goes
   * out on one; with none here, a shared store carries it to the instance holding the client's.
   */
  listening: number;
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
  /** In least-recently-used order: a request moves its session to the end. */
  readonly #sessions = new Map<string, Session>();
  readonly #limits: SessionLimits;
  /** Sessions per owner, open and opening. */
  readonly #owned = new Map<string, number>();
  /** Sessions being initialized: they count against the caps before their id exists. */
  #opening = 0;

  /**
   * With a shared store, how long a session's record has left (its idle time restarted by requests
   * on any instance): an idle copy here is closed only once the session is idle everywhere.
   */
  readonly #remainingMs: ((id: string) => Promise<number | undefined>) | undefined;

  constructor(limits: SessionLimits, remainingMs?: (id: string) => Promise<number | undefined>) {
    this.#limits = limits;
    this.#remainingMs = remainingMs;
  }

  get size(): number {
    return this.#sessions.size;
  }

  /**
   * Reserves room for a session of `owner`; undo with {@link release}. A new session (`fresh`) is
   * refused when its owner is at its cap; a session rebuilt from a shared store's record is not (it
   * exists already: it only moves here). When the table is full the least recently used session
   * with no call in progress is closed to make room.
   */
  reserve(owner: string, fresh: boolean): Reservation {
    if (fresh && (this.#owned.get(owner) ?? 0) >= this.#limits.maxSessionsPerPrincipal) return "owner-full";
    if (this.#sessions.size + this.#opening >= this.#limits.maxSessions && !this.#evictIdle()) return "full";
    this.#opening++;
    this.#count(owner, 1);
    return "reserved";
  }

  /** Ends a reservation: the session it made room for is in the table now, or was never opened. */
  release(owner: string): void {
    this.#opening--;
    this.#count(owner, -1);
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
    this.#count(session.owner, 1);
    this.#arm(session);
  }

  delete(id: string): void {
    const session = this.#sessions.get(id);
    if (session === undefined) return;
    if (session.timer !== undefined) clearTimeout(session.timer);
    this.#sessions.delete(id);
    this.#count(session.owner, -1);
  }

  /**
   * Marks a request of `session`: its idle time restarts. A call (`streaming: false`) is in
   * progress until the function returned is called; a held `GET` stream (`streaming: true`) is not
   * (it is listening until then).
   */
  begin(session: Session, streaming: boolean): () => void {
    const id = session.transport.sessionId;
    if (id !== undefined && this.#sessions.get(id) === session) {
      this.#sessions.delete(id);
      this.#sessions.set(id, session);
    }
    session.timer?.refresh();
    let done = false;
    if (streaming) {
      session.listening++;
      return () => {
        if (done) return;
        done = true;
        session.listening--;
      };
    }
    session.active++;
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
    this.#owned.clear();
    return all;
  }

  /** Closes the least recently used session with no call in progress; `false` when every session is working. */
  #evictIdle(): boolean {
    for (const [id, session] of this.#sessions) {
      if (session.active > 0) continue;
      this.#close(id, session);
      return true;
    }
    return false;
  }

  #close(id: string, session: Session): void {
    this.delete(id);
    // Closing the server closes its transport, and with it any stream the client still holds.
    void session.server.close().catch(() => undefined);
  }

  #count(owner: string, by: 1 | -1): void {
    const count = (this.#owned.get(owner) ?? 0) + by;
    if (count <= 0) this.#owned.delete(owner);
    else this.#owned.set(owner, count);
  }

  #arm(session: Session): void {
    const expire = (): void => {
      // A call in progress (a slow tool, an elicitation awaiting its answer) is activity.
      if (session.active > 0) {
        session.timer?.refresh();
        return;
      }
      const id = session.transport.sessionId;
      if (id === undefined || this.#sessions.get(id) !== session) {
        void session.server.close().catch(() => undefined);
        return;
      }
      if (this.#remainingMs === undefined) {
        this.#close(id, session);
        return;
      }
      // Requests through other instances (the client's POSTs, while this copy holds its stream)
      // keep the session: this copy lives on until the record's own idle time runs out.
      this.#remainingMs(id).then(
        (remaining) => {
          if (this.#sessions.get(id) !== session) return;
          if (remaining === undefined || remaining <= 0) this.#close(id, session);
          else session.timer = setTimeout(expire, remaining).unref();
        },
        // The store did not answer (Redis away): the copy stays for another idle time.
        () => session.timer?.refresh(),
      );
    };
    // unref: an idle session never keeps the process alive.
    session.timer = setTimeout(expire, this.#limits.idleMs).unref();
  }
}
