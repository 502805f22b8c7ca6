/**
 * The OpenTelemetry GenAI attributes of a tool call (`gen_ai.operation.name = "execute_tool"`,
 * `gen_ai.tool.name`, `gen_ai.tool.call.id`). They are handed to the Invoker as `spanAttributes`,
 * which writes them on the action's own `axn.call` span as it opens — refused calls included.
 */

export interface ToolCallIdentity {
  readonly toolName: string;
  readonly toolCallId: string | undefined;
}

export function genAiAttributes({ toolName, toolCallId }: ToolCallIdentity): Record<string, string> {
  return {
    "gen_ai.operation.name": "execute_tool",
    "gen_ai.tool.name": toolName,
    ...(toolCallId === undefined ? {} : { "gen_ai.tool.call.id": toolCallId }),
  };
}
