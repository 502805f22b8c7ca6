/**
 * The one Host/Origin policy of every HTTP-served transport (DNS-rebinding protection and
 * cross-origin refusal), so `/api` and `/mcp` on one server never disagree:
 *
 * - Host: the `allowedHosts` given (else `serve.allowedHosts`); with none, a server bound to a
 *   loopback address answers the loopback names — `localhost`, every address in 127/8 and `[::1]`,
 *   so the URL `axn serve --host 127.0.0.2` prints is reachable — and a server bound elsewhere
 *   answers any Host. A missing Host header, an empty one, or more than one is refused.
 * - Origin: absent (not a browser) passes; else it must be listed in `allowedOrigins`, or — with
 *   no list — name an allowed host (any host: the request's own), exactly.
 */
import { hostCheck, hostNameCheck, hostnameOf, isLoopbackHostname, LOOPBACK_HOSTS } from "./hosts.js";
import { servingConfig } from "./settings.js";

export interface HostPolicyOptions {
  /** The address the server binds. */
  readonly hostname: string;
  /** Overrides `serve.allowedHosts`; `false`: no Host check (behind a proxy that checks it). */
  readonly allowedHosts?: readonly string[] | false | null;
  /** Overrides `serve.allowedOrigins`; `false`: no Origin check. */
  readonly allowedOrigins?: readonly string[] | false | null;
}

export const HostMessages = {
  host: (host: string): string => `Forbidden: host ${JSON.stringify(host)} is not allowed`,
  duplicateHost: "Forbidden: the request has more than one Host header",
  origin: (origin: string): string => `Forbidden: origin ${JSON.stringify(origin)} is not allowed`,
} as const;

export interface HostPolicy {
  /** `undefined` when the Host header (all of them, as Node's `rawHeaders` or a web `Headers` value) is allowed; else the message of the 403. */
  checkHost(host: string | null | undefined): string | undefined;
  /** `undefined` when the Origin is absent or allowed; else the message of the 403. */
  checkOrigin(origin: string | null | undefined, host: string | null | undefined): string | undefined;
}

const LOOPBACK_V4 = /^127(\.\d{1,3}){3}$/;

export function hostPolicy(options: HostPolicyOptions): HostPolicy {
  const configured =
    options.allowedHosts === undefined || options.allowedHosts === null
      ? servingConfig.get("allowedHosts")
      : options.allowedHosts;
  const loopbackDefault = configured === null && isLoopbackHostname(options.hostname);
  const listed = configured === false || configured === null ? undefined : hostCheck(configured);
  // Remembered per header value, as a list's verdicts are (hosts.ts): no `URL` parse per request.
  const loopback = loopbackDefault
    ? hostNameCheck((name) => LOOPBACK_HOSTS.includes(name) || LOOPBACK_V4.test(name))
    : undefined;
  const allowedName = (host: string): boolean => {
    if (listed !== undefined) return listed(host);
    return loopback === undefined || loopback(host);
  };
  const checksHost = configured !== false && (listed !== undefined || loopbackDefault);
  const origins =
    options.allowedOrigins === undefined || options.allowedOrigins === null
      ? servingConfig.get("allowedOrigins")
      : options.allowedOrigins;
  return {
    checkHost(host) {
      if (!checksHost) return host?.includes(",") === true ? HostMessages.duplicateHost : undefined;
      if (host === null || host === undefined || host === "") return HostMessages.host("");
      // Web `Headers` join repeated headers with ", "; a host name never contains a comma.
      if (host.includes(",")) return HostMessages.duplicateHost;
      return allowedName(host) ? undefined : HostMessages.host(hostnameOf(host) ?? host);
    },
    checkOrigin(origin, host) {
      if (origin === null || origin === undefined || origins === false) return undefined;
      if (origins !== null) return origins.includes(origin) ? undefined : HostMessages.origin(origin);
      let url: URL | undefined;
      try {
        url = new URL(origin);
      } catch {
        return HostMessages.origin(origin);
      }
      // With no host list to compare against, only a same-origin page is trusted.
      const allowed = checksHost ? allowedName(url.host) : url.host === sameForm(host, url.protocol);
      return allowed ? undefined : HostMessages.origin(origin);
    },
  };
}

/** `host` as `URL#host` spells it for `protocol` (lower-cased, the default port dropped), to compare with an Origin's. */
function sameForm(host: string | null | undefined, protocol: string): string | undefined {
  if (host === null || host === undefined || host === "") return undefined;
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return undefined;
  }
}

/** Host headers of a Node request, counting repeats (Node keeps only the first in `headers.host`). */
export function nodeHostHeader(rawHeaders: readonly string[]): string | undefined {
  let host: string | undefined;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    // The two spellings clients send compared as they are: `toLowerCase` of "Host" is a new string per request.
    if (name.length === 4 && (name === "Host" || name === "host" || name.toLowerCase() === "host"))
      host = host === undefined ? rawHeaders[i + 1]! : `${host}, ${rawHeaders[i + 1]!}`;
  }
  return host;
}
