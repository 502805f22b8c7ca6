/**
 * Type-level checks for the live capabilities and media (verified by `tsc -b`; the function
 * holding them never runs): `ctx.elicit` infers its answer from the fields, media exposes take
 * bytes or base64 and read back as the JSON value, and the context's live members are typed.
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn, media, type Elicited, type MediaImage, type Sampled, type LiveSupport } from "@axn/core";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(value?: T): T | undefined => value;

function liveTypes(): void {
  const Chart = defineAxn({
    name: "Chart",
    exposes: { chart: media.image(), note: { schema: media.resource(), optional: true } },
    call: async (_input, ctx) => {
      const answer = await ctx.elicit("?", {
        name: z.string(),
        age: z.number().optional(),
        plan: z.enum(["free", "pro"]).default("free"),
      });
      assertType<Equal<typeof answer, Elicited<{ name: string; plan: "free" | "pro"; age?: number }>>>();
      if (answer.action === "accept") assertType<Equal<typeof answer.content.plan, "free" | "pro">>();
      assertType<Equal<Awaited<ReturnType<typeof ctx.sample>>, Sampled>>();
      assertType<Equal<typeof ctx.supports, LiveSupport>>();
      ctx.progress(1, 2, "half");
      ctx.notify("warning", { any: "json" });
      // @ts-expect-error — not an RFC 5424 level
      ctx.notify("verbose", "x");
      // @ts-expect-error — maxTokens is required
      void ctx.sample({ messages: "hi" });
      return { chart: { mimeType: "image/png", data: new Uint8Array([1]) } };
    },
  });
  void (async () => {
    const result = await Chart.call({});
    if (result.ok) assertType<Equal<typeof result.chart, MediaImage>>();
  });
  defineAxn({
    name: "Wrong",
    exposes: { chart: media.image() },
    // @ts-expect-error — an image needs its data
    call: () => ({ chart: { mimeType: "image/png" } }),
  });
}

describe("types: live capabilities and media", () => {
  it("are checked by tsc -b", () => {
    expect(typeof liveTypes).to.equal("function");
  });
});
