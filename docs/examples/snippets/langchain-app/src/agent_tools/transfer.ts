/* docs/plugins/langchain.md: test/plugins/langchain/docs-example.spec.ts runs this tool. */
// src/agent_tools/transfer.ts
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const Transfer = defineAxn({
  name: "AgentTools.Transfer",                    // tool name: transfer
  description: "Move money from the current user's account to another account",
  tool: ["langchain"],                            // or live under a tool root
  messages: { success: "Transfer booked", error: "Could not transfer" },
  expects: {
    amount: { schema: z.number().int().positive(), description: "Amount in cents" },
    to: { schema: z.string(), description: "Destination account id" },
    userId: { schema: z.string(), on: "ambientContext" }, // from the run, never from the model
  },
  exposes: { reference: z.string(), amount: z.number().int() },
  call: async ({ amount, to, userId }, ctx) => {
    if (to === "frozen") ctx.fail("the destination account is frozen");
    return { reference: `T-${userId}-${to}-${amount}`, amount };
  },
});
