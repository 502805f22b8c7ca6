/** The AddNumbers tool of test/bench/fixtures.ts, as an app module under a tool root. */
import { defineAxn } from "@axn/core";
import { z } from "zod";

export const AddNumbers = defineAxn({
  name: "Bench.AddNumbers",
  description: "Add two integers",
  expects: { a: z.number().int(), b: z.number().int() },
  exposes: { sum: z.number().int() },
  call: ({ a, b }) => ({ sum: a + b }),
});
