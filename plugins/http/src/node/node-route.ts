/**
 * The tool routes (`POST {basePath}/{tool}/v{n}`) answered straight from Node's `IncomingMessage`
 * and `ServerResponse`, in front of the hono app, when the app is served on Node (`serve`,
 * `axn serve`). @hono/node-server turns every Node request into a web `Request` and the answer back
 * from a web `Response`, and hono runs its middleware chain: measured in-process (test/bench/
 * http-inprocess.ts) that layer was most of what put the HTTP API behind fastify per request.
 *
 * This is a listener, not a second route: the call is answered by the same pipeline the hono
 * route calls (pipeline/answer-tool-call.ts); this file only decides which requests it can convert
 * and writes the reply. It takes the common case — a POST whose path is a tool route of the app's
 * route table (public actions, on an app with no CORS and no authentication: pipeline/route-table.ts),
 * with no query string, a declared `Content-Length`, no `Origin`, no `Prefer`, no `Accept:
 * text/event-stream`, and a Host the serving policy lets through. Everything else — another
 * method or path, a refused Host, a browser's request, a chunked body, an event stream, a
 * background call — falls through to hono untouched.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { HttpServingPolicy } from "@axn/core";
import { nodeHostHeader, unreadNodeBody } from "@axn/sdk/serving";
import { answerToolCall } from "../pipeline/answer-tool-call.js";
import { wantsEventStream } from "../pipeline/event-stream.js";
import type { ToolRouteTable } from "../pipeline/route-table.js";
import { NodeToolRequest } from "./node-request.js";

/** Answers a request it can take (`true`), or leaves it untouched for the hono app (`false`). */
export type NodeToolRoute = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

export function nodeToolRoute(table: ToolRouteTable, holdEnd = false): NodeToolRoute | undefined {
  if (table.size === 0) return undefined;
  // Every route of one app shares its serving policy.
  const serving: HttpServingPolicy = table.values().next().value!.serving;
  // The last Host the policy let through (with no Origin, its verdict depends on the Host alone):
  // the clients of one server send one or two Host values, so most requests skip the check's
  // request head. A refused Host is never kept: it goes to hono, which answers the 403.
  let allowedHost: string | undefined;
  return (incoming, outgoing) => {
    if (incoming.method !== "POST") return false;
    // The raw path: a percent-encoded one (which hono decodes before routing) is left to hono, and
    // so is a query string or a Prefer header (a background call, `?async=1` / `respond-async`).
    const route = table.get(incoming.url ?? "");
    if (route === undefined) return false;
    const headers = incoming.headers;
    if (headers.prefer !== undefined) return false;
    const length = headers["content-length"];
    if (
      length === undefined ||
      !unreadNodeBody(incoming) ||
      headers.origin !== undefined ||
      wantsEventStream(headers.accept)
    )
      return false;
    const host = nodeHostHeader(incoming.rawHeaders);
    if (host === undefined) return false;
    if (host !== allowedHost) {
      if (serving.checkRequest(requestHeadOf(host)) !== undefined) return false;
      allowedHost = host;
    }
    // The request is also where its answer is written: one object per call.
    const request = new NodeToolRequest(incoming, outgoing, holdEnd);
    answerToolCall(route, request, request);
    return true;
  };
}

/**
 * The request head as the serving policy's `checkRequest` reads it — the Host and Origin headers
 * (the URL only for a request with no Host, which never reaches here) — without building a web
 * `Request` and its `Headers` per call. No Origin: a request with one goes through hono.
 */
function requestHeadOf(host: string): Request {
  const headers = { get: (name: string): string | null => (name === "host" ? host : null) };
  return { headers, url: `http://${host}/` } as unknown as Request;
}
