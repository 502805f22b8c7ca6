/**
 * Type-level specs per schema kind (checked by `tsc -b`): call arguments, body input and exposed
 * values are inferred from zod 4, zod/mini, zod 3.25, valibot and ArkType schemas alike, with no
 * `any`, and an action with 30 fields type-checks (no TS2589 "excessively deep").
 */
import { expect } from "chai";
import { z } from "zod";
import * as zm from "zod/mini";
import { z as z3 } from "zod3";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { defineAxn, type ArgsOf, type ExposedOf } from "@axn/core";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

type Expected = { note?: string | undefined; query: string; limit: number };

const Zod4 = defineAxn({
  name: "Kinds.Zod4",
  expects: {
    query: z.string(),
    limit: z.number().int(),
    note: z.string().optional(),
    user: { schema: z.string(), on: "ambientContext" },
  },
  exposes: { total: z.number() },
  call: ({ query, limit, note, user }) => {
    assertType<
      Equal<[typeof query, typeof limit, typeof note, typeof user], [string, number, string | undefined, string]>
    >();
    return { total: limit };
  },
});

const Mini = defineAxn({
  name: "Kinds.Mini",
  expects: { query: zm.string(), limit: zm.number(), note: zm.optional(zm.string()) },
  exposes: { total: zm.number() },
  call: ({ limit }) => ({ total: limit }),
});

const Zod3 = defineAxn({
  name: "Kinds.Zod3",
  expects: { query: z3.string(), limit: z3.number().int(), note: z3.string().optional() },
  exposes: { total: z3.number() },
  call: ({ limit }) => ({ total: limit }),
});

const Valibot = defineAxn({
  name: "Kinds.Valibot",
  expects: {
    query: toStandardJsonSchema(v.string()),
    limit: toStandardJsonSchema(v.number()),
    note: toStandardJsonSchema(v.optional(v.string())),
  },
  exposes: { total: toStandardJsonSchema(v.number()) },
  call: ({ limit }) => ({ total: limit }),
});

const Ark = defineAxn({
  name: "Kinds.Ark",
  expects: { query: type("string"), limit: type("number"), note: { schema: type("string"), optional: true } },
  exposes: { total: type("number") },
  call: ({ limit }) => ({ total: limit }),
});

/** 30 fields of mixed shapes: inference must stay within the compiler's depth limits. */
const Wide = defineAxn({
  name: "Kinds.Wide",
  expects: {
    f01: z.string(),
    f02: z.number(),
    f03: z.boolean(),
    f04: z.string().optional(),
    f05: z.number().int().min(1),
    f06: z.enum(["a", "b"]),
    f07: z.array(z.string()),
    f08: z.object({ a: z.string() }),
    f09: z.date(),
    f10: z.string().nullable(),
    f11: z.string(),
    f12: z.number(),
    f13: z.boolean(),
    f14: z.string().optional(),
    f15: z.number().default(3),
    f16: z.enum(["a", "b"]),
    f17: z.array(z.number()),
    f18: z.object({ b: z.number() }),
    f19: z.bigint(),
    f20: z.union([z.string(), z.number()]),
    f21: z.string(),
    f22: z.number(),
    f23: z.boolean(),
    f24: z.string().optional(),
    f25: z3.number(),
    f26: z.tuple([z.string(), z.number()]),
    f27: z.record(z.string(), z.number()),
    f28: toStandardJsonSchema(v.string()),
    f29: type("number"),
    f30: zm.string(),
  },
  exposes: { positive: z.boolean() },
  call: ({ f05, f25, f29 }) => ({ positive: f05 + f25 + f29 > 0 }),
});

describe("type inference per schema kind", () => {
  it("infers the same call arguments from every kind", () => {
    assertType<Equal<ArgsOf<typeof Zod4>, Expected>>();
    assertType<Equal<ArgsOf<typeof Mini>, Expected>>();
    assertType<Equal<ArgsOf<typeof Zod3>, Expected>>();
    assertType<Equal<ArgsOf<typeof Valibot>, Expected>>();
    assertType<Equal<ArgsOf<typeof Ark>, Expected>>();
    assertType<Equal<ExposedOf<typeof Zod4>, { total: number }>>();
    assertType<Equal<ExposedOf<typeof Mini>, { total: number }>>();
    assertType<Equal<ExposedOf<typeof Zod3>, { total: number }>>();
    assertType<Equal<ExposedOf<typeof Valibot>, { total: number }>>();
    assertType<Equal<ExposedOf<typeof Ark>, { total: number }>>();
    // @ts-expect-error — limit is a number
    void (() => Zod4.call({ query: "a", limit: "5" }));
    // @ts-expect-error — limit is a number
    void (() => Valibot.call({ query: "a", limit: "5" }));
    // @ts-expect-error — query is required
    void (() => Ark.call({ limit: 1 }));
    // @ts-expect-error — user is ambient, not an argument
    void (() => Zod4.call({ query: "a", limit: 1, user: "u" }));
    expect(Object.keys(ArgsKeys)).to.have.length(30);
  });
});

const ArgsKeys: Record<keyof ArgsOf<typeof Wide>, true> = {
  f01: true,
  f02: true,
  f03: true,
  f04: true,
  f05: true,
  f06: true,
  f07: true,
  f08: true,
  f09: true,
  f10: true,
  f11: true,
  f12: true,
  f13: true,
  f14: true,
  f15: true,
  f16: true,
  f17: true,
  f18: true,
  f19: true,
  f20: true,
  f21: true,
  f22: true,
  f23: true,
  f24: true,
  f25: true,
  f26: true,
  f27: true,
  f28: true,
  f29: true,
  f30: true,
};
