/**
 * Host-header checking, the DNS-rebinding guard: a page on `evil.example` whose name an attacker
 * re-points at 127.0.0.1 reaches a local server with `Host: evil.example`, so a server on loopback
 * answers only loopback names. Comparison is by host name (port-agnostic), lower-cased, with IPv6
 * literals in brackets, as `URL` parses them.
 */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === "localhost" || h === "::1" || h === "[::1]" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** `"::1"` and `"[::1]"` name the same host; `URL` reports the bracketed form. */
function normalize(host: string): string {
  const h = host.trim().toLowerCase();
  return h.includes(":") && !h.startsWith("[") ? `[${h}]` : h;
}

function hostAllowed(hostHeader: string, allowed: readonly string[]): boolean {
  if (hostHeader === "") return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname;
  } catch {
    return false;
  }
  return allowed.some((entry) => normalize(entry) === hostname);
}

/** Distinct Host headers remembered per check; a real server sees a handful. */
const MEMO_LIMIT = 64;

/**
 * `hostAllowed` bound to one list, remembering each verdict: parsing the header with `URL` on every
 * request was a measurable share of a small call's cost. The memo is bounded, so a client sending
 * endless distinct Host headers gets each one parsed, never a growing map.
 */
export function hostCheck(allowed: readonly string[]): (hostHeader: string | null | undefined) => boolean {
  const list = [...allowed];
  const verdicts = new Map<string, boolean>();
  let lastHost: string | undefined;
  let lastVerdict = false;
  return (hostHeader) => {
    if (hostHeader === null || hostHeader === undefined) return false;
    // Nearly every request repeats the previous Host: a string compare, no hashing of a fresh string.
    if (hostHeader === lastHost) return lastVerdict;
    const known = verdicts.get(hostHeader);
    const verdict = known ?? hostAllowed(hostHeader, list);
    if (known === undefined && verdicts.size < MEMO_LIMIT) verdicts.set(hostHeader, verdict);
    lastHost = hostHeader;
    lastVerdict = verdict;
    return verdict;
  };
}
