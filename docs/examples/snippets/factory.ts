/**
 * docs/actions.md, docs/adapter-authoring.md — an inline action. Factory-built actions are never
 * enumerated by `Tools.for`: whoever builds one holds the reference and wraps it.
 */
import { z } from "zod";
import { Factory } from "@axn/core";

const items = ["apple", "banana", "cherry"];

export const Search = Factory.build(
  {
    name: "search",
    description: "Search for items",
    expects: { query: z.string().min(1) },
    exposes: { results: z.array(z.string()) },
    exposeReturnAs: "results",
  },
  ({ query }) => items.filter((item) => item.includes(query)),
);
