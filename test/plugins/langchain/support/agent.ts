/**
 * A real LangChain agent loop for specs: `createAgent` driven by `langchain`'s own
 * `FakeToolCallingModel`, which answers each model turn with the next scripted list of tool calls.
 * A final empty turn ends the run (the fake model cycles through its script otherwise).
 */
import type { ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import type { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { createAgent, FakeToolCallingModel } from "langchain";

export interface ScriptedCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
  readonly id: string;
}

export interface AgentRunOptions {
  readonly context?: Record<string, unknown>;
  readonly signal?: AbortSignal;
  /** Callback handlers for the whole run (they see every tool's events). */
  readonly callbacks?: readonly BaseCallbackHandler[];
}

/** Runs one agent conversation; `turns[i]` are the tool calls the model makes on its i-th turn. */
export async function runAgent(
  tools: readonly StructuredToolInterface[],
  turns: readonly (readonly ScriptedCall[])[],
  options: AgentRunOptions = {},
): Promise<ToolMessage[]> {
  // One model per run: the fake model keeps its position in the script on the instance.
  const model = new FakeToolCallingModel({ toolCalls: [...turns.map((calls) => [...calls]), []] });
  const agent = createAgent({ model, tools: [...tools] });
  const state = await agent.invoke(
    { messages: [{ role: "user", content: "go" }] },
    {
      ...(options.context === undefined ? {} : { context: options.context }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
      ...(options.callbacks === undefined ? {} : { callbacks: [...options.callbacks] }),
    },
  );
  return state.messages.filter((message): message is ToolMessage => message.getType() === "tool");
}
