/**
 * `createHttpApp`: the tools as a hono app — a standard `fetch` handler usable on any runtime.
 * Routes: `POST {basePath}/{tool}/v{n}` for every tool version (no unversioned alias: a URL never
 * changes meaning) and `GET {basePath}/openapi.json` (listing what its caller may call). Each request passes, in order: the Host
 * check (when configured), CORS (when configured), `serve.authenticate` (401), the route (404);
 * a tool call is then answered by the one pipeline (pipeline/answer-tool-call.ts: 405, access,
 * 415, 413, 400, the Invoker and the result mapping), which the Node fast path calls too. Every
 * body is JSON, hono's own 404 and 500 included.
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
import { Hono } from "hono";
import { cors } from "hono/cors";
import { HTTPException } from "hono/http-exception";
import {
  AxnError,
  ErrorCodes,
  PRINCIPAL_AMBIENT_KEY,
  principalFrom,
  reportException,
  type AnyAxn,
  type HttpServingPolicy,
} from "@axn/core";
import { NO_AMBIENT } from "@axn/sdk/adapter";
import { HostMessages, servingPolicy } from "@axn/sdk/serving";
import { httpConfig, PLUGIN_NAME, type HttpCorsSettings } from "../config.js";
import { jobReply } from "../jobs/jobs.js";
import type { OpenApiInfo } from "../openapi/document.js";
import { openApiDocuments, type OpenApiListing } from "../openapi/per-caller.js";
import { registeredOperations } from "../operation/registered.js";
import { wrap, type HttpOperation } from "../operation/wrap.js";
import { answerToolCall } from "../pipeline/answer-tool-call.js";
import { httpRoundStateCodec } from "../pipeline/input-round.js";
import { attachToolRoutes } from "../pipeline/route-table.js";
import { isEventStreamCall } from "../pipeline/tool-request.js";
import { toolRoute, type ToolRoute } from "../pipeline/tool-route.js";
import { errorReply, Messages, toResponse } from "../replies.js";
import { HonoToolRequest, type HttpAppEnv } from "./hono-request.js";
import { mountReferencePage, referencePageEnabled } from "./reference-page.js";
import { streamCall } from "./sse.js";

export type { HttpAppEnv } from "./hono-request.js";

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
   * The serving policy: Host/Origin, `serve.authenticate`, the concurrent-call cap. `serve` and
   * `axn serve` pass the server's; default one from the `serve` settings with the Host check below.
   */
  readonly serving?: HttpServingPolicy;
  /** Host names to answer, for the default policy; `null` or absent: `serve.allowedHosts`, else no check here (`serve` adds the loopback check). */
  readonly allowedHosts?: readonly string[] | null;
  readonly cors?: HttpCorsSettings | null;
  /** `info` of the OpenAPI document. */
  readonly openapi?: OpenApiInfo;
  /**
   * Whom the document lists operations for: `"caller"` (default) — only those its caller may call,
   * as `tools/list` — or `"all"`, every operation (what `axn openapi` prints for tooling).
   */
  readonly openapiListing?: OpenApiListing;
  /** The API reference page at `{basePath}/docs` (`null`: on unless the app runs in production). */
  readonly referencePage?: boolean | null;
}

export type HttpApp = Hono<HttpAppEnv>;

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
  return [...byRoute.values()].sort((a, b) =>
    a.toolName < b.toolName ? -1 : a.toolName > b.toolName ? 1 : a.toolVersion - b.toolVersion,
  );
}

/**
 * Whether a mounted hono path could match `path`. Conservative: a pattern (`*`, `:param`, `{…}`)
 * conflicts with every route under its static prefix.
 */
