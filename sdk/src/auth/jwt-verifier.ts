/**
 * `jwtVerifier`: bearer tokens that are JWTs signed by an OAuth / OpenID issuer, checked with
 * `jose` against the issuer's JWKS (fetched, cached and re-fetched on an unknown key id by
 * `createRemoteJWKSet`): signature, `iss`, `aud` (the token must be meant for this server — the
 * MCP spec forbids passing through tokens issued for someone else), `exp` / `nbf`. The principal
 * is `sub`, the `scope` (space-separated) or `scp` claim as scopes, a `roles` claim as roles, and
 * the whole payload as claims; `principal` maps it differently.
 *
 * @example
 * ```ts
 * serve: { authenticate: jwtVerifier({ issuer: "https://auth.example.com/", audience: "https://tools.example.com/mcp",
 *   jwksUrl: "https://auth.example.com/.well-known/jwks.json" }) }
 * ```
 */
import type { AxnPrincipal } from "@axn/core";
import type { JWTPayload } from "jose";
import { bearerToken } from "./bearer.js";
import { Refusals } from "./static-tokens.js";
import { refuse, type Authenticate } from "./verdict.js";

export interface JwtVerifierOptions {
  /** The expected `iss`, exactly. */
  readonly issuer: string;
  /** The expected `aud` (one of them): this server's resource identifier. */
  readonly audience: string | readonly string[];
  /** Where the issuer publishes its signing keys. */
  readonly jwksUrl: string | URL;
  /** Accepted signing algorithms; default the asymmetric ones jose supports. */
  readonly algorithms?: readonly string[];
  /** Leeway for `exp` / `nbf`, in seconds (default 5). */
  readonly clockToleranceSeconds?: number;
  /** Builds the principal from the verified payload; default {@link defaultJwtPrincipal}. `null` refuses the token. */
  readonly principal?: (payload: JWTPayload) => AxnPrincipal | null;
}

// jose (46 modules) is imported on the first token checked, not when @axn/sdk/auth loads: a server
// that names `bearerToken` or `staticTokens` only, or serves stdio, never pays for it (bench: row 8).
let jose: Promise<typeof import("jose")> | undefined;

const JwtRefusals = {
  expired: "The bearer token has expired; get a new one from the authorization server",
  noSubject: "The bearer token has no subject (sub); it does not name a caller",
} as const;

/** `sub` → id, `scope` / `scp` → scopes, `roles` → roles, the payload → claims. */
export function defaultJwtPrincipal(payload: JWTPayload): AxnPrincipal | null {
  if (typeof payload.sub !== "string" || payload.sub === "") return null;
  const scope = payload["scope"] ?? payload["scp"];
  const scopes =
    typeof scope === "string"
      ? scope.split(" ").filter((s) => s !== "")
      : Array.isArray(scope)
        ? scope.filter((s): s is string => typeof s === "string")
        : [];
  const roles = Array.isArray(payload["roles"])
    ? payload["roles"].filter((r): r is string => typeof r === "string")
    : [];
  return Object.freeze({ id: payload.sub, scopes, roles, claims: Object.freeze({ ...payload }) });
}

export function jwtVerifier(options: JwtVerifierOptions): Authenticate {
  if (typeof options.issuer !== "string" || options.issuer === "")
    throw new TypeError("jwtVerifier: issuer must be the issuer URL the tokens carry as iss");
  if (options.audience === undefined || options.audience.length === 0)
    throw new TypeError("jwtVerifier: audience must name this server (the tokens' aud)");
  const jwksUrl = new URL(options.jwksUrl);
  let keys: ReturnType<typeof import("jose").createRemoteJWKSet> | undefined;
  const toPrincipal = options.principal ?? defaultJwtPrincipal;
  const verifyOptions = {
    issuer: options.issuer,
    audience: typeof options.audience === "string" ? options.audience : [...options.audience],
    clockTolerance: options.clockToleranceSeconds ?? 5,
    ...(options.algorithms === undefined ? {} : { algorithms: [...options.algorithms] }),
  };
  return async (request) => {
    const token = bearerToken(request);
    if (token === undefined) return null;
    if (token === false) return refuse(Refusals.malformed, "invalid_request");
    const { createRemoteJWKSet, errors, jwtVerify } = await (jose ??= import("jose"));
    // One key set per verifier, as before: its cache of the issuer's keys lives as long as the verifier.
    keys ??= createRemoteJWKSet(jwksUrl);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, verifyOptions));
    } catch (error) {
      // The JWKS being unreachable is the server's problem, not the caller's: let it page.
      if (error instanceof errors.JWKSTimeout || (error instanceof Error && !(error instanceof errors.JOSEError)))
        throw error;
      return refuse(error instanceof errors.JWTExpired ? JwtRefusals.expired : Refusals.unknownToken);
    }
    return toPrincipal(payload) ?? refuse(JwtRefusals.noSubject);
  };
}
