/**
 * Host-header checking, the DNS-rebinding guard every HTTP-served transport needs: a page on
 * `evil.example` whose name an attacker re-points at 127.0.0.1 reaches a local server with
 * `Host: evil.example`, so a server on loopback answers only loopback names. Comparison is by host
 * name (port-agnostic), lower-cased, with IPv6 literals in brackets, as `URL` parses them; list
 * entries are normalised the same way (`"::1"` and `"[::1]"` name one host).
 *
 * @example
 * ```ts
 * const allowed = hostCheck(LOOPBACK_HOSTS);
 * allowed("localhost:8787");      // true
 * allowed("evil.example:8787");   // false
 * hostnameOf("[::1]:3000");       // "[::1]"
 * ```
 */

/** The loopback host names a server on a loopback address answers by default. */
export const LOOPBACK_HOSTS: readonly string[] = Object.freeze(["localhost", "127.0.0.1", "[::1]"]);

/** Whether a bind address (or host name) is loopback: `localhost`, `::1`, or anything in 127/8. */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return h === "localhost" || h === "::1" || h === "[::1]" || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The host name a `Host` header (or a URL's `host`) names, as `URL` parses it; `undefined` if it cannot be parsed. */
export function hostnameOf(hostHeader: string): string | undefined {
  if (hostHeader === "") return undefined;
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

/** A list entry in the form `hostnameOf` answers: lower-cased, an IPv6 literal in brackets. */
function normalize(entry: string): string {
  const h = entry.trim().toLowerCase();
  return h.includes(":") && !h.startsWith("[") ? `[${h}]` : h;
}

/** Distinct headers whose verdict one check remembers; a real server sees a handful. */
const MEMO_LIMIT = 64;

/**
 * A check of `Host` headers (`host[:port]`) against `allowed`, remembering each verdict: parsing
 * the header with `URL` on every request was a measurable share of a small call's cost. The memo
 * is bounded, so a client sending endless distinct Host headers gets each one parsed, never a
 * growing map. A missing or empty header is refused.
 */
export function hostCheck(allowed: readonly string[]): (hostHeader: string | null | undefined) => boolean {
  const names = new Set(allowed.map(normalize));
  return hostNameCheck((hostname) => names.has(hostname));
}

/**
 * A check of `Host` headers by the host name they carry (`hostnameOf`), remembering each header's
 * verdict as {@link hostCheck} does — for a rule that is not a list (the loopback default: any
 * address in 127/8). `allowedName` must answer the same for the same name every time.
 */
export function hostNameCheck(
  allowedName: (hostname: string) => boolean,
): (hostHeader: string | null | undefined) => boolean {
  const verdicts = new Map<string, boolean>();
  let lastHost: string | undefined;
  let lastVerdict = false;
  return (hostHeader) => {
    if (hostHeader === null || hostHeader === undefined) return false;
    // Nearly every request repeats the previous Host: a string compare, no hashing of a fresh string.
    if (hostHeader === lastHost) return lastVerdict;
    const known = verdicts.get(hostHeader);
    const hostname = known === undefined ? hostnameOf(hostHeader) : undefined;
    const verdict = known ?? (hostname !== undefined && allowedName(hostname));
    if (known === undefined && verdicts.size < MEMO_LIMIT) verdicts.set(hostHeader, verdict);
    lastHost = hostHeader;
    lastVerdict = verdict;
    return verdict;
  };
}
