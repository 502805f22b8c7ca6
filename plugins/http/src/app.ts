/**
 * `createHttpApp`: the tools as a hono app — a standard `fetch` handler usable on any runtime.
 * Routes: `POST {basePath}/{tool}/v{n}` for every tool version (no unversioned alias: a URL never
 * changes meaning) and `GET {basePath}/openapi.json`. Each call passes, in order: the Host check
 * (when configured), CORS (when configured), `authenticate` (401), the route (404 / 405), the
 * action's access policy (401 / 403, before the body is read), the Content-Type (415), the body limit while reading (413; a body cut short is a 400), JSON parsing
 * (400), then the Invoker and the result mapping (200 / 400 / 422 / 500). Every body is JSON,
 * hono's own 404 and 500 included.
 *
 * Other transports share the app through `mount` (the MCP Streamable HTTP endpoint at `/mcp`):
 * a mounted handler gets the raw `Request` and sits behind the Host check, but not behind this
 * adapter's CORS, authentication or body handling, which are its own business.
 *
 * @example
 * ```ts
 * const app = createHttpApp({ mount: [{ path: "/mcp", handler: (request) => mcpTransport.handleRequest(request) }] });
 * export default app; // Bun / Deno / Workers: app.fetch
 * ```
 */
import { Hono, type Context } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import { accessRefusal, AxnError, ErrorCodes, isPublic, PRINCIPAL_AMBIENT_KEY, principalFrom, reportException, type AmbientContextSource, type AnyAxn, type HttpServingPolicy } from "@axn/core";
import { BUSY_MESSAGE, BUSY_RETRY_AFTER_SECONDS, CallSlot, drain, HostMessages, protectedResourceMetadataUrl, servingPolicy } from "@axn/sdk/serving";
import { allowEveryone, httpConfig, PLUGIN_NAME, type Authenticate, type HttpCorsSettings } from "./config.js";
import { isJsonContentType } from "./content-type.js";
import { deprecator } from "./deprecator.js";
import { buildOpenApiDocument, type OpenApiInfo } from "./openapi.js";
import { ReportedMappingFailure } from "./map-result.js";
import { parseJsonBody } from "./parse-json.js";
import { attachNodeToolRoute, nodeToolRoute } from "./node-route.js";
import { readBodyWithin } from "./read-body.js";
import { mountReferencePage, referencePageEnabled } from "./reference-page.js";
import { streamCall, wantsEventStream } from "./sse.js";
import type { IncomingMessage, ServerResponse } from "node:http";
import { errorReply, Messages, toResponse, type HttpReply } from "./replies.js";
import { tools as registeredTools } from "./plugin.js";
import { wrap, type HttpOperation } from "./wrap.js";
import { asyncRequested, enqueueReply, jobReply } from "./jobs.js";

/** Another transport's endpoint on the same app. `path` is a hono path (`"/mcp"`, `"/hooks/*"`). */
export interface MountedHandler {
  readonly path: string;
  readonly handler: (request: Request) => Response | Promise<Response>;
}

/** Each setting given here wins over the `http` config namespace; settings are read when the app is created. */
export interface HttpAppOptions {
  /** The tools to serve (actions or wrapped operations). Default: every version of every `http` tool. */
  readonly tools?: readonly (AnyAxn | HttpOperation)[];
  readonly mount?: readonly MountedHandler[];
  readonly basePath?: string;
  readonly maxBodyBytes?: number;
  /**
   * @deprecated Set `serve.authenticate` (one authentication for every transport, the principal
   * reaching actions as ambient `principal`). Still honoured when `serve.authenticate` is not set.
   */
  readonly authenticate?: Authenticate;
  /**
   * The serving policy: Host/Origin, `serve.authenticate`, the concurrent-call cap. `serve` and
   * `axn serve` pass the server's; default one from the `serve` settings with the Host check below.
   */
  readonly serving?: HttpServingPolicy;
  /** Host names to answer, for the default policy; `null` or absent: `serve.allowedHosts`, else no check here (`serve` adds the loopback check). */
  readonly allowedHosts?: readonly string[] | null;
  readonly cors?: HttpCorsSettings | null;
  /** `info` of the OpenAPI document. */
  readonly openapi?: OpenApiInfo;
  /** The API reference page at `{basePath}/docs` (`null`: on unless the app runs in production). */
  readonly referencePage?: boolean | null;
}

export type HttpAppEnv = { Variables: { ambientContext: AmbientContextSource } };
export type HttpApp = Hono<HttpAppEnv>;

/** What @hono/node-server passes as `env`: Node's own request and response. */
export type NodeBindings = { readonly incoming?: IncomingMessage; readonly outgoing?: ServerResponse };

