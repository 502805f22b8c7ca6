/**
 * Type-level specs: these lines are checked by `tsc -b` (the test project). A `@ts-expect-error`
 * line that stops being an error fails the build, so the inferred types are pinned.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, type ArgsOf, type ExposedOf } from "@axn/core";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

const ListCompanies = defineAxn({
  name: "Types.ListCompanies",
  expects: {
    limit: { schema: z.number().int(), optional: true },
    page: { schema: z.number(), default: 1 },
    query: z.string(),
    tags: z.array(z.string()).optional(),
    userId: { schema: z.string(), on: "ambientContext" },
  },
  exposes: { names: z.array(z.string()), total: z.number(), cursor: z.string().optional() },
  call: ({ limit, page, query, userId }) => {
    assertType<Equal<typeof limit, number | undefined>>();
    assertType<Equal<typeof page, number>>();
    assertType<Equal<typeof query, string>>();
    assertType<Equal<typeof userId, string>>();
    return { names: ["Acme"], total: 1 };
  },
});

describe("type inference", () => {
  it("infers call arguments: ambient fields excluded, optional and defaulted fields optional", () => {
    assertType<
      Equal<
        ArgsOf<typeof ListCompanies>,
        { limit?: number | undefined; page?: number | undefined; tags?: string[] | undefined; query: string }
      >
    >();
    assertType<
      Equal<ExposedOf<typeof ListCompanies>, { cursor?: string | undefined; names: string[]; total: number }>
    >();
    // @ts-expect-error — query is required
    void (() => ListCompanies.call({}));
    // @ts-expect-error — userId is ambient, not an argument
    void (() => ListCompanies.call({ query: "a", userId: "u" }));
    // @ts-expect-error — limit is a number
    void (() => ListCompanies.call({ query: "a", limit: "5" }));
    expect(true).to.equal(true);
  });

  it("types the result's exposed values", async () => {
    const result = await ListCompanies.call({ query: "a" }, { ambientContext: { userId: "u" } });
    if (result.ok) {
      const names: string[] = result.names;
      expect(names).to.deep.equal(["Acme"]);
      // @ts-expect-error — not exposed
      void (() => result.exposed.nope);
    }
  });

  it("types expose() and the body's return", () => {
    defineAxn({
      name: "Types.Expose",
      exposes: { n: z.number() },
      call: (_input, ctx) => {
        ctx.expose({ n: 1 });
        // @ts-expect-error — wrong type
        ctx.expose({ n: "1" });
      },
    });
    defineAxn({
      name: "Types.Return",
      exposes: { n: z.number() },
      // @ts-expect-error — wrong type
      call: () => ({ n: "1" }),
    });
    expect(true).to.equal(true);
  });
});
