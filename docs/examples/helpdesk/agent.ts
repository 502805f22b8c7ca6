/**
 * The helpdesk's tools in a LangChain agent loop. The model here is `langchain`'s scripted
 * `FakeToolCallingModel`, so the example runs offline; swap in a real one
 * (`model: "openai:gpt-4.1"`) and drop the script to let a model choose the calls.
 *
 * Run: `node --import tsx agent.ts` in this folder (after `npm run build` at the root).
 */
import { loadHost } from "@axn/sdk";
import { LangchainAdapter } from "axn-plugin-langchain";
import { createAgent, FakeToolCallingModel } from "langchain";
import { agentPrincipal } from "./src/access.js";

await loadHost({ cwd: import.meta.dirname }); // reads axn.config.ts, imports agent_tools/, freezes the host

const model = new FakeToolCallingModel({
  toolCalls: [
    [{ name: "list_tickets", args: { status: "open", perPage: 2 }, id: "call_1" }],
    [{ name: "assign_to_me", args: { ticketId: "T-1006" }, id: "call_2" }],
    [{ name: "close_ticket", args: { ticketId: "T-1004", resolution: "Shipped in 2.3" }, id: "call_3" }],
    [],
  ],
});
// The tools the signed-in agent may call, each run as that agent (its principal: trusted, never from the model).
const agent = createAgent({ model, tools: LangchainAdapter.tools({ principal: agentPrincipal({ id: "ag_grace" }) }) });

const state = await agent.invoke({ messages: [{ role: "user", content: "Take the newest open ticket" }] });
for (const message of state.messages) {
  if (message.getType() === "tool") console.log(`${message.name}: ${String(message.content)}`);
}
