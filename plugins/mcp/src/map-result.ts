/**
 * A `Result` → an MCP `CallToolResult`. Success under structured presentation carries the rendered
 * exposes as `structuredContent` (conforming to the advertised `outputSchema`) and their JSON as
 * text, as the protocol recommends for clients that only read text. Otherwise the text is the
 * action's own message. A failure is `isError: true` with `result.error` — no adapter-wide
 * headline, never `result.exception`'s message.
 */
import type { Result } from "@axn/core";
import { serializeExposed } from "@axn/sdk/adapter";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { mcpConfig } from "./config.js";

/** What the client sees when the mapping step itself failed (an unrenderable value, a bug). */
export const ADAPTER_FAILURE_MESSAGE = "The tool could not produce a valid response";

export function textResult(text: string, isError = false): CallToolResult {
  return { content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) };
}

/** `structured` is decided once per tool (it also decides whether `outputSchema` is advertised). */
export function mapResult(result: Result<object>, structured: boolean): CallToolResult {
  if (!result.ok) return textResult(result.error ?? result.message, true);
  if (!structured) return textResult(result.message);
  const structuredContent = serializeExposed(mcpConfig, result);
  return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
}
