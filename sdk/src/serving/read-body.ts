/**
 * Reads a request body under a byte limit, before anything parses it — the one body reader of
 * every HTTP-served transport (the HTTP API's tool routes, MCP Streamable HTTP). The declared
 * `Content-Length` only lets an oversize body be refused without reading it; the limit itself is
 * enforced on the bytes as they stream in, so a body that is chunked, or longer than its header
 * says (a `fetch` handler on another runtime may be handed such a `Request`), is cut off at the
 * limit. hono's `bodyLimit` middleware trusts `Content-Length` when it is present, which is why
 * this is not that.
 *
 * A body the client stops sending half-way (it disconnected, or the stream broke) is `incomplete`:
 * the client's doing, not a server fault, so a transport answers it rather than reporting it.
 *
 * @example
 * ```ts
 * const read = await readBodyWithin(request, 1024 * 1024);
 * if (!read.ok) return read.reason === "tooLarge" ? reply(413) : reply(400);
 * ```
 */
import type { IncomingMessage } from "node:http";

export type BodyRead =
  | { readonly ok: true; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly reason: "tooLarge" | "incomplete" };

const TOO_LARGE: BodyRead = Object.freeze({ ok: false, reason: "tooLarge" });
const INCOMPLETE: BodyRead = Object.freeze({ ok: false, reason: "incomplete" });
const EMPTY: BodyRead = Object.freeze({ ok: true, bytes: new Uint8Array(0) });

/**
 * The body of a web `Request`. `declaredLength` is its `Content-Length` when the caller already
 * has it at hand (cheaper than asking the `Request` for it on some servers); otherwise it is read
 * from the request. Never rejects.
 */
export function readBodyWithin(request: Request, maxBytes: number, declaredLength?: string | null): Promise<BodyRead> {
  const declared = (declaredLength === undefined ? request.headers.get("content-length") : declaredLength)?.trim();
  const length = declared !== undefined && /^\d+$/.test(declared) ? Number(declared) : undefined;
  if (length !== undefined && length > maxBytes) {
    return (request.body?.cancel() ?? Promise.resolve()).then(
      () => TOO_LARGE,
      () => TOO_LARGE,
    );
  }
  const read =
    length !== undefined
      ? readDeclared(request).then((bytes) => limited(bytes, maxBytes))
      : readStreamed(request, maxBytes);
  return read.catch(() => INCOMPLETE);
}

function limited(bytes: Uint8Array, maxBytes: number): BodyRead {
  return bytes.byteLength > maxBytes ? TOO_LARGE : { ok: true, bytes };
}

/**
 * A declared length within the limit: one buffered read is far cheaper than pulling web-stream
 * chunks. The size is still checked after the read, so a body longer than its header never gets
 * past the limit.
 */
function readDeclared(request: Request): Promise<Uint8Array> {
  // `bytes()` where the runtime has it: the same buffered read without an extra copy.
  const withBytes = request as Request & { bytes?: () => Promise<Uint8Array> };
  return typeof withBytes.bytes === "function"
    ? withBytes.bytes()
    : request.arrayBuffer().then((buffer) => new Uint8Array(buffer));
}

/** No Content-Length (chunked): the limit is applied chunk by chunk, and reading stops past it. */
async function readStreamed(request: Request, maxBytes: number): Promise<BodyRead> {
  if (request.body === null) return EMPTY;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/** A Node request nothing has started reading, and whose body no hosting platform pre-read. */
export function unreadNodeBody(incoming: IncomingMessage): boolean {
  return (
    typeof incoming.on === "function" &&
    !incoming.readableDidRead &&
    !incoming.readableEnded &&
    !("rawBody" in incoming)
  );
}

/**
 * Told the outcome of a body read: an object, not a callback, so a transport hands the read its
 * own per-request state and no function is built per request.
 */
export interface BodyReceiver {
  bodyRead(read: BodyRead): void;
}

/**
 * The whole body of a Node request, framed by Node's HTTP parser, cut off at the limit as it
 * streams in (a chunked body included): the rest is left to the caller's drain.
 * It settles as a `BodyRead` itself, never rejecting.
 */
export function readNodeBody(incoming: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve) => readNodeBodyInto(incoming, maxBytes, { bodyRead: resolve }));
}

