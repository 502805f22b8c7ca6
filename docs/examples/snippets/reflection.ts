/**
 * docs/schema-reflection.md — what zod 4 fields reflect as, including recursive schemas, whose
 * `$ref`s are hoisted to one `$defs` at the action's root. test/docs/pages.spec.ts compares each
 * action's schema with the JSON the page prints.
 */
import { z } from "zod";
import { defineAxn } from "@axn/core";

export const ListOrders = defineAxn({
  name: "Docs.ListOrders",
  expects: {
    limit: z.number().int().min(1).optional(), // coerced from "25"; { type: "integer", minimum: 1, maximum: 9007199254740991 }
    since: z.date().optional(),                // coerced from "2026-07-08"; { type: "string", format: "date-time" }
  },
  call: () => undefined,
});

const Category = z.object({
  name: z.string(),
  get children() {
    return z.array(Category);
  },
});

export const ImportCatalog = defineAxn({
  name: "Docs.ImportCatalog",
  expects: { root: Category },
  call: () => undefined,
});

const Comment = z
  .object({
    body: z.string(),
    get replies() {
      return z.array(Comment);
    },
  })
  .meta({ id: "Comment" });

export const PostThread = defineAxn({
  name: "Docs.PostThread",
  expects: { title: z.string(), comments: z.array(Comment) },
  call: () => undefined,
});
