/**
 * docs/actions.md — ambient context: fields the framework supplies, never call arguments.
 */
import { z } from "zod";
import { defineAxn } from "@axn/core";

export const WhoAmI = defineAxn({
  name: "Docs.WhoAmI",
  expects: {
    userId: { schema: z.string(), on: "ambientContext" },
    tenant: { schema: z.string(), on: "ambientContext", optional: true },
  },
  exposes: { userId: z.string(), tenant: z.string().optional() },
  call: ({ userId, tenant }) => ({ userId, ...(tenant === undefined ? {} : { tenant }) }),
});
