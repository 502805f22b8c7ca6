/**
 * The first step of every request: the path (any other answers 404), then the serving policy's
 * Host/Origin check, the one every HTTP transport of the server shares.
 */
import type { HttpContext } from "./context.js";
import { jsonError } from "./json-error.js";

/** The refusal to answer, or `undefined` to go on. */
export function admit(ctx: HttpContext, request: Request): Response | undefined {
  if (new URL(request.url).pathname !== ctx.path)
    return jsonError(404, -32000, `Not found: MCP is served at ${ctx.path}`);
  const refused = ctx.serving.checkRequest(request);
  if (refused !== undefined) return jsonError(refused.status, -32000, refused.message, refused.headers);
  return undefined;
}
