/**
 * The one HTTP server `axn serve` runs: plain `node:http`, owned by the CLI so no transport needs
 * another to be listed. Each request goes to the running transport whose path is the longest one
 * covering the request's path (`/mcp` covers `/mcp` and `/mcp/…`; `/` covers everything), unchanged;
 * a path no transport covers is a JSON 404. A listener that throws is reported naming its plugin
 * and transport, and answered with a JSON 500 when nothing was sent yet. A response that ends before
 * its request's body is in is held open until the body is drained (serving/body-limit.ts), for every
 * transport alike: the client still sending gets the reply, not a reset.
 *
 * When the app configures authentication, the server also answers the OAuth Protected Resource
 * Metadata (RFC 9728) of each mounted transport at `/.well-known/oauth-protected-resource{path}`
 * (and of the first at the bare path), which the `WWW-Authenticate` challenge of a 401 points to —
 * behind the same Host check as the transports (a document naming a rebinding page's Host as the
 * resource, cacheable for an hour, is what the check exists to prevent), and built from
 * `serve.publicUrl` when it is set.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { reportException, type HttpTransport, type RunningHttpTransport } from "@axn/core";
import { authenticationConfigured } from "../../serving/authenticate-request.js";
import { endAfterBody } from "../../serving/body-limit.js";
import { hostPolicy, nodeHostHeader } from "../../serving/hosts-policy.js";
import { protectedResourceMetadata, PROTECTED_RESOURCE_PATH } from "../../serving/protected-resource.js";
import { publicOrigin } from "../../serving/public-origin.js";
import type { Registered } from "./registered.js";

export interface Mounted {
  readonly entry: Registered<HttpTransport>;
  readonly running: RunningHttpTransport;
}

export interface SharedServer {
  /** `http://127.0.0.1:3000`: the origin, without a path. */
  readonly url: string;
  /** Stops accepting connections, drops idle ones and resolves once every connection has closed. */
  close(): Promise<void>;
}

const JSON_HEADERS = {
  "content-type": "application/json; charset=utf-8",
  "x-content-type-options": "nosniff",
} as const;

export interface SharedServerOptions {
  /** `resource_name` of the protected resource metadata. */
  readonly resourceName?: string;
}

/** Starts listening; rejects with Node's error (`EADDRINUSE`) when it cannot. */
export async function listenShared(
  mounts: readonly Mounted[],
  port: number,
  hostname: string,
  options: SharedServerOptions = {},
): Promise<SharedServer> {
  // `node:http` on first use: `axn serve --mcp-stdio` opens no port, and on Node 24 loading it
  // (and the modules it brings) costs about a third of the bare MCP SDK's whole start (bench: row 8).
  const { createServer } = await import("node:http");
  const server = createServer(dispatcher(mounts, hostname, options));
  const url = await listen(server, port, hostname);
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeIdleConnections();
      }),
  };
}

function dispatcher(
  mounts: readonly Mounted[],
  hostname: string,
  options: SharedServerOptions,
): (request: IncomingMessage, response: ServerResponse) => void {
  const longestFirst = [...mounts].sort((a, b) => b.entry.transport.path.length - a.entry.transport.path.length);
  const metadata = authenticationConfigured() ? metadataPaths(mounts) : new Map<string, string>();
  // The transports' own Host policy (`serve.allowedHosts`, else the loopback names on a loopback bind).
  const hosts = hostPolicy({ hostname });
  return (request, response) => {
    // A reply written before the body is in (a 413, a 401) ends only once the body is read, up to
    // the drain's bound: a client that closes its connection after the reply still reads it.
    endAfterBody(request, response);
    const path = pathOf(request.url);
    const resource = metadata.get(path);
    if (resource !== undefined) {
      const refused = hosts.checkHost(nodeHostHeader(request.rawHeaders));
      if (refused !== undefined) response.writeHead(403, JSON_HEADERS).end(JSON.stringify({ error: refused }));
      else answerMetadata(request, response, resource, options.resourceName);
      return;
    }
    const mount = longestFirst.find(({ entry }) => covers(entry.transport.path, path));
    if (mount === undefined) {
      response.writeHead(404, JSON_HEADERS).end(JSON.stringify({ error: "Not found" }));
      return;
    }
    const failed = (error: unknown): void => {
      const { plugin, transport } = mount.entry;
      reportException(error, { action: plugin, phase: `http transport "${transport.name}" request` });
      if (!response.headersSent)
        response.writeHead(500, JSON_HEADERS).end(JSON.stringify({ error: "Internal server error" }));
      else response.destroy();
    };
    try {
      const pending = mount.running.listener(request, response);
      if (pending instanceof Promise) pending.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}

/** Metadata path → the resource path it describes: one per mounted transport, the bare path for the first. */
function metadataPaths(mounts: readonly Mounted[]): Map<string, string> {
  const paths = new Map<string, string>();
  for (const { entry } of mounts) {
    const resource = entry.transport.path;
    paths.set(`${PROTECTED_RESOURCE_PATH}${resource === "/" ? "" : resource}`, resource);
  }
  const first = mounts[0];
  if (first !== undefined && !paths.has(PROTECTED_RESOURCE_PATH))
    paths.set(PROTECTED_RESOURCE_PATH, first.entry.transport.path);
  return paths;
}

function answerMetadata(
  request: IncomingMessage,
  response: ServerResponse,
  resource: string,
  resourceName: string | undefined,
): void {
  if (request.method !== "GET" && request.method !== "HEAD") {
    response
      .writeHead(405, { ...JSON_HEADERS, allow: "GET, HEAD" })
      .end(JSON.stringify({ error: "Method not allowed" }));
    return;
  }
  // The origin the client used (the Host it sent is what it will send its tokens to), unless
  // `serve.publicUrl` or a trusted proxy's forwarded headers name the public one.
  const origin = publicOrigin(
    (name) => firstHeader(request.headers[name]),
    `http://${request.headers.host ?? "localhost"}`,
  );
  // Public by design (RFC 9728 §3): any page may read it, so OAuth clients in a browser can.
  response
    .writeHead(200, { ...JSON_HEADERS, "access-control-allow-origin": "*", "cache-control": "max-age=3600" })
    .end(JSON.stringify(protectedResourceMetadata(origin, resource, resourceName)));
}

/**
 * The path as the transports see it once they parse the URL (dot segments resolved), so a request
 * reaches the transport that will judge it. `req.url` is normally origin-form (`/mcp?x`); a proxy
 * request may be absolute.
 */
function pathOf(url: string | undefined): string {
  try {
    return new URL(url ?? "/", "http://axn.invalid").pathname;
  } catch {
    return "/";
  }
}

function covers(mount: string, path: string): boolean {
  return mount === "/" || path === mount || path.startsWith(`${mount}/`);
}

function listen(server: Server, port: number, hostname: string): Promise<string> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      server.off("error", reject);
      const address = server.address() as AddressInfo;
      const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
      resolve(`http://${host}:${address.port}`);
    });
  });
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
