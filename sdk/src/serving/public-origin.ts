/**
 * The origin clients reach this server at, for what the server tells them about itself: the
 * RFC 9728 `resource` and the `resource_metadata` URL of a 401 challenge. Behind a TLS-terminating
 * proxy the socket speaks `http` to a private address, so the request alone names the wrong scheme:
 * `serve.publicUrl` says it outright, and `serve.trustProxy` lets `X-Forwarded-Proto` /
 * `X-Forwarded-Host` say it. The forwarded headers are ignored unless trusted — any client can
 * send them, and a spoofed one would point an OAuth client's metadata lookup elsewhere.
 *
 * @example
 * ```ts
 * publicOrigin((name) => request.headers.get(name), new URL(request.url).origin); // "https://tools.example.com"
 * ```
 */
import { servingConfig } from "./settings.js";

/** A request header by lower-case name (`null`/`undefined`: absent). */
export type HeaderReader = (name: "host" | "x-forwarded-proto" | "x-forwarded-host") => string | null | undefined;

/** The first value of a comma-joined forwarded header (the hop nearest the client). */
function firstHop(value: string | null | undefined): string | undefined {
  const first = value?.split(",")[0]?.trim();
  return first === undefined || first === "" ? undefined : first;
}

/**
 * `serve.publicUrl` without a trailing slash (`https://h/tools`: resources are `…/tools/mcp`), else
 * the forwarded scheme and host when `serve.trustProxy`, else `fallback` (the origin the request names).
 */
export function publicOrigin(header: HeaderReader, fallback: string): string {
  const configured = servingConfig.get("publicUrl");
  if (configured !== null) return configured.replace(/\/+$/, "");
  if (!servingConfig.get("trustProxy")) return fallback;
  const proto = firstHop(header("x-forwarded-proto"))?.toLowerCase();
  const host = firstHop(header("x-forwarded-host")) ?? header("host") ?? undefined;
  const base = new URL(fallback);
  const origin = `${proto === "https" || proto === "http" ? proto : base.protocol.slice(0, -1)}://${host ?? base.host}`;
  // A forwarded host that is not a host (`a/b`, `x@y`) is ignored rather than echoed into a URL.
  if (!URL.canParse(origin)) return fallback;
  const url = new URL(origin);
  return url.pathname === "/" && url.username === "" && url.search === "" && url.hash === "" ? url.origin : fallback;
}