/**
 * `readNodeBody` for a transport on the hot path: `receiver.bodyRead` is called once with the
 * outcome — on a later turn, as the body's events arrive — and no promise is made. A body is read
 * on every call: the promise, its resolvers and a listener closure per event were ~0.7 KB of each
 * request (bench: http-inprocess.ts `ALLOC=1`). The listeners here are shared functions, called
 * with the request as `this`, that find the read's state on it.
 */
export function readNodeBodyInto(incoming: IncomingMessage, maxBytes: number, receiver: BodyReceiver): void {
  const read = new NodeBodyRead(maxBytes, receiver);
  const first = (incoming as Reading)[READING];
  if (first !== undefined) {
    // A second read of the same request: the listeners are on already, and tell every read in turn.
    first.also(read);
    return;
  }
  (incoming as Reading)[READING] = read;
  // The listeners stay on the request (it is dropped with them): taking four off per call cost
  // more than a `close` that later finds the read settled.
  incoming.on("data", onData);
  incoming.on("end", onEnd);
  incoming.on("error", onBroken);
  incoming.on("close", onClose);
}

const READING = Symbol("axn.bodyRead");
type Reading = IncomingMessage & { [READING]?: NodeBodyRead };

/** One read's state: the chunks so far (most bodies arrive as one, kept without an array), their size. */
class NodeBodyRead {
  readonly #maxBytes: number;
  readonly #receiver: BodyReceiver;
  #first: Buffer | undefined;
  #more: Buffer[] | undefined;
  #size = 0;
  #settled = false;
  /** Another read of the same request (rare), told the same events after this one. */
  #next: NodeBodyRead | undefined;

  constructor(maxBytes: number, receiver: BodyReceiver) {
    this.#maxBytes = maxBytes;
    this.#receiver = receiver;
  }

  also(read: NodeBodyRead): void {
    if (this.#next === undefined) this.#next = read;
    else this.#next.also(read);
  }

  chunk(chunk: Buffer): void {
    this.#take(chunk);
    this.#next?.chunk(chunk);
  }

  #take(chunk: Buffer): void {
    if (this.#settled) return;
    this.#size += chunk.byteLength;
    // Past the limit (a chunked body, or one longer than it said): refused now, the rest not kept.
    if (this.#size > this.#maxBytes) {
      this.#first = this.#more = undefined;
      this.settle(TOO_LARGE);
      return;
    }
    if (this.#first === undefined) this.#first = chunk;
    else (this.#more ??= [this.#first]).push(chunk);
  }

  // Each outcome is told this read first, then the next (in the order the reads began).
  ended(): void {
    this.#whole();
    this.#next?.ended();
  }

  closed(ended: boolean): void {
    if (ended) this.#whole();
    else this.settle(INCOMPLETE);
    this.#next?.closed(ended);
  }

  #whole(): void {
    if (this.#settled) return;
    const bytes = this.#more !== undefined ? Buffer.concat(this.#more, this.#size) : (this.#first ?? EMPTY_BYTES);
    this.settle(limited(bytes, this.#maxBytes));
  }

  broken(): void {
    this.settle(INCOMPLETE);
    this.#next?.broken();
  }

  settle(read: BodyRead): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#receiver.bodyRead(read);
  }
}

const EMPTY_BYTES = new Uint8Array(0);

function onData(this: Reading, chunk: Buffer): void {
  this[READING]?.chunk(chunk);
}
function onEnd(this: Reading): void {
  this[READING]?.ended();
}
function onBroken(this: Reading): void {
  this[READING]?.broken();
}
function onClose(this: Reading): void {
  this[READING]?.closed(this.readableEnded);
}
