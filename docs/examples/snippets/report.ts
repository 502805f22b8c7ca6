/** docs/serialization.md — the action the page renders: records with a Date and a nested object. */
import { z } from "zod";
import { defineAxn } from "@axn/core";

export const Report = defineAxn({
  name: "Report",
  exposes: {
    records: z.array(z.object({ id: z.number().int(), at: z.date(), tags: z.set(z.string()), meta: z.object({ by: z.string() }) })),
  },
  call: () => ({ records: [{ id: 1, at: new Date("2026-07-08T00:00:00Z"), tags: new Set(["q3"]), meta: { by: "ada" } }] }),
});
