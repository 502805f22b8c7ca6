/**
 * A task the queue would not take (`Jobs.submit` refused it before anything was stored), as the
 * JSON-RPC error its `tools/call` is answered with — the same decision HTTP `?async=1` answers
 * 400/413/429/503 for, in MCP's terms, both eras alike:
 *
 * - the arguments refused, or holding what a job cannot carry, or over `queue.maxJobBytes`:
 *   `-32602` (invalid params) with the sentence HTTP sends — the client must change the call;
 * - the waiting caps (`queue.maxWaitingPerOwner`, `queue.maxWaitingJobs`) or the enqueue deadline:
 *   `-32010`, the server-busy code of a call past `maxConcurrentCalls` (not -32002: the SDK
 *   renumbers that one as 2026-07-28's resource-not-found), the message saying when to retry
 *   (`retry in 5 seconds`, the `Retry-After` HTTP sends).
 */
import type { SubmitRefusal } from "@axn/core";
import { ProtocolError } from "../protocol/protocol-error.js";

/** JSON-RPC invalid params. */
const INVALID_PARAMS = -32602;
/** The server-busy code (server.ts's, for a call past the concurrent-call cap). */
const SERVER_BUSY = -32010;

/** A refused task creation: a `ProtocolError`, answered as it is (nothing to report: the caller's, not the server's). */
export class TaskRefused extends ProtocolError {}

/** The error for `refusal`; `refusedText` is the synchronous call's refusal as the client reads it (for `"refused"`). */
export function taskRefused(refusal: SubmitRefusal, refusedText: string): TaskRefused {
  switch (refusal.reason) {
    case "refused":
      return new TaskRefused(INVALID_PARAMS, refusedText);
    case "invalid":
    case "tooLarge":
      return new TaskRefused(INVALID_PARAMS, refusal.message);
    case "full":
    case "unavailable":
      return new TaskRefused(SERVER_BUSY, refusal.message);
  }
}
