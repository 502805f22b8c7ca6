/**
 * docs/actions.md — an action end to end: fields, the body, messages.
 * Pinned by test/docs/snippets.spec.ts.
 */
import { z } from "zod";
import { defineAxn } from "@axn/core";

/** A foreign exception the payment gateway throws. */
export class CardDeclined extends Error {}

export const ChargeCard = defineAxn({
  name: "Billing.ChargeCard",
  description: "Charge a saved card",
  expects: {
    amountCents: z.number().int().positive(),
    currency: { schema: z.enum(["usd", "eur"]), default: "usd" },
    cardToken: { schema: z.string().min(8), sensitive: true },
    note: { schema: z.string().max(140), optional: true, description: "Printed on the receipt" },
  },
  exposes: {
    chargeId: z.string(),
    receipt: z.string().optional(),
  },
  messages: {
    success: ({ chargeId }) => `Charged (${chargeId})`,
    error: "Charge failed",
    errors: [{ when: CardDeclined, message: "the card was declined" }],
  },
  call: async ({ amountCents, currency, cardToken, note }, ctx) => {
    if (amountCents > 1_000_000) ctx.fail("amount is over the limit");
    if (cardToken.startsWith("tok_declined")) throw new CardDeclined(`issuer refused ${cardToken}`);
    ctx.log(`charging ${amountCents} ${currency}`);
    return { chargeId: `ch_${amountCents}_${currency}`, ...(note === undefined ? {} : { receipt: note }) };
  },
});
