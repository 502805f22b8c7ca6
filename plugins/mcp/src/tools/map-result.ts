/**
 * A `Result` → an MCP `CallToolResult`: the mapping half of the tool pipeline. Success under
 * structured presentation carries the rendered exposes as `structuredContent` (conforming to the
 * advertised `outputSchema`) and their JSON as text, as the protocol recommends for clients that
 * only read text. Otherwise the text is the action's own message. A failure is `isError: true`
 * with `result.error` — no adapter-wide headline, never `result.exception`'s message. (An action
 * that exposes media is mapped by media.ts: the same, plus its content blocks.)
 */
import { render } from "@axn/core";
import { serializeExposed, type ToolFailure, type ToolMapping } from "@axn/sdk/adapter";
import type { CallToolResult } from "@modelcontextprotocol/server";
import { mcpConfig } from "../settings/config.js";

export { ADAPTER_FAILURE_MESSAGE } from "@axn/sdk/adapter";

export function textResult(text: string, isError = false): CallToolResult {
  return { content: [{ type: "text", text }], ...(isError ? { isError: true } : {}) };
}

function errorResult({ error }: ToolFailure): CallToolResult {
  return textResult(error, true);
}

/** The rendered exposes, as structured content and as text. */
export const STRUCTURED_MAPPING: ToolMapping<CallToolResult, CallToolResult> = {
  success(result) {
    const structuredContent = serializeExposed(mcpConfig, result);
    return { content: [{ type: "text" as const, text: JSON.stringify(structuredContent) }], structuredContent };
  },
  failure: errorResult,
};

/**
 * {@link STRUCTURED_MAPPING} for one wrapped action, with its `rejectOpaqueExposedValues` read at
 * wrap time like every other setting of the tool, rather than resolved again on every call.
 */
export function structuredMapping(rejectOpaque: boolean): ToolMapping<CallToolResult, CallToolResult> {
  return {
    success(result) {
      const structuredContent = render(result, { rejectOpaque });
      return { content: [{ type: "text" as const, text: JSON.stringify(structuredContent) }], structuredContent };
    },
    failure: errorResult,
  };
}

/** The action's message (presented as `"message"`, or an action that exposes nothing). */
export const MESSAGE_MAPPING: ToolMapping<CallToolResult, CallToolResult> = {
  success: (result) => textResult(result.message),
  failure: errorResult,
};
