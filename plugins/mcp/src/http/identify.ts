/**
 * Who is calling, on every request: the principal `serve.authenticate` established (the serving
 * policy's; a refusal is its `401`, with `WWW-Authenticate: Bearer resource_metadata="…"`), and the
 * owner a session is bound to.
 */
import { PRINCIPAL_AMBIENT_KEY, type AxnPrincipal } from "@axn/core";
import { bearerToken } from "@axn/sdk/auth";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { HttpContext } from "./context.js";
import { jsonError } from "./json-error.js";

export interface Caller {
  readonly principal?: AxnPrincipal;
  readonly authInfo?: AuthInfo;
}

const ANONYMOUS_OWNER = "anonymous";

/** The caller's principal (`serve.authenticate`) with the SDK's `authInfo` carrying it, none (anonymous), or the refusal to answer. */
export async function identify(ctx: HttpContext, request: Request): Promise<Caller | Response> {
  const { serving, path } = ctx;
  const verdict = await serving.authenticate(request, path);
  if (!verdict.ok)
    return (
      verdict.response ??
      jsonError(verdict.status, verdict.status === 500 ? -32603 : -32001, verdict.message, verdict.headers)
    );
  if (verdict.principal === null) return {};
  const principal = verdict.principal;
  // The SDK's own channel for a verified caller: tools see it as `authInfo`, and as ambient `principal`.
  const authInfo: AuthInfo = {
    token: bearerToken(request) || "",
    clientId: principal.id,
    scopes: [...(principal.scopes ?? [])],
    extra: { [PRINCIPAL_AMBIENT_KEY]: principal },
  };
  return { principal, authInfo };
}

/** Who a session belongs to: the principal, else anonymous. */
export function ownerOf(caller: Caller): string {
  return caller.principal !== undefined ? `principal:${caller.principal.id}` : ANONYMOUS_OWNER;
}
