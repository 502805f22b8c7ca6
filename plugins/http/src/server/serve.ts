/**
 * `serve`: the app on Node's HTTP server through `@hono/node-server`, on loopback unless told
 * otherwise, behind the serving policy every HTTP transport shares (`@axn/sdk/serving`): on a
 * loopback address the server answers only loopback Host names (the DNS-rebinding guard) unless
 * `allowedHosts` (or `serve.allowedHosts`) says otherwise. It keeps @hono/node-server's defaults, which install
 * that package's lightweight global `Request`/`Response`: a request builds a full web object only if read.
 *
 * @example
 * ```ts
 * const server = await serve({ port: 8787 });
 * console.log(server.url); // http://127.0.0.1:8787
 * await server.close();
 * ```
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerType } from "@hono/node-server";
import { servingPolicy } from "@axn/sdk/serving";
import { createHttpApp, type HttpAppOptions } from "../hono/app.js";
import { nodeListener, type FetchApp } from "../node/listener.js";
import { toolRoutesOf } from "../pipeline/route-table.js";
import { httpConfig } from "../config.js";
import { errorReply, Messages, toResponse } from "../replies.js";

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

export function serve(options: ServeOptions = {}): Promise<HttpServerHandle> {
  const hostname = options.hostname ?? DEFAULT_HOSTNAME;
  const port = options.port ?? DEFAULT_PORT;
  const serving =
    options.serving ??
    servingPolicy({
      hostname,
      phase: "http",
      ...(options.allowedHosts === undefined ? {} : { allowedHosts: options.allowedHosts }),
    });
  const app = options.app ?? createHttpApp({ ...options, serving });
  const maxBodyBytes = options.maxBodyBytes ?? httpConfig.get("maxBodyBytes");
  // An app of the caller's own making gets the same Host/Origin policy in front of it.
  const fetch: FetchApp["fetch"] =
    options.app === undefined
      ? (request, env) => app.fetch(request, env)
      : (request, env) => {
          const refused = serving.checkRequest(request);
          return refused === undefined ? app.fetch(request, env) : toResponse(errorReply(403, Messages.hostNotAllowed));
        };

  return new Promise((resolve, reject) => {
    const toolRoutes = options.app === undefined ? toolRoutesOf(app) : undefined;
    // As `axn serve`'s server: a reply written before the body is in ends once the body is drained.
    const server = createServer(nodeListener(fetch, hostname, maxBodyBytes, toolRoutes, true));
    server.listen(port, hostname, () => {
      server.off("error", reject);
      const info = server.address() as AddressInfo;
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
