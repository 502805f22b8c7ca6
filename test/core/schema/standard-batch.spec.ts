import { expect } from "chai";
import fc from "fast-check";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { z } from "zod";
import { configureAxn, defineAxn } from "@axn/core";
import { resetAxnConfig } from "@axn/core/internal";
import { fieldBatch, readSchema, validationScope } from "../../../core/src/schema/read-schema.js";
import { standardKind } from "../../../core/src/schema/standard/index.js";
import { UNVALIDATED, type SchemaReader } from "../../../core/src/schema/schema-kind.js";

// Standard Schemas of every shape a field takes (valibot and ArkType): checks, defaults, optional
// and nullable wrappers, transforms, nested objects and arrays, unions.
const SCHEMAS = [
  toStandardJsonSchema(v.pipe(v.string(), v.minLength(1), v.maxLength(8))),
  toStandardJsonSchema(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100))),
  toStandardJsonSchema(v.boolean()),
  toStandardJsonSchema(v.optional(v.number(), 7)),
  toStandardJsonSchema(v.nullable(v.string())),
  toStandardJsonSchema(
    v.object({ a: v.string(), b: v.pipe(v.array(v.pipe(v.number(), v.integer())), v.maxLength(3)) }),
  ),
  toStandardJsonSchema(v.union([v.pipe(v.string(), v.email()), v.number()])),
  type("1 <= string <= 8"),
  type("number.integer"),
  type({ a: "string", "b?": "number[]" }),
  type("string | null"),
];

const readers = (): SchemaReader[] => SCHEMAS.map((schema) => readSchema(schema));
const value = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 10 }),
  fc.integer({ min: -5, max: 120 }),
  fc.constantFrom(undefined, null, "x", "a@b.co", { a: "s", b: [1, 2] }, { a: "s", b: [1.5] }),
);

describe("schema/standard/batch", () => {
  it("is the Standard kind's own batch for its readers, and none for another kind's", () => {
    expect(standardKind.batch?.(readers())).to.not.equal(undefined);
    expect(standardKind.batch?.([{ ...readSchema(SCHEMAS[0]!) }])).to.equal(undefined);
    expect(standardKind.batch?.([readSchema(z.string())])).to.equal(undefined);
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

  it("refuses an asynchronous validation with the reader's own sentence", () => {
    // A Standard Schema whose validation answers a promise (an async check).
    const asyncString = {
      "~standard": {
        version: 1,
        vendor: "acme",
        validate: async (value: unknown) => ({ value }),
        jsonSchema: { input: () => ({ type: "string" }), output: () => ({ type: "string" }) },
      },
    } as const;
    const batch = fieldBatch([readSchema(asyncString)]);
    expect(() => batch.run(["x"], validationScope())).to.throw(
      "a acme schema validated asynchronously: axn validates fields synchronously, so use a schema without async checks",
    );
  });

  it("keeps a call's messages field by field: every violation, in field order, with its path", async () => {
    const reported: string[] = [];
    configureAxn({ onException: (error) => reported.push((error as Error).message) });
    after(() => resetAxnConfig());
    const Lookup = defineAxn({
      name: "Spec.StandardBatchLookup",
      expects: {
        id: toStandardJsonSchema(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
        limit: { schema: toStandardJsonSchema(v.pipe(v.number(), v.integer())), default: 10 },
        tags: toStandardJsonSchema(v.array(v.pipe(v.string(), v.maxLength(3)))),
      },
      exposes: { total: toStandardJsonSchema(v.pipe(v.number(), v.integer())) },
      call: ({ limit }) => ({ total: limit * 2 }),
    });
    const refused = await Lookup.call({ id: "", limit: 1.5, tags: ["ok", "toolong"] } as never);
    expect(refused.exception?.message).to.equal(
      "id: Invalid length: Expected >=1 but received 0; limit: Invalid integer: Received 1.5; tags[1]: Invalid length: Expected <=3 but received 7",
    );
    expect(reported).to.deep.equal([refused.exception?.message]);
    const ok = await Lookup.call({ id: "a", tags: [] });
    expect(ok.ok).to.equal(true);
    expect(ok.exposedValues).to.deep.equal({ total: 20 });
  });
});
