/**
 * A `413` a client still sending actually receives. When a request body is over the limit, the
 * reply is written at once, but the socket is not closed under a client that is still writing
 * (it would read `EPIPE` / `ECONNRESET` instead of the answer): the rest of the body is read and
 * discarded, up to {@link MAX_DRAIN_BYTES}. A client sending more than that is cut off — the bound
 * is what keeps the drain from being a free sink.
 *
 * The drain alone is not enough for a connection that closes after its response (`Connection:
 * close`, `agent: false`, HTTP/1.0): Node closes it as soon as the response ends, under the client
 * still writing. {@link endAfterBody} holds the end of every response a server writes before its
 * request's body is in until the drain has read it — each server of axn's installs it per request.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** How much of an oversized body is read and thrown away so the client sees its 413. */
export const MAX_DRAIN_BYTES = 16 * 1024 * 1024;

/** Whether the declared `Content-Length` is over `limit` (a chunked body is checked as it is read). */
export function declaredTooLarge(request: IncomingMessage, limit: number): boolean {
  const declared = request.headers["content-length"];
  return declared !== undefined && allDigits(declared) && Number(declared) > limit;
}

/** `/^\d+$/` without a regular expression's match state: this is asked on every request. */
function allDigits(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
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

type EndArguments = [chunk?: unknown, encoding?: unknown, callback?: unknown];

/**
 * Holds `response`'s end until `request`'s body has been read — by the transport, or by the
 * bounded drain this starts when the response ends first — so the reply is on the wire and the
 * socket still open while the client finishes sending; past the bound, the drain cuts it off. A
 * request whose body is already in costs one check. The reply's bytes are written at once; only
 * the end (after which Node may close the connection) waits.
 */
export function endAfterBody(request: IncomingMessage, response: ServerResponse): void {
  if (request.complete) return;
  const end = response.end;
  response.end = function endWhenDrained(this: ServerResponse, ...args: EndArguments): ServerResponse {
    response.end = end;
    if (request.complete || request.destroyed || request.readableEnded)
      return (end as (...a: EndArguments) => ServerResponse).apply(response, args);
    let [chunk, encoding, callback] = args;
    if (typeof chunk === "function") [callback, chunk] = [chunk, undefined];
    else if (typeof encoding === "function") [callback, encoding] = [encoding, undefined];
    if (chunk !== undefined && chunk !== null) {
      // The length end() would have set for a body written in one piece (a later write would be chunked).
      if (!response.headersSent && !response.hasHeader("content-length"))
        response.setHeader("content-length", Buffer.byteLength(chunk as string, encoding as BufferEncoding));
      response.write(chunk as string, (encoding as BufferEncoding | undefined) ?? "utf8");
    }
    let ended = false;
    const finish = (): void => {
      if (ended) return;
      ended = true;
      (end as (callback?: () => void) => ServerResponse).call(response, callback as (() => void) | undefined);
    };
    request.once("end", finish);
    request.once("close", finish);
    drain(request);
    return response;
  } as ServerResponse["end"];
}
