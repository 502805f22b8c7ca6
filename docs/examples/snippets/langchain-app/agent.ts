/*
 * docs/plugins/langchain.md: type-checked only — it calls a hosted model. The same agent loop runs
 * with a scripted model in langchain-fake-agent.ts (test/plugins/langchain/docs-example.spec.ts).
 */
// agent.ts
import { loadHost } from "@axn/sdk";
import { LangchainAdapter } from "axn-plugin-langchain";
import { createAgent, ToolMessage } from "langchain";

await loadHost({ cwd: import.meta.dirname }); // reads axn.config.ts, imports tool roots, freezes the host

const agent = createAgent({
  model: "openai:gpt-4.1",
  tools: LangchainAdapter.tools(),               // every `langchain` tool, wrapped
});

const controller = new AbortController();
const state = await agent.invoke(
  { messages: [{ role: "user", content: "Send 5 euros to acc_42" }] },
  { context: { userId: "u_17" }, signal: controller.signal }, // trusted ambient context + cancellation
);

for (const message of state.messages) {
  if (ToolMessage.isInstance(message)) console.log(message.content, message.artifact);
}
// {"reference":"T-u_17-acc_42-500","amount":500}  { reference: "T-u_17-acc_42-500", amount: 500 }
