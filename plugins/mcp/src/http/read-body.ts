/**
 * A POST's JSON body, read before the SDK sees it (read-message.ts: size, UTF-8, JSON), refused
 * with an own `__proto__` key, and — for a caller with a principal — a `tools/call` its token lacks
 * scopes for answered with the scope challenge (`403 insufficient_scope`, scope-challenge.ts).
 * The parsed body goes to the SDK's transport as `parsedBody`; any other request has none.
 */
import { isJsonContentType, protectedResourceMetadataUrl } from "@axn/sdk/serving";
import { McpMessages } from "../server/server.js";
import type { HttpContext } from "./context.js";
import type { Caller } from "./identify.js";
import { jsonError } from "./json-error.js";
import { hasProtoKey, readMessage } from "./read-message.js";
import { scopeChallenge } from "./scope-challenge.js";

/** The parsed body (`undefined`: not a JSON POST), or the refusal to answer. */
export async function readBody(
  ctx: HttpContext,
  request: Request,
  caller: Caller,
): Promise<{ readonly parsedBody: unknown } | Response> {
  if (request.method !== "POST") return { parsedBody: undefined };
  // The one JSON rule of every HTTP transport (@axn/sdk/serving): a POST in any other spelling
  // is refused here, as the SDK refuses a non-JSON one, rather than reaching it unread.
  if (!isJsonContentType(request.headers.get("content-type"))) return jsonError(415, -32000, UNSUPPORTED_MEDIA_TYPE);
  const read = await readMessage(request, ctx.maxBodyBytes);
  if (!read.ok) return jsonError(read.status, read.code, read.message);
  if (hasProtoKey(read.value)) return jsonError(400, -32600, McpMessages.protoKey);
  const parsedBody = read.value;
  if (caller.principal !== undefined) {
    const challenged = await scopeChallenge(ctx.set, {
      message: parsedBody,
      principal: caller.principal,
      resourceMetadata: protectedResourceMetadataUrl(request, ctx.path),
    });
    if (challenged !== undefined) return challenged;
  }
  return { parsedBody };
}

/** The MCP SDK's own words for a POST that is not JSON. */
const UNSUPPORTED_MEDIA_TYPE = "Unsupported Media Type: Content-Type must be application/json";
