/**
 * docs/actions.md — the calls the page shows, each section's code in one function that returns what
 * the page prints. Pinned by test/docs/snippets.spec.ts.
 */
import { z } from "zod";
import { Current, defineAxn, Invoker, type InboundValidationError } from "@axn/core";
import { ChargeCard } from "./charge-card.js";
import { ShipOrder } from "./action-fields.js";
import { WhoAmI } from "./ambient.js";

/** "An action end to end". */
export async function chargeCardCalls() {
  const result = await ChargeCard.call({ amountCents: 500, cardToken: "tok_visa_4242" });
  result.ok;        // true
  result.chargeId;  // "ch_500_usd" — exposed values sit on the result (and on result.exposed)
  result.success;   // "Charged (ch_500_usd)"
  // logger.info received "[Billing.ChargeCard] charging 500 usd"

  const over = await ChargeCard.call({ amountCents: 2_000_000, cardToken: "tok_visa_4242" });
  over.outcome;     // "failure"
  over.error;       // "Charge failed: amount is over the limit"

  const declined = await ChargeCard.call({ amountCents: 500, cardToken: "tok_declined_1" });
  declined.outcome; // "exception" — reported to onException once (phase "call")
  declined.error;   // "Charge failed: the card was declined" — the raw exception message never shows

  const bad = await ChargeCard.call({ amountCents: -5, cardToken: "short" });
  bad.outcome;      // "exception" (a direct caller passing bad input is a bug: reported, phase "validation")
  bad.error;        // "Charge failed"
  (bad.exception as InboundValidationError).fieldErrors;
  // [{ field: "amountCents", message: "amountCents: Too small: expected number to be >0" },
  //  { field: "cardToken",   message: "cardToken: is invalid" }]        ← sensitive: the value never appears
  return { result, over, declined, bad };
}

/** "Fields": the two forms of a field. */
export const FindItems = defineAxn({
  name: "Docs.FindItems",
  expects: {
    query: z.string(),                                        // a bare schema
    limit: { schema: z.number().int(), optional: true },      // a schema plus axn options
  },
  call: () => undefined,
});

/** "Fields": subfields, `validate`, `userFacing`, `coerce` and `done()`. */
export async function shipOrderCalls() {
  const order = { id: "ord_1", address: { zip: "12345", country: "US" } };
  // @ts-expect-error a string where the type says number: at run time coerce: true takes the wire string
  const coerced = await ShipOrder.call({ order, carrier: "ups", boxes: "2" });
  coerced.exposed;        // { label: "ups:ord_1:12345:2", alreadyShipped: false }   ← "2" coerced to 2

  const shipped = await ShipOrder.call({ order: { ...order, id: "ord_shipped" }, carrier: "dhl" });
  shipped.success;        // "Already shipped"

  // @ts-expect-error "fedex" is not a carrier: a compile error, and at run time a user-facing failure
  const carrier = await ShipOrder.call({ order, carrier: "fedex" });
  carrier.outcome;        // "failure" (userFacing: not reported)
  carrier.error;          // "Could not ship the order: carrier: Invalid option: expected one of "ups"|"dhl""

  const zip = await ShipOrder.call({ order: { ...order, address: { zip: "1", country: "US" } }, carrier: "ups" });
  zip.error;              // "Could not ship the order"   (outcome "exception": reported, not shown)
  zip.exception?.message; // "zip: must be 5 digits"
  return { coerced, shipped, carrier, zip };
}

/** "Foreign exceptions that are business failures: failsOn". */
export class CardDeclined extends Error {}
const processor = {
  charge(): never {
    throw new CardDeclined("issuer said 05");
  },
};

const Charge = defineAxn({
  name: "Billing.Charge",
  failsOn: [CardDeclined],
  messages: { error: "Charge failed", errors: [{ when: CardDeclined, message: "card declined" }] },
  call: () => processor.charge(), // throws CardDeclined("issuer said 05")
});
// result.outcome === "failure", result.error === "Charge failed: card declined", nothing paged
export { Charge };

/** "Ambient context". */
export async function whoAmICalls() {
  const plain = await WhoAmI.call({}, { ambientContext: { userId: "u1", role: "admin" } });
  plain.exposed; // { userId: "u1" } — undeclared keys dropped

  const scoped = await Current.run({ userId: "from-request", tenant: "acme" }, async () => ({
    inherited: await WhoAmI.call({}),                                   // { userId: "from-request", tenant: "acme" }
    explicit: await WhoAmI.call({}, { ambientContext: { userId: "explicit" } }), // { userId: "explicit" } — replaces, no merge
    empty: await WhoAmI.call({}, { ambientContext: {} }),               // exception: "userId: Invalid input: expected string, received undefined"
  }));

  const map = await WhoAmI.call({}, { ambientContext: new Map([["userId", "u2"]]) }); // { userId: "u2" }
  class Session { userId = "u3"; }
  const opaque = await WhoAmI.call({}, { ambientContext: new Session() as never }); // exception: "userId: Invalid input: expected string, received undefined" (the type rejects it too)
  return { plain, ...scoped, map, opaque };
}

/** "Ambient context": what `Current.get()` shows inside nested actions. */
export async function nestedVisibility() {
  const seen: [string, Record<string, unknown>][] = [];
  const invoker = new Invoker();

  const TenantOf = defineAxn({
    name: "TenantOf",
    expects: { tenant: { schema: z.string(), on: "ambientContext" } },
    call: () => void seen.push(["TenantOf", Current.get()]),
  });
  const Outer = defineAxn({
    name: "Outer",
    expects: { userId: { schema: z.string(), on: "ambientContext" } },
    call: async () => {
      seen.push(["Outer", Current.get()]);
      await TenantOf.call({}); // declares tenant: resolved from the same trusted table
    },
  });
  await invoker.call(Outer, {}, { ambientContext: { userId: "u1", tenant: "acme", secret: "…" } });
  seen; // [["Outer", { userId: "u1" }], ["TenantOf", { tenant: "acme" }]] — each sees only what it declares
  return seen;
}
