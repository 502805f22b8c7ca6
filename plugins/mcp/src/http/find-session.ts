/**
 * The session a request names, for the caller that opened it: the copy held here (brought up to
 * its record when a shared store says it changed), or — with a shared store — rebuilt here from the
 * record another instance wrote (sessions/restore.ts). `undefined` answers 404: someone else's
 * session is indistinguishable from one that never existed.
 */
import { reportException } from "@axn/core";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { RestoreFailed, restoreSession } from "../sessions/restore.js";
import type { Session } from "../sessions/table.js";
import { refusal } from "./capacity.js";
import type { HttpContext } from "./context.js";
import { openSession } from "./open-session.js";
import { resync } from "./resync.js";

export async function findSession(
  ctx: HttpContext,
  id: string,
  owner: string,
  request: Request,
  authInfo: AuthInfo | undefined,
): Promise<Session | undefined | Response> {
  const { sessions, store, restoring } = ctx;
  const held = sessions.lookup(id, owner);
  // In memory the table is the session: its own idle timer is the expiry, nothing to read back.
  if (held !== undefined && !store.shared) return held;
  if (held !== undefined) {
    held.authInfo = authInfo;
    const revision = await store.touch(id, ctx.idleMs);
    if (revision === undefined) {
      // Deleted or expired in the store (by another instance, or idle everywhere): gone here too.
      await held.server.close();
      return undefined;
    }
    if (revision !== held.applied.revision) await resync(ctx, held, request.url, authInfo);
    return held;
  }
  if (sessions.has(id) || !store.shared) return undefined;
  const pending = restoring.get(id);
  if (pending !== undefined) return (await pending)?.owner === owner ? pending : undefined;
  const record = await store.get(id);
  if (record === undefined || record.owner !== owner) return undefined;
  // A rebuilt server costs the memory a new one does: the cap holds per instance for both. It is
  // no new session, though: its owner's cap counts it but does not refuse it.
  const reservation = sessions.reserve(owner, false);
  if (reservation !== "reserved") return refusal(ctx, reservation);
  const restore = (async (): Promise<Session | undefined> => {
    const session = await openSession(ctx, owner, true, id);
    session.authInfo = authInfo;
    // Busy while it is rebuilt: never the idle copy another request evicts to make room.
    session.active++;
    try {
      await restoreSession(session, record, request.url, authInfo);
      return session;
    } catch (error) {
      await session.server.close();
      if (!(error instanceof RestoreFailed)) throw error;
      reportException(error, { action: "axn-plugin-mcp", phase: "mcp session restore" });
      return undefined;
    } finally {
      session.active--;
    }
  })();
  restoring.set(id, restore);
  try {
    return await restore;
  } finally {
    restoring.delete(id);
    sessions.release(owner);
  }
}
