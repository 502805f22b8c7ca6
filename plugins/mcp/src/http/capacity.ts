/**
 * The refusal when there is no room for one more server on this instance (a new session, or one
 * rebuilt from the store; `SessionTable.reserve` decides): `429` when the caller already holds its share of the table
 * (`maxSessionsPerPrincipal`), `503` when every session of the full table is working (an idle one
 * would have been closed to make room). Both carry `Retry-After`.
 */
import { BUSY_RETRY_AFTER_SECONDS } from "@axn/sdk/serving";
import type { Reservation } from "../sessions/table.js";
import type { HttpContext } from "./context.js";
import { jsonError } from "./json-error.js";
import { SessionMessages } from "./session-messages.js";

export function refusal(ctx: HttpContext, reservation: Exclude<Reservation, "reserved">): Response {
  const headers = { "Retry-After": String(BUSY_RETRY_AFTER_SECONDS) };
  return reservation === "owner-full"
    ? jsonError(429, -32000, SessionMessages.ownerFull(ctx.sessionLimits.maxSessionsPerPrincipal), headers)
    : jsonError(503, -32000, SessionMessages.full(ctx.sessionLimits.maxSessions), headers);
}
