/**
 * A request naming its session (`Mcp-Session-Id`): served by that session's transport when the
 * session belongs to the caller (else `404`, find-session.ts), the session kept busy — and its
 * record alive in a shared store — until the response ends. With a shared store what the request
 * changed or answered reaches the other instances: a level or subscription change is recorded
 * (record-change.ts), answers and cancellations are forwarded, a DELETE closes the session everywhere.
 */
import { cancelledRequestIds } from "./read-message.js";
import type { HttpContext } from "./context.js";
import { deliver, type Exchange } from "./exchange.js";
import { findSession } from "./find-session.js";
import { jsonError } from "./json-error.js";
import { recordChange, sessionChange } from "./record-change.js";
import { SessionMessages } from "./session-messages.js";
import { whenDone } from "./when-done.js";

export async function serveSession(ctx: HttpContext, exchange: Exchange, id: string): Promise<Response> {
  const { sessions, store, idleMs } = ctx;
  const { request, parsedBody } = exchange;
  // Someone else's session is indistinguishable from one that never existed.
  const found = await findSession(ctx, id, exchange.owner, request, exchange.caller.authInfo);
  if (found instanceof Response) return found;
  if (found === undefined) return jsonError(404, -32001, SessionMessages.notFound);
  const session = found;
  // A GET stream held open is listening, not working: it restarts the idle time as it opens, and
  // then neither keeps the session from expiring nor its record alive in a shared store.
  const streaming = request.method === "GET";
  const done = sessions.begin(session, streaming);
  // A slow call keeps the record alive in the store, as it keeps the server here.
  const keepAlive =
    store.shared && !streaming
      ? setInterval(
          () => void store.touch(id, idleMs).catch(() => undefined),
          Math.max(1000, Math.floor(idleMs / 3)),
        ).unref()
      : undefined;
  const finish = (): void => {
    clearInterval(keepAlive);
    done();
  };
  let response: Response;
  try {
    response = await deliver(session, exchange);
    const change = store.shared ? sessionChange(parsedBody) : undefined;
    if (change !== undefined && response.ok)
      response = await recordChange(ctx, session, change.change, change.requestId, response);
    // The answer to a question some instance asked (elicitation, sampling), or the cancellation
    // of a call some instance runs, may have come here: every instance holding the session gets
    // it; only the one whose request it concerns acts on it.
    const forwarded = store.shared ? forwardable(parsedBody) : [];
    if (forwarded.length > 0) await store.publish({ type: "forwarded", id, messages: forwarded, origin: ctx.instance });
    if (request.method === "DELETE" && response.ok) {
      await store.delete(id);
      await store.publish({ type: "closed", id, origin: ctx.instance });
    }
  } catch (error) {
    finish();
    throw error;
  }
  // After `notifications/cancelled` the cancelled request's stream is closed: the SDK stops the
  // tool but would otherwise leave its POST stream open with nothing more to come.
  for (const cancelled of cancelledRequestIds(parsedBody)) session.transport.closeSSEStream(cancelled);
  return whenDone(response, async () => finish());
}

/** The messages of a body another instance may need: JSON-RPC responses (no method) and `notifications/cancelled`. */
function forwardable(body: unknown): unknown[] {
  if (body === undefined) return [];
  return [body].flat().filter((message) => {
    if (typeof message !== "object" || message === null) return false;
    const { method } = message as { method?: unknown };
    if (method === undefined) return "result" in message || "error" in message;
    return method === "notifications/cancelled";
  });
}
