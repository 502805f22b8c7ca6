/* docs/plugins/http.md, quick start: test/plugins/http/docs.spec.ts runs this app's server.ts. */
// agent_tools/approve_loan/v2.ts
import { z } from "zod";
import { defineAxn } from "@axn/core";

export const ApproveLoanV2 = defineAxn({
  name: "AgentTools.ApproveLoan.V2",
  description: "Approves a loan for the signed-in officer",
  tool: ["http"],
  toolVersion: 2,
  semanticHints: ["idempotent"],
  messages: { error: "Could not approve the loan" },
  expects: {
    amount: { schema: z.number().int().positive(), description: "In cents" },
    currency: { schema: z.enum(["EUR", "USD"]), default: "EUR" },
    principal: { schema: z.object({ id: z.string() }), on: "ambientContext" }, // the caller serve.authenticate verified, never the body
  },
  exposes: { approved: z.boolean(), amount: z.number(), currency: z.string(), officerId: z.string() },
  call: ({ amount, currency, principal }, ctx) => {
    if (amount > 100_000) ctx.fail("the amount is over the limit");
    return { approved: true, amount, currency, officerId: principal.id };
  },
});
