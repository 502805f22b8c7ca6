/**
 * The tool routes (`POST {basePath}/{tool}/v{n}`) answered straight from Node's `IncomingMessage`
 * and `ServerResponse`, in front of the hono app, when the app is served on Node (`serve`,
 * `axn serve`). @hono/node-server turns every Node request into a web `Request` and the answer back
 * from a web `Response`, and hono runs its middleware chain: measured in-process (test/bench/
 * http-inprocess.ts) that layer was most of what put the HTTP API behind fastify per request.
 *
 * Only the common case takes this path, and it answers exactly as the app's own route would (same
 * order of checks, same replies — app.ts is the contract): a POST whose path is a tool route (no
 * query string), with a declared `Content-Length`, no `Origin`, no `Prefer`, no `Accept:
 * text/event-stream`, a Host the serving policy lets through, to a public action (no access
 * policy), on an app with no CORS and no authentication. Everything else — another method or path, a refused Host, a browser's request, a
 * chunked body, an event stream, a background call (jobs.ts), an authenticated app, a route a
 * mounted handler could also match — falls through to hono untouched.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { reportException, type AmbientContextSource, type HttpServingPolicy } from "@axn/core";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, CallSlot, nodeHostHeader } from "@axn/sdk/serving";
import { PLUGIN_NAME } from "./config.js";
import { isJsonContentType } from "./content-type.js";
import { ReportedMappingFailure } from "./map-result.js";
import { parseJsonBody } from "./parse-json.js";
import { readNodeBody, unreadNodeBody } from "./read-body.js";
import { errorReply, Messages, type HttpReply } from "./replies.js";
import { wantsEventStream } from "./sse.js";
import type { HttpOperation } from "./wrap.js";

/** Answers a request it can take (`true`), or leaves it untouched for the hono app (`false`). */
export type NodeToolRoute = (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;

export interface NodeToolRouteOptions {
  /** Public operations only: a route with an access policy answers its refusal before the body (app.ts). */
  readonly operations: readonly HttpOperation[];
  readonly basePath: string;
  readonly maxBodyBytes: number;
  readonly serving: HttpServingPolicy;
  /** The hono paths of mounted handlers: a tool route one of them could match stays with hono. */
  readonly mountPaths: readonly string[];
}

/** What an unauthenticated call hands the Invoker: explicitly no ambient context. */
const NO_AMBIENT: AmbientContextSource = Object.freeze({});

/**
 * Whether a mounted hono path could match `route`. Conservative: a pattern (`*`, `:param`, `{…}`)
 * conflicts with every route under its static prefix.
 */
function mountCouldMatch(mountPath: string, route: string): boolean {
  const special = mountPath.search(/[*:{?]/);
  if (special === -1) return mountPath === route || `${mountPath}/` === route;
  return route.startsWith(mountPath.slice(0, special));
}

export function nodeToolRoute(options: NodeToolRouteOptions): NodeToolRoute {
  const { maxBodyBytes, serving } = options;
  const byPath = new Map<string, HttpOperation>();
  for (const op of options.operations) {
    const path = `${options.basePath}${op.route}`;
    if (!options.mountPaths.some((mount) => mountCouldMatch(mount, path))) byPath.set(path, op);
  }
  return (incoming, outgoing) => {
    if (incoming.method !== "POST") return false;
    // The raw path: a percent-encoded one (which hono decodes before routing) is left to hono, and
    // so is a query string or a Prefer header (a background call, `?async=1` / `respond-async`: jobs.ts).
    const op = byPath.get(incoming.url ?? "");
    if (op === undefined) return false;
    const headers = incoming.headers;
    if (headers.prefer !== undefined) return false;
    const length = headers["content-length"];
    if (length === undefined || !unreadNodeBody(incoming) || headers.origin !== undefined || wantsEventStream(headers.accept)) return false;
    const host = nodeHostHeader(incoming.rawHeaders);
    if (host === undefined || serving.checkRequest(requestHeadOf(host)) !== undefined) return false;
    void answer(op, incoming, outgoing, maxBodyBytes, serving);
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

async function answer(op: HttpOperation, incoming: IncomingMessage, outgoing: ServerResponse, maxBodyBytes: number, serving: HttpServingPolicy): Promise<void> {
  try {
    send(outgoing, await reply(op, incoming, outgoing, maxBodyBytes, serving));
  } catch (error) {
    // As the app's onError: a rejected `invoke` was already reported by the pipeline's guard.
    const phase = `${incoming.method ?? "POST"} ${incoming.url ?? ""}`;
    reportException(error instanceof ReportedMappingFailure ? error.cause : error, { action: PLUGIN_NAME, phase });
    if (!outgoing.headersSent) send(outgoing, errorReply(500, error instanceof ReportedMappingFailure ? Messages.unrenderable : Messages.internal));
  }
}

async function reply(op: HttpOperation, incoming: IncomingMessage, outgoing: ServerResponse, maxBodyBytes: number, serving: HttpServingPolicy): Promise<HttpReply> {
  if (!isJsonContentType(incoming.headers["content-type"] ?? null)) return errorReply(415, Messages.unsupportedMediaType);
  const read = await readNodeBody(incoming, maxBodyBytes);
  // A declared length over the limit was answered before this (nodeListener); Node frames the body by it.
  if (!read.ok) return read.reason === "tooLarge" ? errorReply(413, Messages.tooLarge(maxBodyBytes)) : errorReply(400, Messages.incompleteBody);
  const parsed = parseJsonBody(read.bytes);
  if (!parsed.ok) return errorReply(400, parsed.message);
  const release = serving.acquireCall();
  if (release === undefined) return errorReply(503, BUSY_MESSAGE, { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) });
  // Given back when the call is answered, or — answered at its deadline while the body runs on —
  // when the body ends (as app.ts).
  const slot = new CallSlot(release);
  try {
    return await op.invoke(parsed.value, { ambientContext: NO_AMBIENT, signal: () => clientSignal(outgoing), onOverdue: slot.onOverdue });
  } catch (error) {
    // A wrapped operation rejects only for a mapping bug rethrown in development, after reporting it.
    throw new ReportedMappingFailure(error);
  } finally {
    slot.answered();
  }
}

/** Aborts when the client goes away before the answer is written (built only when the action reads `ctx.signal`). */
function clientSignal(outgoing: ServerResponse): AbortSignal {
  if (outgoing.destroyed && !outgoing.writableFinished) return AbortSignal.abort(new Error("client disconnected"));
  const controller = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("client disconnected"));
  });
  return controller.signal;
}

/** The reply as @hono/node-server would write its `Response`: the JSON headers, `nosniff`, the length. */
function send(outgoing: ServerResponse, reply: HttpReply): void {
  const body = reply.encoded ?? JSON.stringify(reply.body);
  outgoing.writeHead(reply.status, {
    "content-type": "application/json; charset=utf-8",
    "x-content-type-options": "nosniff",
    ...reply.headers,
    "content-length": Buffer.byteLength(body),
  });
  outgoing.end(body);
}

/** Each app `createHttpApp` built whose tool routes can be answered here (no CORS, no authentication). */
const routesOfApps = new WeakMap<object, NodeToolRoute>();

export function attachNodeToolRoute(app: object, route: NodeToolRoute): void {
  routesOfApps.set(app, route);
}

/**
 * The Node-native tool routes of an app `createHttpApp` built, for a server that runs that very app
 * (not one a caller extended with routes or middleware of its own, which the path would bypass).
 */
export function nodeToolRouteOf(app: object): NodeToolRoute | undefined {
  return routesOfApps.get(app);
}
