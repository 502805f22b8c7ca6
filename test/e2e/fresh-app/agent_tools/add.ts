/**
 * The fresh app's first action (a template: test/e2e/fresh-app.spec.ts copies this folder into an
 * app outside the workspace). Plain zod 4, as `npm i zod` installs it.
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const Add = defineAxn({
  name: "Demo.Add",
  description: "Add two integers",
  semanticHints: ["readOnly", "idempotent"],
  expects: {
    a: z.number().int(),
    b: { schema: z.number().int(), description: "The second addend" },
  },
  exposes: { sum: z.number().int() },
  messages: { success: ({ sum }) => `The sum is ${sum}` },
  call: ({ a, b }) => ({ sum: a + b }),
});
