/**
 * The type of the `serve` key of an app's `axn.config`: what every HTTP-served transport applies
 * alike (see serving/settings.ts, which declares the settings and checks they match this type).
 * Declared here, beside `defineConfig`, so the config type names it without importing the layer
 * that reads it.
 */
import type { AxnPrincipal } from "@axn/core";
import type { Authenticate } from "../auth/verdict.js";

export interface ServeSettings {
  /** Who is calling, for every HTTP-served transport; `null`: no authentication. */
  authenticate: Authenticate | null;
  /** Whether a caller `authenticate` answers `null` for is served (anonymous); otherwise 401. */
  anonymous: boolean;
  /** Authorization servers in the protected resource metadata (RFC 9728). */
  authorizationServers: readonly string[];
  /** Scopes in the protected resource metadata. */
  scopesSupported: readonly string[];
  /** The URL clients reach this server at (`https://tools.example.com`), behind a proxy; `null`: the request's own origin. */
  publicUrl: string | null;
  /** Whether `X-Forwarded-Proto` / `X-Forwarded-Host` name the public origin (set only behind a proxy that sets them). */
  trustProxy: boolean;
  /** Host names every HTTP transport answers; `null`: loopback names on a loopback address, else any. */
  allowedHosts: readonly string[] | null;
  /** Browser origins allowed; `null`: origins naming an allowed host. */
  allowedOrigins: readonly string[] | null;
  /** How long a tool call may run (ms); overridable per action (`configure: { serve: { callTimeoutMs } }`). */
  callTimeoutMs: number;
  /** Tool calls one server runs at once. */
  maxConcurrentCalls: number;
  /** The principal of every call over stdio (trusted-local); default from `AXN_PRINCIPAL`. */
  stdioPrincipal: AxnPrincipal | null;
}
