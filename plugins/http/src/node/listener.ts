/**
 * The Node request listener of the HTTP API — shared by `serve` and the transport `axn serve`
 * mounts. The app itself runs through @hono/node-server's listener (keeping its lightweight global
 * `Request`/`Response`); in front of it, the 413 of a declared oversized body is answered where
 * the socket is at hand (the rest of the body is drained, up to a bound, so a client still sending
 * gets the reply instead of a reset), and the fast path (node-route.ts) answers the tool calls it
 * can take before any web `Request` is built.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { declaredTooLarge, endAfterBody, replyAndDrain } from "@axn/sdk/serving";
import { errorReply, Messages } from "../replies.js";
import type { ToolRouteTable } from "../pipeline/route-table.js";
import { nodeToolRoute } from "./node-route.js";

/** A fetch handler as the listener runs it: the hono app, or any app with the same `fetch`. */
export type FetchApp = { fetch(request: Request, env?: unknown): Response | Promise<Response> };

/**
 * `holdEnd`: the listener holds each response's end until the request's body is in
 * (`endAfterBody`) — for a server of its own (`serve`); `axn serve`'s shared server does that for
 * every request already. The fast path holds it only for a reply written before the body was read
 * (a 415, an access refusal): a call answered after its body is read has nothing to wait for.
 */
export function nodeListener(
  fetch: FetchApp["fetch"],
  hostname: string,
  maxBodyBytes: number,
  toolRoutes?: ToolRouteTable,
  holdEnd = false,
): (request: IncomingMessage, response: ServerResponse) => void {
  const listener = getRequestListener(fetch, { hostname });
  const body = JSON.stringify(errorReply(413, Messages.tooLarge(maxBodyBytes)).body);
  const toolRoute = toolRoutes === undefined ? undefined : nodeToolRoute(toolRoutes, holdEnd);
  return (request, response) => {
    if (declaredTooLarge(request, maxBodyBytes)) {
      if (holdEnd) endAfterBody(request, response);
      replyAndDrain(
        request,
        response,
        413,
        { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff" },
        body,
      );
      return;
    }
    if (toolRoute?.(request, response)) return;
    if (holdEnd) endAfterBody(request, response);
    void listener(request, response);
  };
}
