import { z } from "zod";
import { defineAxn } from "@axn/core";

/** agent_tools/billing/lookup_invoice.ts — discovered as tool "billing_lookup_invoice" with no `tool` line. */
export const LookupInvoice = defineAxn({
  name: "Docs.LookupInvoice",
  description: "Look up an invoice by number",
  expects: {
    number: z.string().regex(/^INV-\d+$/),
    userId: { schema: z.string(), on: "ambientContext" },
  },
  exposes: { number: z.string(), userId: z.string(), issuedOn: z.date() },
  semanticHints: ["readOnly"],
  call: ({ number, userId }) => ({ number, userId, issuedOn: new Date("2026-01-15T00:00:00Z") }),
});
