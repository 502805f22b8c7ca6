import { expect } from "chai";
import fc from "fast-check";
import { z } from "zod";
import * as zm from "zod/mini";
import { configureAxn, defineAxn } from "@axn/core";
import { resetAxnConfig } from "@axn/core/internal";
import { fieldBatch, readSchema, validationScope } from "../../../core/src/schema/read-schema.js";
import { zod4Kind } from "../../../core/src/schema/zod4/index.js";
import { fastCheck } from "../../../core/src/schema/zod4/fast-check.js";
import { UNVALIDATED, type SchemaReader } from "../../../core/src/schema/schema-kind.js";

// Schemas of every shape a field takes: checks, defaults, optional and nullable wrappers,
// transforms, refinements, nested objects and arrays, unions, catch, coercion.
const SCHEMAS = [
  z.string().min(1).max(8),
  z.number().int().min(1).max(100),
  z.boolean(),
  z.number().default(7),
  z.string().optional(),
  z.string().nullable(),
  z.string().transform((s) => s.length),
  z.number().refine((n) => n % 2 === 0, "must be even"),
  z.object({ a: z.string(), b: z.array(z.number().int()).max(3) }),
  z.union([z.string().email(), z.number()]),
  z.enum(["x", "y"]),
  z.number().catch(0),
  z.coerce.number(),
  z.array(z.object({ id: z.string().uuid() })).optional(),
  // Fast checks (fast-check.ts): lengths in code points, bounds, integer formats, NaN and ±Infinity.
  z.string().min(2).max(4),
  z.string().max(1),
  z.int(),
  z.number().gt(-1).lt(1),
  z.number().gte(0).lte(10).int(),
  z.int32(),
  z.uint32(),
  z.float32(),
  z.number(),
  z.string().length(2),
  z.string().trim().max(3),
  zm.string().check(zm.minLength(1), zm.maxLength(3)),
  zm.int().check(zm.minimum(0)),
];

const readers = (): SchemaReader[] => SCHEMAS.map((schema) => readSchema(schema));
const value = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 10 }),
  fc.integer({ min: -5, max: 120 }),
  fc.constantFrom(undefined, null, "x", "a@b.co", { a: "s", b: [1, 2] }, { a: "s", b: [1.5] }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.string({ unit: fc.constantFrom("a", "\uD83D\uDE00", "\uD800", " "), maxLength: 5 }),
  fc.double(),
  fc.constantFrom(0, -0, 1, -1, 0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53, -(2 ** 53), 3.5e38, NaN, Infinity),
);

describe("schema/zod4/batch", () => {
  it("is zod 4's own batch for zod 4 readers, and none for another kind's", () => {
    expect(zod4Kind.batch?.(readers())).to.not.equal(undefined);
    expect(zod4Kind.batch?.([{ ...readSchema(SCHEMAS[0]!) }])).to.equal(undefined);
  });

  it("gives every field the value, issues and paths its reader gives it alone", () => {
    const fields = readers();
    const batch = fieldBatch(fields);
    // biome-ignore lint/nursery/noFloatingPromises: fc.assert on a synchronous property returns void (Biome infers the async overload)
    fc.assert(
      fc.property(
        fc.array(value, { minLength: SCHEMAS.length, maxLength: SCHEMAS.length }),
        fc.array(fc.boolean(), { minLength: SCHEMAS.length, maxLength: SCHEMAS.length }),
        (raws, skips) => {
          const values: unknown[] = raws.map((raw, i) => (skips[i] ? UNVALIDATED : raw));
          const refused = batch.run(values, validationScope());
          raws.forEach((raw, i) => {
            if (skips[i]) {
              expect(values[i]).to.equal(UNVALIDATED);
              return;
            }
            const alone = fields[i]!.validate(raw, validationScope());
            if (alone.ok) {
              expect(refused?.[i]).to.equal(undefined);
              expect(values[i]).to.deep.equal(alone.value);
            } else {
              expect(refused?.[i]).to.deep.equal(alone);
              // Left exactly as it was (Object.is: a refused NaN stays NaN).
              expect(Object.is(values[i], raw), `value ${i} left as it was`).to.equal(true);
            }
          });
          if (refused !== undefined) expect(refused.some((r) => r !== undefined)).to.equal(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("skips zod only for schemas whose success cannot change the value", () => {
    const of = (schema: { _zod: never }) => fastCheck(schema._zod);
    expect(of(z.string().min(1).max(64) as never)).to.equal(`typeof v === "string" && v.length >= 2 && v.length <= 64`);
    expect(of(z.number().int().min(1) as never)).to.equal(
      `typeof v === "number" && Number.isFinite(v) && Number.isSafeInteger(v) && v >= -9007199254740991 && v <= 9007199254740991 && v >= 1`,
    );
    expect(of(z.boolean() as never)).to.equal(`typeof v === "boolean"`);
    for (const schema of [
      z.string().email(),
      z.string().trim(),
      z.string().optional(),
      z.string().refine(() => true),
      z.coerce.number(),
      z.number().multipleOf(2),
      z.enum(["a"]),
      z.string().length(2),
    ])
      expect(of(schema as never), String(schema.def.type)).to.equal(undefined);
  });

  it("refuses an async refinement synchronously, as safeParse does", () => {
    const batch = fieldBatch([readSchema(z.string().refine(async () => true))]);
    expect(() => batch.run(["x"], validationScope())).to.throw("Encountered Promise during synchronous parse");
  });

  it("keeps a call's messages field by field: every violation, in field order, with its path", async () => {
    const reported: string[] = [];
    configureAxn({ onException: (error) => reported.push((error as Error).message) });
    after(() => resetAxnConfig());
    const Lookup = defineAxn({
      name: "Spec.BatchLookup",
      expects: {
        id: z.string().min(1).max(64),
        limit: { schema: z.number().int().min(1).max(100), default: 10 },
        tags: z.array(z.string().max(3)),
      },
      exposes: { total: z.number().int() },
      call: ({ limit }) => ({ total: limit * 2 }),
    });
    const refused = await Lookup.call({ id: "", limit: 1.5, tags: ["ok", "toolong"] } as never);
    expect(refused.exception?.message).to.equal(
      "id: Too small: expected string to have >=1 characters; limit: Invalid input: expected int, received number; tags[1]: Too big: expected string to have <=3 characters",
    );
    expect(reported).to.deep.equal([refused.exception?.message]);
    const ok = await Lookup.call({ id: "a", tags: [] });
    expect(ok.ok).to.equal(true);
    expect(ok.exposedValues).to.deep.equal({ total: 20 });
  });
});
