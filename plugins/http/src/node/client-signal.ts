/**
 * The client-disconnect signal of a call answered on Node: it aborts when the response closes
 * before the answer was written (the client went away). Watching the response's `close` avoids
 * materialising a web `Request` just to read `request.signal`. Used by both listeners on Node —
 * the fast path, and the hono app under @hono/node-server.
 */
import type { ServerResponse } from "node:http";

/** Built only when the action reads `ctx.signal` (the Invoker takes it lazily): the client may already be gone by then. */
export function clientSignal(outgoing: ServerResponse): AbortSignal {
  if (outgoing.destroyed && !outgoing.writableFinished) return AbortSignal.abort(new Error("client disconnected"));
  const controller = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("client disconnected"));
  });
  return controller.signal;
}
