/**
 * axn-plugin-langchain against the adapter conformance suite, through LangChain itself: the suite
 * loads the plugin through `createHost`; the listing is what `bindTools` sends a provider
 * (LangChain's own `convertToOpenAITool`), and a call answers the `ToolMessage` LangChain produced —
 * once through `tool.invoke(toolCall, { context })` (the path `ToolNode` takes), once through a real
 * `createAgent` loop with `FakeToolCallingModel`. The trusted ambient context is the run's context.
 */
import { CONFORMANCE_PROBE_KINDS } from "../support/schema-kinds.js";
import { describeAdapterConformance, type AdapterConformanceDriver, type ConformanceCall } from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import { ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import langchainPlugin, { LangchainAdapter, type ActionTool } from "axn-plugin-langchain";
import { runAgent } from "../plugins/langchain/support/agent.js";

let callId = 0;

/** The driver, with `call` answering LangChain's tool message for one call. */
function driver(
  name: string,
  call: (tools: readonly ActionTool[], request: ConformanceCall) => Promise<ToolMessage>,
): AdapterConformanceDriver<ActionTool> {
  return {
    name,
    plugin: langchainPlugin,
    key: "langchain",
    wrap: (action) => LangchainAdapter.wrap(action),
    tools: LangchainAdapter.tools,
    transport: {
      kind: "function-calling",
      connect: async (tools) => ({
        list: async () => tools.map((tool) => convertToOpenAITool(tool)),
        call: (request) => call(tools, request),
      }),
    },
  };
}

function toolNamed(tools: readonly ActionTool[], name: string): ActionTool {
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no LangChain tool is named "${name}"`);
  return tool;
}

describe("conformance: axn-plugin-langchain", () => {
  before(resetKernel);
  after(resetKernel);

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<ActionTool>({
      ...kind,
      ...driver("axn-plugin-langchain (ToolCall)", async (tools, { name, args, ambientContext, signal }) => {
        const message: unknown = await toolNamed(tools, name).invoke(
          { id: `call_${++callId}`, name, args: { ...args }, type: "tool_call" },
          signal === undefined ? { context: ambientContext } : { context: ambientContext, signal },
        );
        if (!(message instanceof ToolMessage))
          throw new Error(`tool.invoke(ToolCall) returned ${typeof message}, not a ToolMessage`);
        return message;
      }),
    });

  for (const kind of CONFORMANCE_PROBE_KINDS)
    describeAdapterConformance<ActionTool>({
      ...kind,
      ...driver("axn-plugin-langchain (createAgent)", async (tools, { name, args, ambientContext, signal }) => {
        const messages = await runAgent(tools, [[{ name, args: { ...args }, id: `call_${++callId}` }]], {
          context: { ...ambientContext },
          ...(signal === undefined ? {} : { signal }),
        });
        const message = messages[0];
        if (messages.length !== 1 || message === undefined)
          throw new Error(`expected one tool message, got ${messages.length}`);
        return message;
      }),
    });
});
