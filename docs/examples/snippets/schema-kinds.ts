/**
 * docs/schemas.md: one action written with zod 4 — and, in schema-kinds-standard.ts, with valibot
 * and ArkType. Only the schemas change; the inferred types, the Invoker's coercion and the
 * reflected schemas follow each library. Pinned by test/docs/schemas.spec.ts.
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const AddNumbers = defineAxn({
  name: "Demo.AddNumbers",
  expects: { a: z.number().int(), b: { schema: z.number().int(), description: "The second addend" } },
  exposes: { sum: z.number().int() },
  call: ({ a, b }) => ({ sum: a + b }),
});

export { AddWithArkType, AddWithValibot } from "./schema-kinds-standard.js";
