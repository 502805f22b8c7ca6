/**
 * Every response body the adapter writes itself, in one place, so the wire contract (pinned by the
 * specs and listed in docs/plugins/http.md) reads as a table. Each is JSON; none carries an
 * exception message or a stack trace.
 */
import type { JsonValue } from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE } from "@axn/sdk/adapter";

/** A status and a JSON body, before it becomes a `Response`. */
export interface HttpReply {
  readonly status: number;
  readonly body: { readonly [key: string]: JsonValue };
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * `body` already encoded. A success is encoded inside the response guard, so a value the encoder
   * refuses (nesting past its depth) is answered with the adapter's own error, naming the tool.
   */
  readonly encoded?: string;
}

export const Messages = {
  notFound: "Not found",
  methodNotAllowed: "Method not allowed",
  unauthorized: "Unauthorized",
  hostNotAllowed: "Host not allowed",
  unsupportedMediaType: "Content-Type must be application/json",
  malformedJson: "Request body is not valid JSON",
  /** Bytes with no UTF-8 reading (RFC 8259 §8.1: JSON on the wire is UTF-8). */
  notUtf8: "Request body is not valid UTF-8",
  /** The client stopped sending before the body ended (usually gone by the time this is written). */
  incompleteBody: "Request body ended early",
  /** The mapping step failed (e.g. an exposed value with no JSON rendering): the adapter's own answer. */
  unrenderable: ADAPTER_FAILURE_MESSAGE,
  /** Anything else that went wrong outside an action. */
  internal: "Internal server error",
  tooLarge: (limit: number): string => `Request body exceeds ${limit} bytes`,
  unknownVersion: (tool: string, versions: readonly number[]): string =>
    `Tool ${tool} has no such version; available: ${versions.map((v) => `v${v}`).join(", ")}`,
} as const;

/** The media type of a retry that carries the answers to a 428's questions (pipeline/input-round.ts). */
export const ANSWERS_MEDIA_TYPE = "application/vnd.axn.answers+json";

/** What a call that asks, and its retry, are answered (pipeline/input-round.ts). */
export const InputMessages = {
  envelope: `A body of type ${ANSWERS_MEDIA_TYPE} must be { "arguments": { … }, "requestState": "…", "inputResponses": { "<key>": <answer> } }: the call's arguments, the requestState of its 428 reply and an answer to each of its inputRequests`,
  refused:
    "The requestState is invalid, has expired or was issued for another caller or call: call again with the arguments alone (application/json) to start over",
  unasked: (key: string, open: readonly string[]): string =>
    `inputResponses.${key} answers no open question of this requestState; its questions: ${open.join(", ")}`,
  inBackground: `A background call (?async=1, Prefer: respond-async) cannot carry answers: nobody is there to ask; send its arguments as application/json`,
  needed: (tool: string): string =>
    `${tool} needs input: answer each of inputRequests and call again with Content-Type: ${ANSWERS_MEDIA_TYPE} and { "arguments", "requestState", "inputResponses" }`,
} as const;

export function errorReply(status: number, error: string, headers?: Readonly<Record<string, string>>): HttpReply {
  return headers === undefined ? { status, body: { error } } : { status, body: { error }, headers };
}

/**
 * The reply as a `Response`. `nosniff` keeps a browser from reading a JSON error as anything else.
 * A plain header object is the cheap path on @hono/node-server (no `Headers` to build and walk);
 * headers a middleware set on the context (CORS) are still merged in by hono.
 */
export function toResponse(reply: HttpReply): Response {
  return new Response(reply.encoded ?? JSON.stringify(reply.body), {
    status: reply.status,
    headers: reply.headers === undefined ? JSON_HEADERS : { ...JSON_HEADERS, ...reply.headers },
  });
}

/** Shared by every reply with no headers of its own (neither the server nor hono writes into it). */
const JSON_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-type": "application/json; charset=utf-8",
  "x-content-type-options": "nosniff",
});
