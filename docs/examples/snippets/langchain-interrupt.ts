/**
 * docs/plugins/langchain.md §6: an action's questions as LangGraph interrupts — `Ask.BookRoom`
 * (docs/actions.md) in a `createAgent` run with a checkpointer, paused at each question and resumed
 * with the answer. Pinned by test/plugins/langchain/interrupt-docs.spec.ts.
 */
import { Command, MemorySaver } from "@langchain/langgraph";
import type { ToolMessage } from "@langchain/core/messages";
import { createAgent, FakeToolCallingModel } from "langchain";
import { LangchainAdapter, type AxnInterrupt } from "axn-plugin-langchain";
import { BookRoom } from "./ask.js";

export async function bookThroughInterrupts() {
  const tool = LangchainAdapter.wrap(BookRoom);
  // A scripted model standing in for a real one: it calls the tool once, then ends its turn.
  const model = new FakeToolCallingModel({ toolCalls: [[{ name: tool.name, args: { room: "blue" }, id: "call_1" }], []] });
  const agent = createAgent({ model, tools: [tool], checkpointer: new MemorySaver() });
  const thread = { configurable: { thread_id: "booking-1" } };

  const paused = await agent.invoke({ messages: [{ role: "user", content: "Book the blue room" }] }, thread);
  const first = paused.__interrupt__?.[0]?.value as AxnInterrupt;
  // Show `first.message` and a form for `first.requestedSchema`; resume with what the user filled in.
  const next = await agent.invoke(new Command({ resume: { confirm: true } }), thread);
  const second = next.__interrupt__?.[0]?.value as AxnInterrupt;
  const done = await agent.invoke(new Command({ resume: { guest: "Ada" } }), thread);
  const reply = done.messages.find((message): message is ToolMessage => message.getType() === "tool");
  return { first, second: second.message, reply: reply?.content };
}
