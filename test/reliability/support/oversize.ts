/**
 * An oversized POST as four kinds of `node:http` client send one, each writing its whole body
 * whatever the server answers: a keep-alive agent, `agent: false`, `Connection: close`, and a
 * chunked body (no Content-Length) on a connection that closes after it. What each got back: the
 * status and body, or the socket error.
 */
import { Agent, request as httpRequest } from "node:http";

export type ClientStyle = "keep-alive" | "agent: false" | "Connection: close" | "chunked";
export const CLIENT_STYLES: readonly ClientStyle[] = ["keep-alive", "agent: false", "Connection: close", "chunked"];

export type Outcome = { readonly status: number; readonly body: string } | { readonly error: string };

export function postOversized(url: string, size: number, style: ClientStyle, agent?: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (style !== "chunked") headers["content-length"] = String(size);
    if (style === "Connection: close" || style === "chunked") headers["connection"] = "close";
    const req = httpRequest(
      url,
      { method: "POST", headers, agent: style === "keep-alive" ? agent : style === "agent: false" ? false : undefined },
      (res) => {
        let body = "";
        res
          .setEncoding("utf8")
          .on("data", (chunk: string) => (body += chunk))
          .on("end", () => resolve({ status: res.statusCode!, body }))
          .on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    // Paced by each write's callback, not 'drain': once the response is in, Node's client stops
    // forwarding its socket's 'drain' to the request, and a writer waiting for it would stall.
    const write = (): void => {
      if (sent >= size || req.destroyed) return void req.end();
      const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
      sent += part.length;
      req.write(part, (error) => (error === undefined || error === null ? write() : undefined));
    };
    write();
  });
}

/** `keep-alive`: one agent for the style's requests, as an app's client would hold it. */
export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 1 });
}
