/**
 * docs/schemas.md: one action written with zod 4, valibot and ArkType. Only the schemas change;
 * the inferred types, the Invoker's coercion and the reflected schemas follow each library.
 */
import { defineAxn } from "@axn/core";
import { z } from "zod";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";

export const AddNumbers = defineAxn({
  name: "Demo.AddNumbers",
  expects: { a: z.number().int(), b: { schema: z.number().int(), description: "The second addend" } },
  exposes: { sum: z.number().int() },
  call: ({ a, b }) => ({ sum: a + b }),
});

const int = toStandardJsonSchema(v.pipe(v.number(), v.integer()));
export const AddWithValibot = defineAxn({
  name: "Demo.AddWithValibot",
  expects: { a: int, b: int },
  exposes: { sum: int },
  call: ({ a, b }) => ({ sum: a + b }),
});

export const AddWithArkType = defineAxn({
  name: "Demo.AddWithArkType",
  expects: { a: type("number.integer"), b: type("number.integer") },
  exposes: { sum: type("number.integer") },
  call: ({ a, b }) => ({ sum: a + b }),
});
