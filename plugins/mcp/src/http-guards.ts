/**
 * Request checks the Streamable HTTP handler runs before any MCP processing, and the JSON error
 * bodies it answers with. Host and Origin validation is DNS-rebinding protection: a web page on
 * `evil.example` whose name re-resolves to 127.0.0.1 reaches a local server with its own Host
 * and Origin, and is refused here. Both default to the loopback names.
 */
import { hostCheck, hostnameOf, LOOPBACK_HOSTS } from "@axn/sdk/adapter";

/** Loopback hostnames (as `URL#hostname` spells them), allowed by default. */
export const LOCALHOST_NAMES: readonly string[] = LOOPBACK_HOSTS;

/** A JSON-RPC error body (`id: null`: the request it answers may not have been parsed). */
export function jsonError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

/** The Host the request was addressed to (`host[:port]`): its header, else its URL's. */
function requestHost(request: Request): string {
  return request.headers.get("host") ?? new URL(request.url).host;
}

/**
 * The Host and Origin checks of one endpoint: `false` turns the Host check off. Built once per
 * endpoint, so each verdict is remembered (`hostCheck`) rather than parsed again per request.
 */
export interface RequestGuards {
  /** `undefined` when the Host header is allowed, else the 403 to answer. */
  checkHost(request: Request): Response | undefined;
  /**
   * `undefined` when the Origin is absent (a non-browser client) or allowed, else the 403. With no
   * explicit origin list, an origin is allowed when its host name is one of the allowed hosts (or,
   * with host checking off, when it is the request's own host).
   */
  checkOrigin(request: Request): Response | undefined;
}

export function requestGuards(allowedHosts: readonly string[] | false, allowedOrigins: readonly string[] | false | undefined): RequestGuards {
  const hostAllowed = allowedHosts === false ? undefined : hostCheck(allowedHosts);
  return {
    checkHost(request) {
      if (hostAllowed === undefined) return undefined;
      const host = requestHost(request);
      if (hostAllowed(host)) return undefined;
      return jsonError(403, -32000, `Forbidden: host ${JSON.stringify(hostnameOf(host) ?? request.headers.get("host") ?? "")} is not allowed`);
    },
    checkOrigin(request) {
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
        const allowed = hostAllowed === undefined ? url?.host === request.headers.get("host") : url !== undefined && hostAllowed(url.host);
        if (allowed) return undefined;
      }
      return jsonError(403, -32000, `Forbidden: origin ${JSON.stringify(origin)} is not allowed`);
    },
  };
}
