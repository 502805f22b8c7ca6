/**
 * A Node request on a tool route, as the pipeline reads it (pipeline/tool-request.ts), and the
 * reply written back the way @hono/node-server would write its `Response`. Only requests the fast
 * path's filter took get here (node-route.ts): no query string, no `Prefer`, no event stream, no
 * authentication — so the trusted context is `NO_AMBIENT` and nothing is enqueued.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { reportException, type AmbientContextSource, type LiveChannel } from "@axn/core";
import { NO_AMBIENT } from "@axn/sdk/adapter";
import {
  drain,
  endAfterBody,
  protectedResourceMetadataUrl,
  readNodeBodyInto,
  requestHead,
  type BodyReceiver,
} from "@axn/sdk/serving";
import type { HttpReply } from "../replies.js";
import { PLUGIN_NAME } from "../config.js";
import {
  isEventStreamCall,
  type AnswerReceiver,
  type ToolCallAnswer,
  type ToolCallRequest,
} from "../pipeline/tool-request.js";
import { FixedReplies } from "../pipeline/tool-route.js";
import { clientSignal } from "./client-signal.js";

/**
 * The request as the pipeline reads it, and where its answer is written: one object per call.
 * `holdEnd`: a reply written before the body was read (a 415, a refusal) ends once the body is in.
 */
export class NodeToolRequest implements ToolCallRequest, AnswerReceiver {
  readonly #incoming: IncomingMessage;
  readonly #outgoing: ServerResponse;
  readonly #holdEnd: boolean;

  constructor(incoming: IncomingMessage, outgoing: ServerResponse, holdEnd: boolean) {
    this.#incoming = incoming;
    this.#outgoing = outgoing;
    this.#holdEnd = holdEnd;
  }

  answered(answer: ToolCallAnswer): void {
    if (this.#holdEnd) endAfterBody(this.#incoming, this.#outgoing);
    if (!isEventStreamCall(answer)) this.#write(answer);
    // Never asked for here (the filter leaves event streams to hono, which writes them); were
    // one answered, its call still runs and gives its slot back, answered as plain JSON.
    else void answer.events(NO_LIVE).then((reply) => this.#write(reply));
  }

  #write(reply: HttpReply): void {
    const outgoing = this.#outgoing;
    try {
      writeReply(outgoing, reply);
    } catch (error) {
      reportException(error, { action: PLUGIN_NAME, phase: this.phase });
      if (!outgoing.headersSent) writeReply(outgoing, FixedReplies.internal);
      else outgoing.destroy();
    }
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

  readBody(maxBytes: number, receiver: BodyReceiver): void {
    readNodeBodyInto(this.#incoming, maxBytes, receiver);
  }

  drain(): void {
    drain(this.#incoming);
  }

  signal(): AbortSignal {
    return clientSignal(this.#outgoing);
  }

  resourceMetadataUrl(resourcePath: string): string {
    return protectedResourceMetadataUrl(requestHead(this.#incoming), resourcePath);
  }
}

const NO_LIVE: LiveChannel = Object.freeze({});

const JSON_TYPE = "application/json; charset=utf-8";

/**
 * The reply as @hono/node-server would write its `Response`: the JSON headers, `nosniff`, the
 * length, and the body in one `end`. The headers go as a flat array (Node's raw form), which
 * `writeHead` takes without walking an object's keys; a reply with no headers of its own (almost
 * every one) reuses one array, its length slot set per reply — `writeHead` turns the array into
 * the response's header block before it returns and keeps no reference to it.
 */
function writeReply(outgoing: ServerResponse, reply: HttpReply): void {
  const body = reply.encoded ?? JSON.stringify(reply.body);
  // A string, as Node would write it anyway: a number takes `writeHead`'s header-value check down
  // RegExp#test's generic path, converting it first (bench row 5d, callgrind: ~0.25k instructions a reply net).
  const length = `${Buffer.byteLength(body)}`;
  if (reply.headers === undefined) {
    PLAIN_HEAD[LENGTH_SLOT] = length;
    outgoing.writeHead(reply.status, PLAIN_HEAD);
  } else {
    const head: string[] = [...PLAIN_HEAD];
    head[LENGTH_SLOT] = length;
    for (const name in reply.headers) head.push(name, reply.headers[name]!);
    outgoing.writeHead(reply.status, head);
  }
  outgoing.end(body);
}

const PLAIN_HEAD: string[] = ["content-type", JSON_TYPE, "x-content-type-options", "nosniff", "content-length", "0"];
const LENGTH_SLOT = 5;
