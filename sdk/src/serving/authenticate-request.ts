/**
 * One request through the app's `authenticate` (`serve.authenticate`), as every HTTP-served
 * transport applies it before any tool runs: the caller's principal, an anonymous caller (when no
 * authentication is configured, or `serve.anonymous` admits one), or a refusal carrying the
 * status, the message and the RFC 6750 / RFC 9728 challenge (`WWW-Authenticate: Bearer
 * resource_metadata="…"`, which an MCP client follows to find the authorization server). A throw
 * in the app's function is reported and answered as a generic 500: its message stays on the server.
 */
import { reportException, type ServingAuthentication } from "@axn/core";
import { isAuthRefusal, refusalStatus, type Authenticate } from "../auth/verdict.js";
import { servingConfig } from "./settings.js";
import { protectedResourceMetadataUrl } from "./protected-resource.js";

export const AuthMessages = {
  missing: "Unauthorized: send Authorization: Bearer <token>",
  refused: (description: string): string => `Unauthorized: ${description}`,
  forbidden: (description: string): string => `Forbidden: ${description}`,
  internal: "Internal server error",
} as const;

const ANONYMOUS: ServingAuthentication = Object.freeze({ ok: true, principal: null });

export interface AuthenticateOptions {
  /** Overrides `serve.authenticate`. */
  readonly authenticate?: Authenticate | null;
  /** Overrides `serve.anonymous`. */
  readonly anonymous?: boolean;
}

/** Whether any authentication applies (with none, every caller is anonymous and nothing is challenged). */
export function authenticationConfigured(options: AuthenticateOptions = {}): boolean {
  return (options.authenticate === undefined ? servingConfig.get("authenticate") : options.authenticate) !== null;
}

/**
 * Authenticates `request` for the resource mounted at `resourcePath` (`/mcp`, `/api`): the
 * challenge names that resource's metadata URL. `phase` names the transport in a report.
 */
export async function authenticateRequest(
  request: Request,
  resourcePath: string,
  phase: string,
  options: AuthenticateOptions = {},
): Promise<ServingAuthentication> {
  const authenticate = options.authenticate === undefined ? servingConfig.get("authenticate") : options.authenticate;
  if (authenticate === null) return ANONYMOUS;
  let verdict: Awaited<ReturnType<Authenticate>>;
  try {
    verdict = await authenticate(request);
  } catch (error) {
    reportException(error, { action: "@axn/sdk", phase: `${phase} authenticate` });
    return { ok: false, status: 500, message: AuthMessages.internal, headers: {} };
  }
  if (verdict instanceof Response)
    return { ok: false, status: verdict.status, message: "", headers: {}, response: verdict };
  const metadata = `resource_metadata="${protectedResourceMetadataUrl(request, resourcePath)}"`;
  if (verdict === null) {
    if (options.anonymous ?? servingConfig.get("anonymous")) return ANONYMOUS;
    return {
      ok: false,
      status: 401,
      message: AuthMessages.missing,
      headers: { "www-authenticate": `Bearer ${metadata}` },
    };
  }
  if (isAuthRefusal(verdict)) {
    const status = refusalStatus(verdict);
    const description = verdict.description.replace(/["\\\r\n]/g, " ");
    return {
      ok: false,
      status,
      message: status === 403 ? AuthMessages.forbidden(verdict.description) : AuthMessages.refused(verdict.description),
      headers: {
        "www-authenticate": `Bearer error="${verdict.error}", error_description="${description}", ${metadata}`,
      },
    };
  }
  if (typeof verdict !== "object" || typeof (verdict as { id?: unknown }).id !== "string") {
    reportException(
      new TypeError("serve.authenticate must answer a principal ({ id }), null, refuse(...) or a Response"),
      { action: "@axn/sdk", phase: `${phase} authenticate` },
    );
    return { ok: false, status: 500, message: AuthMessages.internal, headers: {} };
  }
  return { ok: true, principal: verdict };
}