function mountCouldMatch(mountPath: string, path: string): boolean {
  const special = mountPath.search(/[*:{?]/);
  if (special === -1) return mountPath === path || `${mountPath}/` === path;
  return path.startsWith(mountPath.slice(0, special));
}

export function createHttpApp(options: HttpAppOptions = {}): HttpApp {
  const basePath = options.basePath ?? httpConfig.get("basePath");
  const maxBodyBytes = options.maxBodyBytes ?? httpConfig.get("maxBodyBytes");
  const allowedHosts = options.allowedHosts === undefined ? httpConfig.get("allowedHosts") : options.allowedHosts;
  const serving =
    options.serving ??
    // The app alone is not a server: the cap on concurrent calls is the server's (`serve`, `axn serve`).
    servingPolicy({
      phase: "http",
      allowedHosts: allowedHosts ?? false,
      allowedOrigins: false,
      hostname: "0.0.0.0",
      maxConcurrentCalls: Number.MAX_SAFE_INTEGER,
    });
  const corsSettings = options.cors === undefined ? httpConfig.get("cors") : options.cors;
  const operations = operationsFrom(options.tools ?? registeredOperations());
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
    if (error instanceof HTTPException && error.status < 500)
      return toResponse(errorReply(error.status, error.message || `HTTP ${error.status}`));
    reportException(error, { action: PLUGIN_NAME, phase: `${c.req.method} ${c.req.path}` });
    return toResponse(errorReply(500, Messages.internal));
  });

  // The server's one Host/Origin policy, for every route (mounted ones included). Not `async`: it
  // hands back `next()`'s promise, so a request that passes costs no extra async frame.
  const corsOrigins =
    corsSettings === null ? [] : typeof corsSettings.origin === "string" ? [corsSettings.origin] : corsSettings.origin;
  app.use("*", (c, next) => {
    const refused = serving.checkRequest(c.req.raw);
    if (refused === undefined) return next();
    // An origin the API's own CORS setting names is one the app chose to serve.
    const origin = c.req.raw.headers.get("origin");
    if (origin !== null && refused.message === HostMessages.origin(origin)) {
      return corsOrigins.includes(origin) || corsOrigins.includes("*")
        ? next()
        : Promise.resolve(toResponse(errorReply(403, refused.message)));
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

  // Authentication (`serve.authenticate`) comes before routing, so an anonymous caller learns
  // nothing about which tools exist. Without it there is nothing to check: every call is anonymous.
  const resourcePath = basePath === "" ? "/" : basePath;
  if (serving.authenticates) {
    app.use(scope, async (c, next) => {
      const verdict = await serving.authenticate(c.req.raw, resourcePath);
      if (!verdict.ok)
        return verdict.response ?? toResponse(errorReply(verdict.status, verdict.message, verdict.headers));
      // Only the principal, under its key: the one piece of trusted context authentication establishes.
      if (verdict.principal !== null) c.set("ambientContext", { [PRINCIPAL_AMBIENT_KEY]: verdict.principal });
      await next();
    });
  }

  if (
    referencePageEnabled(options.referencePage === undefined ? httpConfig.get("referencePage") : options.referencePage)
  ) {
    mountReferencePage(app, {
      basePath,
      ...(options.openapi?.title === undefined ? {} : { title: options.openapi.title }),
    });
  }

  // The document lists what its caller may call, as `tools/list` does (openapi/per-caller.ts).
  const documentFor = openApiDocuments(
    operations,
    {
      basePath,
      maxBodyBytes,
      authenticated: serving.authenticates,
      ...(options.openapi === undefined ? {} : { info: options.openapi }),
    },
    options.openapiListing,
  );
  app.all(`${basePath}/openapi.json`, (c) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD")
      return toResponse(errorReply(405, Messages.methodNotAllowed, { allow: "GET, HEAD" }));
    return toResponse({ status: 200, body: documentFor(principalFrom(c.get("ambientContext") ?? NO_AMBIENT)) });
  });

  // One handler per path, for every method (a wrong one is a 405 from the pipeline). Each route's
  // checks are decided here, once (pipeline/tool-route.ts).
  const roundState = httpRoundStateCodec();
  const routes: ToolRoute[] = operations.map((op) => toolRoute(op, { basePath, maxBodyBytes, serving, roundState }));
  for (const route of routes) {
    app.all(
      route.path,
      (c) =>
        new Promise<Response>((resolve, reject) =>
          answerToolCall(route, new HonoToolRequest(c), {
            answered(answer) {
              // A fault building the Response goes to hono's error handler, as a rejection did.
              try {
                resolve(isEventStreamCall(answer) ? streamCall(c, answer, route.op.route) : toResponse(answer));
              } catch (error) {
                reject(error);
              }
            },
          }),
        ),
    );
  }

  // A background call's status, then its result (jobs/jobs.ts).
  app.get(`${basePath}/jobs/:id`, async (c) =>
    toResponse(
      await jobReply(operations, c.req.param("id"), c.get("ambientContext") ?? NO_AMBIENT, c.req.query("token")),
    ),
  );

  // The same routes straight from Node's request for a server on Node (node/node-route.ts): only
  // those nothing in front of the pipeline concerns — with CORS or authentication every request
  // goes through the middleware above, a restricted route's access check needs the principal, and
  // a path a mounted handler could match stays with hono's routing.
  if (corsSettings === null && !serving.authenticates) {
    const mountPaths = (options.mount ?? []).map((mount) => mount.path);
    const fast = routes.filter(
      (route) => !route.restricted && !mountPaths.some((mount) => mountCouldMatch(mount, route.path)),
    );
    attachToolRoutes(app, new Map(fast.map((route) => [route.path, route])));
  }

  return app;
}
