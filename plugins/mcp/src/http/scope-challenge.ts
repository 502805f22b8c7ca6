/**
 * The MCP authorization spec's scope challenge (2025-11-25, "Scope Challenge Handling"): a request
 * whose access token lacks a scope the operation needs SHOULD be answered at the HTTP level, `403`
 * with `WWW-Authenticate: Bearer error="insufficient_scope", scope="…", resource_metadata="…"`, so
 * the client can ask its authorization server for a token with those scopes and retry (the SDK's
 * `StreamableHTTPClientTransport` does, given an auth provider). Over Streamable HTTP a `tools/call`
 * refused *only* for missing scopes is answered so; a refusal a new token cannot fix (a role, a
 * predicate, no principal at all) stays a tool result with `isError`, as on every other transport.
 */
import { accessPolicyOf, accessRefusal, isPublic, PRINCIPAL_AMBIENT_KEY, type AxnPrincipal } from "@axn/core";
import type { ToolSet } from "../server/server.js";

/** What the challenge needs from the request it answers. */
export interface ScopeChallengeRequest {
  /** The parsed JSON-RPC body. */
  readonly message: unknown;
  readonly principal: AxnPrincipal;
  /** The RFC 9728 metadata URL of this resource. */
  readonly resourceMetadata: string;
}

function quoted(text: string): string {
  return text.replace(/["\\\r\n]/g, " ");
}

/** The `403` for a `tools/call` the caller's token lacks scopes for, or `undefined` to serve it as usual. */
export async function scopeChallenge(
  set: ToolSet,
  { message, principal, resourceMetadata }: ScopeChallengeRequest,
): Promise<Response | undefined> {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return undefined;
  const { method, params, id } = message as { method?: unknown; params?: { name?: unknown } | null; id?: unknown };
  if (method !== "tools/call" || typeof params !== "object" || params === null || typeof params.name !== "string")
    return undefined;
  const tool = set.byName.get(params.name);
  if (tool === undefined || isPublic(tool.action)) return undefined;
  const refusal = accessRefusal(tool.action, principal);
  if (refusal === undefined || refusal.reason !== "forbidden" || refusal.missingScopes.length === 0) return undefined;
  // Through the Invoker, which refuses before reading the arguments and reports the denial to the
  // audit hook (onResult) as on every other path: a 403 here is never a silent drop.
  await tool.call({}, { ambientContext: { [PRINCIPAL_AMBIENT_KEY]: principal } });
  // Every scope the tool needs (not only the missing ones): a client replacing its token asks for these.
  const policy = accessPolicyOf(tool.action);
  const scopes = typeof policy === "object" && policy.scopes !== undefined ? policy.scopes : refusal.missingScopes;
  const challenge = `Bearer error="insufficient_scope", scope="${quoted(scopes.join(" "))}", resource_metadata="${resourceMetadata}", error_description="${quoted(refusal.message)}"`;
  const requestId = typeof id === "string" || typeof id === "number" ? id : null;
  return new Response(
    JSON.stringify({ jsonrpc: "2.0", id: requestId, error: { code: -32001, message: refusal.message } }),
    {
      status: 403,
      headers: {
        "Content-Type": "application/json",
        "X-Content-Type-Options": "nosniff",
        "WWW-Authenticate": challenge,
      },
    },
  );
}
