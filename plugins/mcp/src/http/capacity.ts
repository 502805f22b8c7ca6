/**
 * Room for one more server on this instance (a new session, or one rebuilt from the store), and
 * the `503` when there is none.
 */
import { BUSY_RETRY_AFTER_SECONDS } from "@axn/sdk/serving";
import type { HttpContext } from "./context.js";
import { jsonError } from "./json-error.js";
import { SessionMessages } from "./session-messages.js";

/**
 * With a shared store an idle copy is closed to make room (its record stays: it is rebuilt
 * wherever its next request lands); in memory a full table is full. Undo with `ctx.sessions.release()`.
 */
export function reserve(ctx: HttpContext): boolean {
  return ctx.sessions.reserve() || (ctx.store.shared && ctx.sessions.evictIdle() && ctx.sessions.reserve());
}

export function busy(ctx: HttpContext): Response {
  return jsonError(503, -32000, SessionMessages.full(ctx.maxSessions), {
    "Retry-After": String(BUSY_RETRY_AFTER_SECONDS),
  });
}
