/**
 * Bringing a held copy of a session up to its record in the shared store, when another instance
 * changed it (log level, subscriptions): one resync at a time per session, so two requests never
 * replay the same change twice.
 */
import type { AuthInfo } from "@modelcontextprotocol/server";
import { syncSession } from "../sessions/restore.js";
import type { Session } from "../sessions/table.js";
import type { HttpContext } from "./context.js";

/** Where replayed messages say they were sent (the transport reads only their headers and body). */
export const REPLAY_URL = "http://axn.internal/mcp";

export function resync(ctx: HttpContext, session: Session, url: string, authInfo: AuthInfo | undefined): Promise<void> {
  const run = async (): Promise<void> => {
    const id = session.transport.sessionId;
    const record = id === undefined ? undefined : await ctx.store.get(id);
    if (record !== undefined) await syncSession(session, record, url, authInfo);
  };
  const next = (session.syncing ?? Promise.resolve()).then(run, run);
  session.syncing = next;
  return next;
}
