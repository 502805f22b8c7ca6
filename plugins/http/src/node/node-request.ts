/**
 * A Node request on a tool route, as the pipeline reads it (pipeline/tool-request.ts), and the
 * reply written back the way @hono/node-server would write its `Response`. Only requests the fast
 * path's filter took get here (node-route.ts): no query string, no `Prefer`, no event stream, no
 * authentication — so the trusted context is `NO_AMBIENT` and nothing is enqueued.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AmbientContextSource } from "@axn/core";
import { NO_AMBIENT } from "@axn/sdk/adapter";
import { drain, protectedResourceMetadataUrl, readNodeBody, requestHead, type BodyRead } from "@axn/sdk/serving";
import type { HttpReply } from "../replies.js";
import type { ToolCallRequest } from "../pipeline/tool-request.js";
import { clientSignal } from "./client-signal.js";

export class NodeToolRequest implements ToolCallRequest {
  readonly #incoming: IncomingMessage;
  readonly #outgoing: ServerResponse;

  constructor(incoming: IncomingMessage, outgoing: ServerResponse) {
    this.#incoming = incoming;
    this.#outgoing = outgoing;
  }

  get method(): string {
    return this.#incoming.method ?? "GET";
  }

  get ambientContext(): AmbientContextSource {
    return NO_AMBIENT;
  }

  get phase(): string {
    return `${this.method} ${this.#incoming.url ?? ""}`;
  }

  // Node's server has already built `headers` (it reads Expect before the request event).
  header(name: "content-type" | "accept" | "idempotency-key"): string | null {
    const value = this.#incoming.headers[name];
    return typeof value === "string" ? value : null;
  }

  asyncRequested(): boolean {
    return false;
  }

  readBody(maxBytes: number): Promise<BodyRead> {
    return readNodeBody(this.#incoming, maxBytes);
  }

  drain(): void {
    drain(this.#incoming);
  }

  readonly signal = (): AbortSignal => clientSignal(this.#outgoing);

  resourceMetadataUrl(resourcePath: string): string {
    return protectedResourceMetadataUrl(requestHead(this.#incoming), resourcePath);
  }
}

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The reply as @hono/node-server would write its `Response`: the JSON headers, `nosniff`, the
 * length, and the body in one `end`. The headers go as a flat array (Node's raw form), which
 * `writeHead` takes without walking an object's keys.
 */
export function writeReply(outgoing: ServerResponse, reply: HttpReply): void {
  const body = reply.encoded ?? JSON.stringify(reply.body);
  const length = String(Buffer.byteLength(body));
  const head = ["content-type", JSON_TYPE, "x-content-type-options", "nosniff", "content-length", length];
  if (reply.headers !== undefined) for (const name in reply.headers) head.push(name, reply.headers[name]!);
  outgoing.writeHead(reply.status, head);
  outgoing.end(body);
}
