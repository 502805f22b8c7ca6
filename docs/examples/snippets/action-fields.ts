/**
 * docs/actions.md — the field options beside the zod schema: subfields, `validate`, `userFacing`,
 * `coerce`, and `done()` / `expose()` in the body.
 */
import { z } from "zod";
import { defineAxn } from "@axn/core";

export const ShipOrder = defineAxn({
  name: "Orders.ShipOrder",
  expects: {
    order: z.object({
      id: z.string(),
      address: z.object({ zip: z.string(), country: z.string() }),
    }),
    // Subfields read the key of their own name from a parent field; a dotted path reaches deeper.
    id: { schema: z.string().startsWith("ord_"), on: "order" },
    zip: {
      schema: z.string(),
      on: "order.address",
      validate: (zip: string) => (/^\d{5}$/.test(zip) ? undefined : "must be 5 digits"),
    },
    // The caller can fix this one: its violation is a failure, not a reported bug.
    carrier: { schema: z.enum(["ups", "dhl"]), userFacing: true },
    // Wire strings ("2") are coerced for this field even on a direct call.
    boxes: { schema: z.number().int().min(1), coerce: true, default: 1 },
  },
  exposes: { label: z.string(), alreadyShipped: z.boolean() },
  messages: { error: "Could not ship the order" },
  call: ({ id, zip, carrier, boxes }, ctx) => {
    const label = `${carrier}:${id}:${zip}:${boxes}`;
    if (id === "ord_shipped") {
      ctx.expose({ label, alreadyShipped: true });
      ctx.done("Already shipped"); // ends the call as a success; the reason becomes the message
    }
    return { label, alreadyShipped: false };
  },
});
