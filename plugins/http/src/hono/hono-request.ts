/**
 * A hono request on a tool route, as the pipeline reads it (pipeline/tool-request.ts). On
 * @hono/node-server, Node's own request and response are at hand in `c.env`: headers, the body and
 * the disconnect signal are read from them, which spares materialising the web `Request` (a large
 * share of each request's cost); on other runtimes the web `Request` answers.
 */
import type { Context } from "hono";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AmbientContextSource } from "@axn/core";
import { NO_AMBIENT } from "@axn/sdk/adapter";
import {
  drain,
  protectedResourceMetadataUrl,
  readBodyWithin,
  readNodeBodyInto,
  unreadNodeBody,
  type BodyReceiver,
} from "@axn/sdk/serving";
import { wantsAsync } from "../jobs/jobs.js";
import type { ToolCallRequest } from "../pipeline/tool-request.js";
import { clientSignal } from "../node/client-signal.js";

export type HttpAppEnv = { Variables: { ambientContext: AmbientContextSource } };

/** What @hono/node-server passes as `env`: Node's own request and response. */
type NodeBindings = { readonly incoming?: IncomingMessage; readonly outgoing?: ServerResponse };

export class HonoToolRequest implements ToolCallRequest {
  readonly #c: Context<HttpAppEnv>;
  readonly #incoming: IncomingMessage | undefined;

  constructor(c: Context<HttpAppEnv>) {
    this.#c = c;
    this.#incoming = (c.env as NodeBindings | undefined)?.incoming;
  }

  get method(): string {
    return this.#c.req.method;
  }

  get ambientContext(): AmbientContextSource {
    return this.#c.get("ambientContext") ?? NO_AMBIENT;
  }

  get phase(): string {
    return `${this.#c.req.method} ${this.#c.req.path}`;
  }

  header(name: "content-type" | "content-length" | "accept" | "prefer" | "idempotency-key"): string | null {
    const headers = this.#incoming?.headers;
    if (headers !== undefined) {
      const value = headers[name];
      return Array.isArray(value) ? value.join(",") : (value ?? null);
    }
    return this.#c.req.raw.headers.get(name);
  }

  asyncRequested(): boolean {
    return wantsAsync(this.#incoming?.url ?? this.#c.req.url, this.header("prefer"));
  }

  readBody(maxBytes: number, receiver: BodyReceiver): void {
    const incoming = this.#incoming;
    const declared = this.header("content-length");
    // The Node request itself when it is at hand (its declared length within the limit): @hono/
    // node-server's `bytes()` copies the body into a fresh ArrayBuffer, which cost a small call
    // about 15 % of its server CPU (test/bench/http-inprocess.ts).
    // A chunked one (no length) too: cancelling the web stream instead would destroy the socket
    // under a client still sending, which then reads a reset instead of the 413.
    if (
      incoming !== undefined &&
      (declared === null || (/^\d+$/.test(declared.trim()) && Number(declared) <= maxBytes)) &&
      unreadNodeBody(incoming)
    ) {
      readNodeBodyInto(incoming, maxBytes, receiver);
      return;
    }
    // Never rejects.
    void readBodyWithin(this.#c.req.raw, maxBytes, declared).then((read) => receiver.bodyRead(read));
  }

  drain(): void {
    if (this.#incoming !== undefined) drain(this.#incoming);
  }

  /** Built on first use only: the signal is not cheap. */
  signal(): AbortSignal {
    const outgoing = (this.#c.env as NodeBindings | undefined)?.outgoing;
    return outgoing === undefined || typeof outgoing.once !== "function"
      ? this.#c.req.raw.signal
      : clientSignal(outgoing);
  }

  resourceMetadataUrl(resourcePath: string): string {
    return protectedResourceMetadataUrl(this.#c.req.raw, resourcePath);
  }
}
