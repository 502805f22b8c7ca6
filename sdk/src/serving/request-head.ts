/**
 * A web `Request` carrying a Node request's method, URL and headers — not its body — for a
 * transport on `node:http` to hand the serving policy (`checkRequest`, `authenticate`), which read
 * only those. The URL's origin is the one the client addressed (its Host header), as
 * `resource_metadata` in a 401 challenge must name it.
 */
import type { IncomingMessage } from "node:http";

export function requestHead(incoming: IncomingMessage): Request {
  const headers = new Headers();
  for (let i = 0; i < incoming.rawHeaders.length; i += 2)
    headers.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
  const host = incoming.headers.host ?? "localhost";
  let url: URL;
  try {
    url = new URL(incoming.url ?? "/", `http://${host}`);
  } catch {
    // An unparsable Host is refused by checkRequest; the URL only has to exist.
    url = new URL(incoming.url ?? "/", "http://invalid.invalid");
  }
  return new Request(url, {
    method: incoming.method === "GET" || incoming.method === "HEAD" ? incoming.method : "POST",
    headers,
  });
}
