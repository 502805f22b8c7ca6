/**
 * Maps a call's `Result` to the HTTP reply: the mapping half of the tool pipeline. Success is 200
 * with the rendered exposes (rendered with the per-tool `rejectOpaqueExposedValues`), or
 * `{ message }` when the tool exposes nothing; a correctable input error is 400 with
 * `{ error, fieldErrors }`; a business failure is 422; an exception is 500, and so is a result the
 * adapter could not render (reported once by the pipeline's guard). A call the action's access
 * policy refused is 401 (no principal; `WWW-Authenticate: Bearer`) or 403 (the principal lacks
 * what the policy needs; missing scopes are named in an RFC 6750 `insufficient_scope` challenge). The client always sees
 * `result.error` — the action's own words — never the exception's message.
 */
import type { JsonValue } from "@axn/core";
import { serializeExposed, type ToolFailure, type ToolFailureKind, type ToolMapping } from "@axn/sdk/adapter";
import { httpConfig } from "../config.js";
import { errorReply, type HttpReply } from "../replies.js";

/** The `WWW-Authenticate` challenge of a refused call (RFC 6750 §3). */
function challenge(
  kind: "unauthenticated" | "forbidden",
  missingScopes: readonly string[] | undefined,
): Readonly<Record<string, string>> | undefined {
  const scope = missingScopes !== undefined && missingScopes.length > 0 ? ` scope="${missingScopes.join(" ")}"` : "";
  if (kind === "unauthenticated") return { "www-authenticate": scope === "" ? "Bearer" : `Bearer${scope}` };
  return scope === "" ? undefined : { "www-authenticate": `Bearer error="insufficient_scope",${scope}` };
}

function failureReply({ error, fieldErrors, missingScopes }: ToolFailure, kind: ToolFailureKind): HttpReply {
  if (kind === "input") return { status: 400, body: { error, fieldErrors: fieldErrors as unknown as JsonValue[] } };
  if (kind === "unauthenticated" || kind === "forbidden")
    return errorReply(kind === "unauthenticated" ? 401 : 403, error, challenge(kind, missingScopes));
  // A call past its deadline is the gateway-timeout case: the server gave up waiting on the tool.
  return errorReply(kind === "failure" ? 422 : kind === "timeout" ? 504 : 500, error);
}

/** A tool that exposes fields: its rendered exposes, encoded under the guard (the encoder may refuse deep nesting). */
export const EXPOSES_REPLY: ToolMapping<HttpReply, HttpReply> = {
  success(result) {
    const body = serializeExposed(httpConfig, result);
    return { status: 200, body, encoded: JSON.stringify(body) };
  },
  failure: failureReply,
};

/** A tool that exposes nothing: its message. */
export const MESSAGE_REPLY: ToolMapping<HttpReply, HttpReply> = {
  success: (result) => ({ status: 200, body: { message: result.message } }),
  failure: failureReply,
};
