/**
 * A request to a stateless handler (`stateless: true`): a fresh server for the one POST, closed
 * once its response is sent. There is no session to resume or stream to outside a POST.
 */
import type { HttpContext } from "./context.js";
import { deliver, type Exchange } from "./exchange.js";
import { jsonError } from "./json-error.js";
import { openSession } from "./open-session.js";
import { whenDone } from "./when-done.js";

export async function serveStateless(ctx: HttpContext, exchange: Exchange): Promise<Response> {
  if (exchange.request.method !== "POST")
    return jsonError(405, -32000, "Method not allowed: this server is stateless", { Allow: "POST" });
  const session = await openSession(ctx, exchange.owner, false);
  return whenDone(await deliver(session, exchange), () => session.server.close());
}
