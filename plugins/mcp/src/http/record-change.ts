/**
 * With a shared store, a successful `logging/setLevel` or `resources/(un)subscribe` is recorded
 * before its reply is released, so the next request — on whichever instance — already sees it.
 */
import { LoggingLevelSchema } from "@modelcontextprotocol/core";
import { syncSession } from "../sessions/restore.js";
import type { SessionChange } from "../sessions/store.js";
import type { Session } from "../sessions/table.js";
import type { HttpContext } from "./context.js";
import { REPLAY_URL } from "./resync.js";

export async function recordChange(
  ctx: HttpContext,
  session: Session,
  change: SessionChange,
  requestId: unknown,
  response: Response,
): Promise<Response> {
  const { store } = ctx;
  const text = await response.text();
  const rebuilt = new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  const id = session.transport.sessionId;
  if (id === undefined || !repliedWithResult(text, requestId)) return rebuilt;
  const applied = session.applied;
  if ("loggingLevel" in change) applied.loggingLevel = change.loggingLevel;
  else if ("subscribe" in change) applied.subscriptions.add(change.subscribe);
  else applied.subscriptions.delete(change.unsubscribe);
  const record = await store.update(id, change, ctx.idleMs);
  if (record !== undefined) {
    // Another instance's change in between is replayed here as well.
    if (record.revision !== applied.revision + 1) await syncSession(session, record, REPLAY_URL, session.authInfo);
    applied.revision = record.revision;
    await store.publish({ type: "changed", id, origin: ctx.instance });
  }
  return rebuilt;
}

/** The session change a single request asks for (the store records it once the server accepted it). */
export function sessionChange(
  body: unknown,
): { readonly change: SessionChange; readonly requestId: unknown } | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { method, params, id } = body as {
    method?: unknown;
    params?: { level?: unknown; uri?: unknown };
    id?: unknown;
  };
  if (id === undefined) return undefined;
  if (method === "logging/setLevel") {
    const level = LoggingLevelSchema.safeParse(params?.level);
    return level.success ? { change: { loggingLevel: level.data }, requestId: id } : undefined;
  }
  if (typeof params?.uri !== "string") return undefined;
  if (method === "resources/subscribe") return { change: { subscribe: params.uri }, requestId: id };
  if (method === "resources/unsubscribe") return { change: { unsubscribe: params.uri }, requestId: id };
  return undefined;
}

/** True when the reply (JSON, or SSE events) answers `requestId` with a result, not an error. */
function repliedWithResult(text: string, requestId: unknown): boolean {
  const payloads = text.includes("data:")
    ? text
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5))
    : [text];
  for (const payload of payloads) {
    try {
      const reply = JSON.parse(payload) as { id?: unknown; result?: unknown };
      if (reply.id === requestId && reply.result !== undefined) return true;
    } catch {
      // a priming or partial event: not the reply
    }
  }
  return false;
}