/** A request header, read from Node's own parsed headers when @hono/node-server is underneath. */
function requestHeader(c: Context, name: "content-type" | "content-length" | "accept"): string | null {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  if (incoming?.headers !== undefined) return incoming.headers[name] ?? null;
  return c.req.raw.headers.get(name);
}

/**
 * Aborts when the client goes away. Under @hono/node-server the Node response is at hand, and
 * watching its `close` avoids materialising a full web `Request` just to read `request.signal`
 * (a large share of each request's cost); on other runtimes the request's own signal is used.
 */
function clientSignal(c: Context): AbortSignal {
  const outgoing = (c.env as NodeBindings | undefined)?.outgoing;
  if (outgoing === undefined || typeof outgoing.once !== "function") return c.req.raw.signal;
  // Built only when the action reads `ctx.signal` (the Invoker takes it lazily): the client may
  // already be gone by then.
  if (outgoing.destroyed && !outgoing.writableFinished) return AbortSignal.abort(new Error("client disconnected"));
  const controller = new AbortController();
  outgoing.once("close", () => {
    if (!outgoing.writableFinished) controller.abort(new Error("client disconnected"));
  });
  return controller.signal;
}

/**
 * The signal as a thunk, built outside the async route handler: a closure allocated inside it
 * showed in the per-request cost (bench: http-inprocess); one made here does not.
 */
function lazyClientSignal(c: Context): () => AbortSignal {
  return () => clientSignal(c);
}

/** What an unauthenticated app hands the Invoker: explicitly no ambient context. */
const NO_AMBIENT: AmbientContextSource = Object.freeze({});

/**
 * A 401 access refusal under `serve.authenticate` names the RFC 9728 metadata, as authentication's
 * own 401 does, so a client without a token learns where to get one (`Bearer scope="…"` keeps its scope).
 */
