/**
 * The examples of docs/plugins/langchain.md, run as written (the action verbatim; the agent with
 * `FakeToolCallingModel` in place of a hosted model), pinning the strings the page shows.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn } from "@axn/core";
import { createAgent, FakeToolCallingModel } from "langchain";
import type { ToolMessage } from "@langchain/core/messages";
import { LangchainAdapter } from "axn-plugin-langchain";

describe("axn-plugin-langchain: docs/plugins/langchain.md", () => {
  const Transfer = defineAxn({
    name: "AgentTools.Transfer",
    description: "Move money from the current user's account to another account",
    tool: ["langchain"],
    messages: { success: "Transfer booked", error: "Could not transfer" },
    expects: {
      amount: { schema: z.number().int().positive(), description: "Amount in cents" },
      to: { schema: z.string(), description: "Destination account id" },
      userId: { schema: z.string(), on: "ambientContext" },
    },
    exposes: { reference: z.string(), amount: z.number().int() },
    call: async ({ amount, to, userId }, ctx) => {
      if (to === "frozen") ctx.fail("the destination account is frozen");
      return { reference: `T-${userId}-${to}-${amount}`, amount };
    },
  });

  it("§1: a refused call, then the corrected one, in one agent run", async () => {
    const transfer = LangchainAdapter.wrap(Transfer);
    expect(transfer.name).to.equal("transfer");
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
    const tools = messages.filter((m): m is ToolMessage => m.getType() === "tool");
    expect(tools.map((m) => [m.tool_call_id, m.status, m.content, m.artifact])).to.deep.equal([
      ["bad", "error", "Invalid tool arguments: amount: Number must be greater than 0; unknown input: memo", undefined],
      ["good", "success", '{"reference":"T-u_17-acc_42-500","amount":500}', { reference: "T-u_17-acc_42-500", amount: 500 }],
    ]);
  });

  it("§8: invoking the wrapped tool directly", async () => {
    const tool = LangchainAdapter.wrap(Transfer);
    const message = await tool.invoke(
      { name: tool.name, args: { amount: 500, to: "frozen" }, id: "call_1", type: "tool_call" },
      { context: { userId: "u_17" } },
    );
    expect([message.status, message.content]).to.deep.equal(["error", "Could not transfer: the destination account is frozen"]);
  });
});
