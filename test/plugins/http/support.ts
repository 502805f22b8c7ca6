/**
 * Shared by the http plugin specs: a real server on loopback per `describe`, `fetch`-based calls,
 * and a raw `node:http` client for what `fetch` will not send (a forged Host header, a chunked body
 * with no Content-Length, bytes that are not UTF-8).
 */
import { request as httpRequest } from "node:http";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";
import httpPlugin, { serve, type HttpServerHandle, type ServeOptions } from "axn-plugin-http";

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

/** Loads a kernel host with the plugin before each spec of the block, and forgets it after. */
export function withHttpHost(): void {
  beforeEach(() => {
    resetKernel();
    const host = createKernelHost();
    httpPlugin.apply(host, undefined);
    host.freeze();
  });
  afterEach(resetKernel);
}

/** Starts a server on an ephemeral loopback port for each spec; `server()` returns the running one. */
export function withServer(options: () => ServeOptions): () => HttpServerHandle {
  let handle: HttpServerHandle | undefined;
  beforeEach(async () => {
    handle = await serve({ port: 0, ...options() });
  });
  afterEach(async () => {
    await handle?.close();
    handle = undefined;
  });
  return () => {
    if (handle === undefined) throw new Error("no server running");
    return handle;
  };
}

async function replyOf(response: Response): Promise<Reply> {
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === "" ? undefined : (JSON.parse(text) as unknown),
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return postText(url, JSON.stringify(body), headers);
}

export async function postText(url: string, body: string, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return replyOf(response);
}

export async function send(url: string, init: RequestInit): Promise<Reply> {
  return replyOf(await fetch(url, init));
}

/**
 * A raw request: exactly these headers and these body chunks (each written separately, so with no
 * Content-Length the body goes chunked).
 */
export function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: readonly (string | Uint8Array)[] },
): Promise<Reply & { readonly rawBody: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method ?? "POST",
        headers: options.headers ?? {},
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => {
          const text = Buffer.concat(parts).toString("utf8");
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers))
            if (typeof value === "string") headers.set(name, value);
          resolve({
            status: res.statusCode ?? 0,
            headers,
            body: text === "" ? undefined : (JSON.parse(text) as unknown),
            rawBody: text,
          });
        });
      },
    );
    // The server may answer (413) and close before the whole body is written.
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error),
    );
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}
