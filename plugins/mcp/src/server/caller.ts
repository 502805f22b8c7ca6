/**
 * Who is calling: the trusted ambient context the app's server-context builder makes of a request,
 * and the principal in it. The builder is app code, so a throw there is reported (loud in
 * development) and never shown to the client.
 */
import {
  PRINCIPAL_AMBIENT_KEY,
  principalFrom,
  reportException,
  type AmbientContextSource,
  type AxnPrincipal,
} from "@axn/core";
import { reportAdapterError } from "@axn/sdk/adapter";
import type { McpRequestContext, ServerContextBuilder } from "../protocol/server-context.js";
import type { McpTool } from "../tools/wrap.js";

/** The principal of a trusted context; a source that throws when read counts as no caller. */
export function principalOf(context: AmbientContextSource): AxnPrincipal | undefined {
  try {
    return principalFrom(context);
  } catch {
    return undefined;
  }
}

/** The caller of a request: the principal the server context builds for it. */
export function callerOf(build: ServerContextBuilder, request: McpRequestContext): AxnPrincipal | undefined {
  try {
    return principalFrom(build(request));
  } catch (error) {
    // Shown the public tools only; the fault is the app's, reported as any builder fault is.
    reportException(error, { action: "axn-plugin-mcp", phase: "mcp server context" });
    return undefined;
  }
}

/** The app's builder is app code: a throw there is reported (and loud in development), never shown to the client. */
export function trustedContext(
  build: ServerContextBuilder,
  request: McpRequestContext,
  tool: McpTool,
  principal: AxnPrincipal | null,
): AmbientContextSource | undefined {
  try {
    const context = build(request);
    // The configured principal (stdio) only where the request established none.
    if (principal === null || (context as Record<string, unknown>)[PRINCIPAL_AMBIENT_KEY] !== undefined) return context;
    return { ...context, [PRINCIPAL_AMBIENT_KEY]: principal };
  } catch (error) {
    reportAdapterError(tool.action, "mcp server context", error);
    return undefined;
  }
}
