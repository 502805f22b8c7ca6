/**
 * What an app's `authenticate(request)` answers, for every HTTP-served transport: the caller's
 * {@link AxnPrincipal}, `null` for a caller who brought no credentials (anonymous — admitted only
 * where the app says so, `serve.anonymous`), a refusal made with {@link refuse} (a bad or expired
 * token: each transport answers it in its own error shape, with the `WWW-Authenticate` challenge
 * OAuth clients read), or a ready `Response` answered as is.
 *
 * @example
 * ```ts
 * const authenticate: Authenticate = (request) => {
 *   const token = bearerToken(request);
 *   if (token === undefined) return null;
 *   return token === process.env.ADMIN_TOKEN ? { id: "admin", roles: ["admin"] } : refuse("Unknown token");
 * };
 * ```
 */
import type { AxnPrincipal } from "@axn/core";

const REFUSAL = Symbol.for("axn.auth.refusal");

/**
 * A refused request. `error` is the RFC 6750 error code the challenge carries: `invalid_token`
 * (401: missing, malformed, expired, unknown), `insufficient_scope` (403), `invalid_request` (400).
 */
export interface AuthRefusal {
  readonly [REFUSAL]: true;
  readonly error: "invalid_token" | "insufficient_scope" | "invalid_request";
  /** Said to the client (`error_description`); never an exception's message. */
  readonly description: string;
}

export type AuthVerdict = AxnPrincipal | AuthRefusal | Response | null;

/** Maps a request to who is calling; runs before any tool, on every request (not only the first of a session). */
export type Authenticate = (request: Request) => AuthVerdict | Promise<AuthVerdict>;

/** A refusal; the description reaches the client, so name what is wrong and what to send instead. */
export function refuse(description: string, error: AuthRefusal["error"] = "invalid_token"): AuthRefusal {
  return Object.freeze({ [REFUSAL]: true as const, error, description });
}

export function isAuthRefusal(value: unknown): value is AuthRefusal {
  return typeof value === "object" && value !== null && (value as { [REFUSAL]?: unknown })[REFUSAL] === true;
}

/** The HTTP status a refusal answers. */
export function refusalStatus(refusal: AuthRefusal): 400 | 401 | 403 {
  return refusal.error === "insufficient_scope" ? 403 : refusal.error === "invalid_request" ? 400 : 401;
}
