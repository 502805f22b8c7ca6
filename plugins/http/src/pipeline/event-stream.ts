/**
 * Whether a tool call asks for Server-Sent Events: its `Accept` lists `text/event-stream`. Read by
 * the pipeline (which answers such a call as an event stream) and by the Node fast path (which
 * leaves it to the hono app, the listener that writes streams).
 */
const EVENT_STREAM = /(^|,)\s*text\/event-stream\s*(;|,|$)/i;

export function wantsEventStream(accept: string | null | undefined): boolean {
  // A regex test allocates nothing, and an Accept too short to name the type skips even that.
  return typeof accept === "string" && accept.length >= 17 && EVENT_STREAM.test(accept);
}
