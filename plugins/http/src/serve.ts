/**
 * `serve`: the app on Node's HTTP server through `@hono/node-server`, on loopback unless told
 * otherwise. On a loopback address the server answers only loopback Host names (the DNS-rebinding
 * guard) unless `allowedHosts` says otherwise. It keeps @hono/node-server's defaults, which install
 * that package's lightweight global `Request`/`Response` (several times faster per request).
 *
 * @example
 * ```ts
 * const server = await serve({ port: 8787 });
 * console.log(server.url); // http://127.0.0.1:8787
 * await server.close();
 * ```
 */
import type { AddressInfo } from "node:net";
import { serve as nodeServe, type ServerType } from "@hono/node-server";
import { createHttpApp, type HttpAppOptions, type NodeBindings } from "./app.js";
import { httpConfig } from "./config.js";
import { hostCheck, isLoopbackHostname, LOOPBACK_HOSTS } from "@axn/sdk/adapter";
import { errorReply, Messages, toResponse } from "./replies.js";

export const DEFAULT_HOSTNAME = "127.0.0.1";
export const DEFAULT_PORT = 3000;

export interface ServeOptions extends HttpAppOptions {
  /** Default 3000; 0 picks a free port (read it from the handle). */
  readonly port?: number;
  /** Default `127.0.0.1` (loopback). Bind a public address deliberately. */
  readonly hostname?: string;
  /** Serve this fetch handler (e.g. an app built with `createHttpApp` and extra routes) instead of building one. */
  readonly app?: FetchApp;
}

export interface HttpServerHandle {
  /** `http://127.0.0.1:3000` — the origin, without the base path. */
  readonly url: string;
  readonly hostname: string;
  readonly port: number;
  /** The underlying Node server. */
  readonly server: ServerType;
  /** Stops accepting connections and resolves when the server has closed. */
  close(): Promise<void>;
}

/** A fetch handler as `serve` runs it: the hono app, or any app with the same `fetch`. */
export type FetchApp = { fetch(request: Request, env?: unknown): Response | Promise<Response> };

/**
 * `app.fetch` behind the Host check a server on `hostname` needs: the `allowedHosts` given (else the
 * setting); when neither names any, the loopback names on a loopback address, and no check on a
 * public one. Shared by `serve` and the transport `axn serve` mounts.
 */
export function hostGuarded(app: FetchApp, hostname: string, allowedHosts?: readonly string[] | null): FetchApp["fetch"] {
  const configured = allowedHosts === undefined ? httpConfig.get("allowedHosts") : allowedHosts;
  const allowed = configured ?? (isLoopbackHostname(hostname) ? LOOPBACK_HOSTS : null);
  if (allowed === null) return (request, env) => app.fetch(request, env);
  const hostAllowed = hostCheck(allowed);
  // `env` carries Node's request/response objects; the app uses them to notice a client leaving
  // without building a full web Request just for its signal, and the Host check reads Node's own
  // parsed header rather than building the request's `Headers`.
  return (request, env) =>
    hostAllowed((env as NodeBindings | undefined)?.incoming?.headers.host ?? request.headers.get("host"))
      ? app.fetch(request, env)
      : toResponse(errorReply(403, Messages.hostNotAllowed));
}

export function serve(options: ServeOptions = {}): Promise<HttpServerHandle> {
  const hostname = options.hostname ?? DEFAULT_HOSTNAME;
  const port = options.port ?? DEFAULT_PORT;
  const fetch = hostGuarded(options.app ?? createHttpApp(options), hostname, options.allowedHosts);

  return new Promise((resolve, reject) => {
    const server = nodeServe({ fetch, port, hostname }, (info: AddressInfo) => {
      server.off("error", reject);
      const host = info.family === "IPv6" ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${host}:${info.port}`,
        hostname: info.address,
        port: info.port,
        server,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            if ("closeIdleConnections" in server) server.closeIdleConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}
