/**
 * docs/schemas.md: the action of schema-kinds.ts with valibot and ArkType schemas (Standard Schema
 * with Standard JSON Schema). Pinned by test/docs/schemas.spec.ts.
 */
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";

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

// As in schema-kinds.ts (imports are hoisted).
import { defineAxn } from "@axn/core";
