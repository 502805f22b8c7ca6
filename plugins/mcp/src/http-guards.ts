/**
 * Request checks the Streamable HTTP handler runs before any MCP processing, and the JSON error
 * bodies it answers with. Host and Origin validation is DNS-rebinding protection: a web page on
 * `evil.example` whose name re-resolves to 127.0.0.1 reaches a local server with its own Host
 * and Origin, and is refused here. Both default to the loopback names.
 */

/** Loopback hostnames (as `URL#hostname` spells them), allowed by default. */
export const LOCALHOST_NAMES: readonly string[] = Object.freeze(["localhost", "127.0.0.1", "[::1]"]);

/** A JSON-RPC error body (`id: null`: the request it answers may not have been parsed). */
export function jsonError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** The hostname the request was addressed to, port-agnostic; `undefined` when it cannot be parsed. */
function requestHostname(request: Request): string | undefined {
  const host = request.headers.get("host") ?? new URL(request.url).host;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/** `undefined` when the Host header is allowed, else the 403 to answer. */
export function checkHost(request: Request, allowedHosts: readonly string[] | false): Response | undefined {
  if (allowedHosts === false) return undefined;
  const hostname = requestHostname(request);
  if (hostname !== undefined && allowedHosts.includes(hostname)) return undefined;
  return jsonError(403, -32000, `Forbidden: host ${JSON.stringify(hostname ?? request.headers.get("host") ?? "")} is not allowed`);
}

/**
 * `undefined` when the Origin is absent (a non-browser client) or allowed, else the 403. With no
 * explicit list, an origin is allowed when its hostname is one of the allowed hosts (or, with host
 * checking off, when it is the request's own host).
 */
export function checkOrigin(
  request: Request,
  allowedOrigins: readonly string[] | false | undefined,
  allowedHosts: readonly string[] | false,
): Response | undefined {
  const origin = request.headers.get("origin");
  if (origin === null || allowedOrigins === false) return undefined;
  if (allowedOrigins !== undefined) {
    if (allowedOrigins.includes(origin)) return undefined;
  } else {
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {
      url = undefined;
    }
    // Without a host list to compare against, only a same-origin page is trusted.
    const allowed = allowedHosts === false ? url?.host === request.headers.get("host") : url !== undefined && allowedHosts.includes(url.hostname);
    if (allowed) return undefined;
  }
  return jsonError(403, -32000, `Forbidden: origin ${JSON.stringify(origin)} is not allowed`);
}