function withResourceMetadata(reply: HttpReply, metadataUrl: string): HttpReply {
  const challenge = reply.headers?.["www-authenticate"];
  if (reply.status !== 401 || challenge === undefined) return reply;
  const metadata = `resource_metadata="${metadataUrl}"`;
  return { ...reply, headers: { ...reply.headers, "www-authenticate": challenge === "Bearer" ? `Bearer ${metadata}` : `${challenge}, ${metadata}` } };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function isOperation(tool: AnyAxn | HttpOperation): tool is HttpOperation {
  return typeof (tool as Partial<HttpOperation>).invoke === "function" && "route" in tool;
}

function operationsFrom(tools: readonly (AnyAxn | HttpOperation)[]): HttpOperation[] {
  const byRoute = new Map<string, HttpOperation>();
  for (const tool of tools) {
    const op = isOperation(tool) ? tool : wrap(tool);
    const existing = byRoute.get(op.route);
    if (existing !== undefined && existing.action !== op.action) {
      throw new AxnError(
        ErrorCodes.ToolConflict,
        `${PLUGIN_NAME}: ${existing.action.name} and ${op.action.name} both resolve to POST ${op.route}; ` +
          `set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them`,
      );
    }
    byRoute.set(op.route, op);
  }
  return [...byRoute.values()].sort((a, b) => (a.toolName < b.toolName ? -1 : a.toolName > b.toolName ? 1 : a.toolVersion - b.toolVersion));
}

export function createHttpApp(options: HttpAppOptions = {}): HttpApp {
  const basePath = options.basePath ?? httpConfig.get("basePath");
  const maxBodyBytes = options.maxBodyBytes ?? httpConfig.get("maxBodyBytes");
  const allowedHosts = options.allowedHosts === undefined ? httpConfig.get("allowedHosts") : options.allowedHosts;
  const serving =
    options.serving ??
    // The app alone is not a server: the cap on concurrent calls is the server's (`serve`, `axn serve`).
    servingPolicy({ phase: "http", allowedHosts: allowedHosts ?? false, allowedOrigins: false, hostname: "0.0.0.0", maxConcurrentCalls: Number.MAX_SAFE_INTEGER });
  // The transport-neutral authentication wins; the plugin's own is the deprecated fallback.
  const authenticate = serving.authenticates ? allowEveryone : (options.authenticate ?? httpConfig.get("authenticate"));
  if (authenticate !== allowEveryone) {
    deprecator.warn(
      "axn-plugin-http's own authenticate (http.authenticate, createHttpApp({ authenticate })) serves /api only; set serve.authenticate in axn.config, one authentication for /api and /mcp alike whose principal reaches actions as ambient principal",
    );
  }
  const corsSettings = options.cors === undefined ? httpConfig.get("cors") : options.cors;
  const operations = operationsFrom(options.tools ?? registeredTools());
  const app = new Hono<HttpAppEnv>();

  // A known tool at a version it does not have: say which versions exist rather than a bare 404.
  // (Answered here rather than by a catch-all route, so each real route is the only handler that
  // matches its path and hono takes its single-handler fast path.)
  const versions = new Map<string, number[]>();
  for (const op of operations) versions.set(op.toolName, [...(versions.get(op.toolName) ?? []), op.toolVersion]);
  const versionedPath = new RegExp(`^${escapeRegExp(basePath)}/([^/]+)/([^/]+)$`);
  app.notFound((c) => {
    const tool = versionedPath.exec(c.req.path)?.[1];
    const known = tool === undefined ? undefined : versions.get(tool);
    return toResponse(errorReply(404, known === undefined ? Messages.notFound : Messages.unknownVersion(tool!, known)));
  });
  app.onError((error, c) => {
    if (error instanceof ReportedMappingFailure) {
      // Already reported by the pipeline's guard (core reports an error once): this catches only an
      // operation of the app's own making whose `invoke` rejected without reporting.
      reportException(error.cause, { action: PLUGIN_NAME, phase: `${c.req.method} ${c.req.path}` });
      return toResponse(errorReply(500, Messages.unrenderable));
    }
    if (error instanceof HTTPException && error.status < 500) return toResponse(errorReply(error.status, error.message || `HTTP ${error.status}`));
    reportException(error, { action: PLUGIN_NAME, phase: `${c.req.method} ${c.req.path}` });
    return toResponse(errorReply(500, Messages.internal));
  });

  // The server's one Host/Origin policy, for every route (mounted ones included). Not `async`: it
  // hands back `next()`'s promise, so a request that passes costs no extra async frame.
  const corsOrigins = corsSettings === null ? [] : typeof corsSettings.origin === "string" ? [corsSettings.origin] : corsSettings.origin;
  app.use("*", (c, next) => {
    const refused = serving.checkRequest(c.req.raw);
    if (refused === undefined) return next();
    // An origin the API's own CORS setting names is one the app chose to serve.
    const origin = c.req.raw.headers.get("origin");
    if (origin !== null && refused.message === HostMessages.origin(origin)) {
      return corsOrigins.includes(origin) || corsOrigins.includes("*") ? next() : Promise.resolve(toResponse(errorReply(403, refused.message)));
    }
    return Promise.resolve(toResponse(errorReply(403, Messages.hostNotAllowed)));
  });

  // Mounted before this adapter's middleware: a handler that answers ends the chain there.
  for (const { path, handler } of options.mount ?? []) app.all(path, (c) => handler(c.req.raw));

  const scope = `${basePath}/*`;
  if (corsSettings !== null) {
    app.use(
      scope,
      cors({
        origin: typeof corsSettings.origin === "string" ? corsSettings.origin : [...corsSettings.origin],
        allowMethods: ["GET", "HEAD", "POST"],
        allowHeaders: [...(corsSettings.allowHeaders ?? ["Content-Type", "Authorization"])],
        exposeHeaders: [...(corsSettings.exposeHeaders ?? [])],
        ...(corsSettings.maxAge === undefined ? {} : { maxAge: corsSettings.maxAge }),
        ...(corsSettings.credentials === undefined ? {} : { credentials: corsSettings.credentials }),
      }),
    );
  }

  // Authentication comes before routing, so an anonymous caller learns nothing about which tools exist.
  // Without an authenticator there is nothing to check: handlers fall back to an empty ambient context.
  if (serving.authenticates) app.use(scope, async (c, next) => {
    const verdict = await serving.authenticate(c.req.raw, basePath === "" ? "/" : basePath);
    if (!verdict.ok) return verdict.response ?? toResponse(errorReply(verdict.status, verdict.message, verdict.headers));
    // Only the principal, under its key: the one piece of trusted context authentication establishes.
    if (verdict.principal !== null) c.set("ambientContext", { [PRINCIPAL_AMBIENT_KEY]: verdict.principal });
    await next();
  });
  else if (authenticate !== allowEveryone) app.use(scope, async (c, next) => {
    const verdict = await authenticate(c.req.raw);
    if (verdict instanceof Response) return verdict;
    if (verdict === null || verdict === undefined) return toResponse(errorReply(401, Messages.unauthorized));
    c.set("ambientContext", verdict);
    await next();
  });

  if (referencePageEnabled(options.referencePage === undefined ? httpConfig.get("referencePage") : options.referencePage)) {
    mountReferencePage(app, { basePath, ...(options.openapi?.title === undefined ? {} : { title: options.openapi.title }) });
  }

  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  app.all(`${basePath}/openapi.json`, (c) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return toResponse(errorReply(405, Messages.methodNotAllowed, { allow: "GET, HEAD" }));
    document ??= buildOpenApiDocument(operations, {
      basePath,
      maxBodyBytes,
      authenticated: serving.authenticates || authenticate !== allowEveryone,
      ...(options.openapi === undefined ? {} : { info: options.openapi }),
    });
    return toResponse({ status: 200, body: document });
  });

  // Routes whose action is not public: only these pay for the access check before the body (a
  // default policy changed later still holds: the Invoker checks every call again after parsing).
  const restricted = new Set(operations.filter((op) => !isPublic(op.action)));
  // One handler per path, for every method (a wrong one is a 405 from the same handler).
  for (const op of operations) {
    const path = `${basePath}${op.route}`;
    app.all(path, async (c) => {
      if (c.req.method !== "POST") return toResponse(errorReply(405, Messages.methodNotAllowed, { allow: "POST" }));
      const request = c.req.raw;
      const incoming = (c.env as NodeBindings | undefined)?.incoming;
      // The route names its action, so a caller its policy refuses is answered 401/403 before the
      // body is read: it learns nothing from a 415/413/400 about what it may not call.
      if (restricted.has(op) && accessRefusal(op.action, principalFrom(c.get("ambientContext"))) !== undefined) {
        if (incoming !== undefined) drain(incoming);
        // Through the Invoker, which refuses before reading the arguments and reports the denial (onResult).
        const refused = await op.invoke({}, { ambientContext: c.get("ambientContext") ?? NO_AMBIENT });
        return toResponse(serving.authenticates ? withResourceMetadata(refused, protectedResourceMetadataUrl(request, basePath === "" ? "/" : basePath)) : refused);
      }
      if (!isJsonContentType(requestHeader(c, "content-type"))) return toResponse(errorReply(415, Messages.unsupportedMediaType));
      const read = await readBodyWithin(request, maxBodyBytes, requestHeader(c, "content-length"), incoming);
      if (!read.ok && read.reason === "tooLarge") {
        // The client may still be sending: read (and drop) the rest, up to a bound, so it gets the 413.
        if (incoming !== undefined) drain(incoming);
        return toResponse(errorReply(413, Messages.tooLarge(maxBodyBytes)));
      }
      if (!read.ok) return toResponse(errorReply(400, Messages.incompleteBody));
      const parsed = parseJsonBody(read.bytes);
      if (!parsed.ok) return toResponse(errorReply(400, parsed.message));
      // A background call takes no call slot: it only enqueues (jobs.ts).
      if (asyncRequested(c)) return toResponse(await enqueueReply(op, parsed.value, c.get("ambientContext") ?? NO_AMBIENT, basePath));
      const release = serving.acquireCall();
      if (release === undefined) return toResponse(errorReply(503, BUSY_MESSAGE, { "retry-after": String(BUSY_RETRY_AFTER_SECONDS) }));
      // The slot is given back when the call is answered, or — answered at its deadline while the
      // body runs on — when the body ends, so abandoned work stays counted against the cap.
      const slot = new CallSlot(release);
      // Accept: text/event-stream — live reports, then the result, as Server-Sent Events (sse.ts);
      // the call's slot is given back when the call (not the response) is done.
      if (wantsEventStream(requestHeader(c, "accept"))) {
        const counted: HttpOperation = { ...op, invoke: (args, invokeOptions) => op.invoke(args, { ...invokeOptions, onOverdue: slot.onOverdue }).finally(() => slot.answered()) };
        return streamCall(c, counted, parsed.value, { ambientContext: c.get("ambientContext") ?? NO_AMBIENT, signal: lazyClientSignal(c) });
      }
      let reply: HttpReply;
      try {
        reply = await op.invoke(parsed.value, { ambientContext: c.get("ambientContext") ?? NO_AMBIENT, signal: lazyClientSignal(c), onOverdue: slot.onOverdue });
      } catch (error) {
        // A wrapped operation rejects only for a mapping bug rethrown in development, after reporting it.
        throw new ReportedMappingFailure(error);
      } finally {
        slot.answered();
      }
      return toResponse(reply);
    });
  }

  // A background call's status, then its result (jobs.ts).
  app.get(`${basePath}/jobs/:id`, async (c) => toResponse(await jobReply(operations, c.req.param("id"), c.get("ambientContext") ?? NO_AMBIENT)));

  // The same routes straight from Node's request for a server on Node (node-route.ts); with CORS or
  // authentication every request goes through the middleware above.
  if (corsSettings === null && !serving.authenticates && authenticate === allowEveryone) {
    attachNodeToolRoute(app, nodeToolRoute({ operations: operations.filter((op) => !restricted.has(op)), basePath, maxBodyBytes, serving, mountPaths: (options.mount ?? []).map((mount) => mount.path) }));
  }

  return app;
}
