/**
 * The seam between a listener and the one tool-call pipeline (answer-tool-call.ts): what a
 * listener hands over for one request (`ToolCallRequest`, its runtime's request seen through the
 * few questions the pipeline asks), and what it gets back to write (`ToolCallAnswer`). Each
 * listener only converts: the hono app its `Context` (hono/hono-request.ts), the Node fast path
 * Node's `IncomingMessage` / `ServerResponse` (node/node-request.ts).
 */
import type { AmbientContextSource, LiveChannel } from "@axn/core";
import type { BodyReceiver } from "@axn/sdk/serving";
import type { HttpReply } from "../replies.js";

/** One tool-route request, as the pipeline reads it. Each method is asked at most once per call. */
export interface ToolCallRequest {
  readonly method: string;
  /** The trusted ambient context authentication established (`NO_AMBIENT` when none ran). */
  readonly ambientContext: AmbientContextSource;
  header(name: "content-type" | "accept" | "idempotency-key"): string | null;
  /** Whether the call asks to run in the background (`?async=1`, `Prefer: respond-async`: jobs/jobs.ts). */
  asyncRequested(): boolean;
  /** Reads the body under the limit (`@axn/sdk/serving`'s readers) and tells `receiver` once, on a later turn. */
  readBody(maxBytes: number, receiver: BodyReceiver): void;
  /** Reads and drops the rest of the body (up to a bound), so a client still sending gets its answer. */
  drain(): void;
  /** The client-disconnect signal, built only when the action reads `ctx.signal`. */
  signal(): AbortSignal;
  /** The RFC 9728 metadata URL of the resource at `resourcePath`, as the client addressed it. */
  resourceMetadataUrl(resourcePath: string): string;
  /** Names the request in a report (`POST /api/quote/v1`). */
  readonly phase: string;
}

/**
 * A call the client asked to follow as Server-Sent Events (`Accept: text/event-stream`): the
 * listener opens the stream and runs `events` with a channel for the action's live reports; the
 * promise is the reply the stream's last event carries. The call's slot is already taken.
 */
export interface EventStreamCall {
  readonly events: (live: LiveChannel) => Promise<HttpReply>;
}

export type ToolCallAnswer = HttpReply | EventStreamCall;

/**
 * Told a call's answer, once, for the listener to write: an object, so the pipeline hands it on
 * without a promise per call. It must not throw (a fault writing the answer is the listener's to handle).
 */
export interface AnswerReceiver {
  answered(answer: ToolCallAnswer): void;
}

export function isEventStreamCall(answer: ToolCallAnswer): answer is EventStreamCall {
  return "events" in answer;
}
