/**
 * axn-plugin-langchain against the adapter conformance suite, through LangChain itself: the
 * advertised tool is what `bindTools` sends a provider (`convertToOpenAITool`), a call is
 * `tool.invoke(toolCall, { context })` — the ToolCall path `ToolNode` uses, with the trusted ambient
 * context in the run's LangGraph context — and a second run drives every call through a real
 * `createAgent` loop with `FakeToolCallingModel`.
 */
import { createKernelHost } from "@axn/core";
import { CONFORMANCE_PROBE_KINDS } from "../support/schema-kinds.js";
import { describeAdapterConformance, type AdapterConformanceDriver } from "@axn/sdk/conformance";
import { resetAxn } from "@axn/sdk/testing";
import { ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import langchainPlugin, { LangchainAdapter, type ActionTool } from "axn-plugin-langchain";
import { runAgent } from "../plugins/langchain/support/agent.js";

function contentText(message: ToolMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

const base: Omit<AdapterConformanceDriver<ActionTool>, "invoke" | "name"> = {
  key: "langchain",
  wrap: (action) => LangchainAdapter.wrap(action),
  tools: LangchainAdapter.tools,
  advertised: (tool) => {
    const declared = convertToOpenAITool(tool);
    return { name: declared.function.name, inputSchema: declared.function.parameters };
  },
};

let callId = 0;

describe("conformance: axn-plugin-langchain", () => {
  before(() => {
    resetAxn();
    const host = createKernelHost();
    langchainPlugin.apply(host, undefined);
    host.freeze();
  });
  after(resetAxn);

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<ActionTool>({
    ...kind,
    ...base,
    name: "axn-plugin-langchain (ToolCall)",
    async invoke(tool, args, { ambientContext }) {
      const message: unknown = await tool.invoke(
        { id: `call_${++callId}`, name: tool.name, args: { ...args }, type: "tool_call" },
        { context: ambientContext },
      );
      if (!(message instanceof ToolMessage)) throw new Error(`tool.invoke(ToolCall) returned ${typeof message}, not a ToolMessage`);
      return { ok: message.status !== "error", text: contentText(message), structured: message.artifact };
    },
  });

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<ActionTool>({
    ...kind,
    ...base,
    name: "axn-plugin-langchain (createAgent)",
    async invoke(tool, args, { ambientContext }) {
      const messages = await runAgent([tool], [[{ name: tool.name, args: { ...args }, id: `call_${++callId}` }]], { context: ambientContext });
      const message = messages[0];
      if (messages.length !== 1 || message === undefined) throw new Error(`expected one tool message, got ${messages.length}`);
      return { ok: message.status !== "error", text: contentText(message), structured: message.artifact };
    },
  });
});
