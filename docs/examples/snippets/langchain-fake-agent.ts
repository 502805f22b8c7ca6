/**
 * docs/plugins/langchain.md — the agent of §1 driven by a scripted model, as a test drives it.
 * Transfer is a `langchain` tool, so test/plugins/langchain/docs-example.spec.ts imports this
 * module inside a spec, with a fresh catalog.
 */
import { createAgent, FakeToolCallingModel } from "langchain";

const transfer = LangchainAdapter.wrap(Transfer);
const model = new FakeToolCallingModel({
  toolCalls: [
    [{ name: "transfer", args: { amount: -1, to: "acc_42", memo: "rent" }, id: "bad" }],
    [{ name: "transfer", args: { amount: "500", to: "acc_42" }, id: "good" }],
    [],
  ],
});
const { messages } = await createAgent({ model, tools: [transfer] }).invoke(
  { messages: [{ role: "user", content: "pay rent" }] },
  { context: { userId: "u_17" } },
);
// tool "bad":  status "error",   "Could not transfer: amount: Too small: expected number to be >0; unknown input: memo"
//              artifact { fieldErrors: [{ field: "amount", message: "amount: Too small: expected number to be >0" },
//                                       { field: "memo", message: "unknown input: memo" }] }
// tool "good": status "success", '{"reference":"T-u_17-acc_42-500","amount":500}'

// What the lines above assume (imports are hoisted).
import { LangchainAdapter } from "axn-plugin-langchain";
import { Transfer } from "./langchain-app/src/agent_tools/transfer.js";
export { messages, transfer };
