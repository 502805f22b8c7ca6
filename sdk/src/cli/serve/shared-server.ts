/**
 * The one HTTP server `axn serve` runs: plain `node:http`, owned by the CLI so no transport needs
 * another to be listed. Each request goes to the running transport whose path is the longest one
 * covering the request's path (`/mcp` covers `/mcp` and `/mcp/…`; `/` covers everything), unchanged;
 * a path no transport covers is a JSON 404. A listener that throws is reported naming its plugin
 * and transport, and answered with a JSON 500 when nothing was sent yet.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { reportException, type HttpTransport, type RunningHttpTransport } from "@axn/core";
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

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", "x-content-type-options": "nosniff" } as const;

/** Starts listening; rejects with Node's error (`EADDRINUSE`) when it cannot. */
export async function listenShared(mounts: readonly Mounted[], port: number, hostname: string): Promise<SharedServer> {
  const server = createServer(dispatcher(mounts));
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

function dispatcher(mounts: readonly Mounted[]): (request: IncomingMessage, response: ServerResponse) => void {
  const longestFirst = [...mounts].sort((a, b) => b.entry.transport.path.length - a.entry.transport.path.length);
  return (request, response) => {
    const path = pathOf(request.url);
    const mount = longestFirst.find(({ entry }) => covers(entry.transport.path, path));
    if (mount === undefined) {
      response.writeHead(404, JSON_HEADERS).end(JSON.stringify({ error: "Not found" }));
      return;
    }
    const failed = (error: unknown): void => {
      const { plugin, transport } = mount.entry;
      reportException(error, { action: plugin, phase: `http transport "${transport.name}" request` });
      if (!response.headersSent) response.writeHead(500, JSON_HEADERS).end(JSON.stringify({ error: "Internal server error" }));
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
