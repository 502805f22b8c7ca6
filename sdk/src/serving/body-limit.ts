/**
 * A `413` a client still sending actually receives. When a request body is over the limit, the
 * reply is written at once, but the socket is not closed under a client that is still writing
 * (it would read `EPIPE` / `ECONNRESET` instead of the answer): the rest of the body is read and
 * discarded, up to {@link MAX_DRAIN_BYTES}. A client sending more than that is cut off — the bound
 * is what keeps the drain from being a free sink.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** How much of an oversized body is read and thrown away so the client sees its 413. */
export const MAX_DRAIN_BYTES = 16 * 1024 * 1024;

/** Whether the declared `Content-Length` is over `limit` (a chunked body is checked as it is read). */
export function declaredTooLarge(request: IncomingMessage, limit: number): boolean {
  const declared = request.headers["content-length"];
  return declared !== undefined && /^\d+$/.test(declared) && Number(declared) > limit;
}

/**
 * Answers `status` with `body` and drains the request up to the bound. The connection is not marked
 * `close`: Node closes such a connection as soon as the reply is written — under a client still
 * sending, which then reads a reset (curl after its `100 Continue`) instead of the reply. Kept
 * alive, the rest of the body is read and dropped, and the connection serves the next request.
 */
export function replyAndDrain(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string,
): void {
  drain(request);
  response.writeHead(status, { ...headers, "content-length": String(Buffer.byteLength(body)) });
  response.end(body);
}

/** Reads and discards the rest of `request`, up to the bound; past it, the socket is closed. */
export function drain(request: IncomingMessage): void {
  if (request.readableEnded || request.destroyed) return;
  let drained = 0;
  const onData = (chunk: Buffer): void => {
    drained += chunk.byteLength;
    if (drained > MAX_DRAIN_BYTES) {
      request.off("data", onData);
      request.socket.destroy();
    }
  };
  request.on("data", onData);
  request.on("error", () => undefined);
  request.resume();
}
