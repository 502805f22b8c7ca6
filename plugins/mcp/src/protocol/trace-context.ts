/**
 * What an MCP request tells the trace of the tool call it carries, in both eras alike: the
 * client's span as the remote parent — W3C Trace Context in the request's `params._meta`
 * (`traceparent`, `tracestate`: unprefixed keys, which the SDK leaves in `_meta`) — and the
 * attributes of OpenTelemetry's MCP and GenAI semantic conventions for the `axn.call` span, which
 * is the tool's execution span. Both reach core as call options (tools/wrap.ts).
 */
import type { TraceContext } from "@axn/core";
import { TRACEPARENT_META_KEY, TRACESTATE_META_KEY } from "@modelcontextprotocol/server";
import type { McpRequestContext } from "./server-context.js";

/** The request's trace context, when its `_meta` carries a `traceparent` (core ignores an invalid one). */
export function traceContextOf(meta: McpRequestContext["_meta"]): TraceContext | undefined {
  const traceparent = meta?.[TRACEPARENT_META_KEY];
  if (typeof traceparent !== "string") return undefined;
  const tracestate = meta?.[TRACESTATE_META_KEY];
  return typeof tracestate === "string" ? { traceparent, tracestate } : { traceparent };
}

/**
 * A `tools/call`'s span attributes: `mcp.method.name`, `gen_ai.operation.name` and
 * `gen_ai.tool.name` always; `mcp.protocol.version`, `mcp.session.id` (2025-11-25 Streamable HTTP
 * sessions) and `jsonrpc.request.id` where the request has them.
 */
export function toolCallAttributes(toolName: string, request: McpRequestContext): Record<string, string> {
  const attributes: Record<string, string> = {
    "mcp.method.name": "tools/call",
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": toolName,
  };
  const version = request.peer?.protocolVersion();
  if (version !== undefined) attributes["mcp.protocol.version"] = version;
  if (request.sessionId !== undefined) attributes["mcp.session.id"] = request.sessionId;
  if (request.requestId !== undefined) attributes["jsonrpc.request.id"] = String(request.requestId);
  return attributes;
}
