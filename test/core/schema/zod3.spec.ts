import { expect } from "chai";
import { z } from "zod/v3";
import { readSchema, looksLikeSchema } from "../../../core/src/schema/read-schema.js";
import { toJsonValue } from "../../../core/src/schema/json-value.js";
import { coerceWireValue, wireCoercer } from "../../../core/src/schema/zod3/coerce.js";
import type { JsonSchema } from "../../../core/src/schema/json-schema-types.js";

// The zod 3 kind, through the interface the rest of axn uses.
const analyzeSchema = (schema: z.ZodTypeAny) => readSchema(schema).analysis;
const validateWith = (schema: z.ZodTypeAny, value: unknown) => readSchema(schema).validate(value);
const fieldToJsonSchema = (schema: z.ZodTypeAny, options: { io?: "input" | "output" } = {}): JsonSchema =>
  readSchema(schema).jsonSchema(options.io ?? "input");

describe("schema/zod3", () => {
  describe("analyzeSchema", () => {
    it("reads optionality, nullability, defaults and descriptions through wrappers", () => {
      expect(analyzeSchema(z.string())).to.deep.equal({
        optional: false,
        nullable: false,
        hasDefault: false,
        description: undefined,
      });
      expect(analyzeSchema(z.string().optional())).to.include({ optional: true, nullable: false, hasDefault: false });
      expect(analyzeSchema(z.string().default("x"))).to.include({ optional: true, hasDefault: true });
      expect(analyzeSchema(z.string().default("x").optional())).to.include({ optional: true, hasDefault: false });
      expect(analyzeSchema(z.number().nullable())).to.include({ optional: false, nullable: true });
      expect(analyzeSchema(z.union([z.undefined(), z.string()]))).to.include({ optional: true });
      expect(analyzeSchema(z.string().describe("Name").optional()).description).to.equal("Name");
      expect(
        analyzeSchema(
          z
            .string()
            .min(1)
            .transform((s) => s.length)
            .describe("len"),
        ).description,
      ).to.equal("len");
    });

    it("treats a refinement that throws on undefined as not optional", () => {
      const schema = z.any().refine((v: { length: number }) => v.length > 0);
      expect(analyzeSchema(schema).optional).to.equal(false);
    });
  });

  it("tells a bare schema from a declaration, and reads it as zod 3", () => {
    expect(looksLikeSchema(z.string())).to.equal(true);
    expect(looksLikeSchema(z.object({}).optional())).to.equal(true);
    expect(looksLikeSchema({ schema: z.string(), optional: true })).to.equal(false);
    expect(looksLikeSchema(null)).to.equal(false);
    expect(looksLikeSchema("z.string()")).to.equal(false);
    expect(readSchema(z.string()).label).to.equal("zod 3");
  });

  describe("validateWith", () => {
    it("returns the parsed value", () => {
      expect(validateWith(z.string().default("x"), undefined)).to.deep.equal({ ok: true, value: "x" });
    });
    it("returns path, message and code per issue", () => {
      expect(validateWith(z.object({ a: z.array(z.number()) }), { a: [1, "2"] })).to.deep.equal({
        ok: false,
        issues: [{ path: ["a", 1], message: "Expected number, received string", code: "invalid_type" }],
      });
    });
  });

  describe("coerceWireValue", () => {
    const cases: [string, z.ZodTypeAny, unknown, unknown][] = [
      ["number", z.number(), "2.5", 2.5],
      ["int", z.number().int(), "25", 25],
      ["negative exponent", z.number(), "-1e3", -1000],
      ["empty string", z.number(), "", ""],
      ["blank string", z.number(), "  ", "  "],
      ["padded number", z.number(), " 25", " 25"],
      ["hex", z.number(), "0x10", "0x10"],
      ["Infinity", z.number(), "Infinity", "Infinity"],
      ["overflow", z.number(), "1e999", "1e999"],
      ["bigint", z.bigint(), "12", 12n],
      ["negative bigint", z.bigint(), "-12", -12n],
      ["bigint fraction", z.bigint(), "1.5", "1.5"],
      ["true", z.boolean(), "true", true],
      ["false", z.boolean(), "false", false],
      ["1", z.boolean(), "1", true],
      ["0", z.boolean(), "0", false],
      ["yes", z.boolean(), "yes", "yes"],
      ["TRUE", z.boolean(), "TRUE", "TRUE"],
      ["date", z.date(), "2026-07-08", new Date("2026-07-08T00:00:00Z")],
      ["date-time", z.date(), "2026-07-08T10:20:30Z", new Date("2026-07-08T10:20:30Z")],
      ["date-time with offset", z.date(), "2026-07-08T10:20:30.5+02:00", new Date("2026-07-08T08:20:30.500Z")],
      ["space separator, +hhmm", z.date(), "2026-07-08 10:20:30+0200", new Date("2026-07-08T08:20:30Z")],
      ["leap second", z.date(), "2016-12-31T23:59:60Z", new Date("2017-01-01T00:00:00Z")],
      ["year 0050", z.date(), "0050-01-01", new Date("0050-01-01T00:00:00Z")],
      ["no zone", z.date(), "2026-07-08T10:20:30", "2026-07-08T10:20:30"],
      ["Feb 30", z.date(), "2026-02-30", "2026-02-30"],
      ["not a date", z.date(), "next tuesday", "next tuesday"],
      ["string enum", z.enum(["a", "b"]), "a", "a"],
      ["optional int", z.number().int().optional(), "7", 7],
      ["default", z.number().default(1), "7", 7],
      ["nullable", z.number().nullable(), null, null],
      ["refined", z.number().refine((n) => n > 0), "3", 3],
      ["pipeline", z.number().pipe(z.number().int()), "3", 3],
      ["branded", z.number().brand<"Id">(), "3", 3],
      ["readonly array", z.array(z.number()).readonly(), ["1"], [1]],
      ["lazy", z.lazy(() => z.number()), "3", 3],
      ["number literal", z.literal(5), "5", 5],
      ["other number literal", z.literal(5), "6", "6"],
      ["boolean literal", z.literal(true), "true", true],
      ["bigint literal", z.literal(5n), "5", 5n],
      ["tuple", z.tuple([z.number(), z.boolean()]).rest(z.bigint()), ["1", "0", "2"], [1, false, 2n]],
      ["record", z.record(z.number()), { a: "1" }, { a: 1 }],
      ["set", z.set(z.number()), ["1", "2"], new Set([1, 2])],
      ["map", z.map(z.string(), z.number()), [["a", "1"]], new Map([["a", 1]])],
      // Issue 16 item 7: a value some member already accepts as it is stays as it is.
      ["union: a member takes it as it is", z.union([z.number().min(10), z.boolean(), z.string()]), "1", "1"],
      ["union: first that passes", z.union([z.number().min(10), z.boolean()]), "1", true],
      ["union: '007' under number | string stays a string", z.union([z.number(), z.string()]), "007", "007"],
      ["union: none coerces", z.union([z.number(), z.boolean()]), "x", "x"],
      ["union: a string member takes it first", z.union([z.string(), z.number()]), "5", "5"],
      ["non-string passes through", z.number(), 5, 5],
      ["unknown shape", z.any(), "5", "5"],
    ];
    for (const [label, schema, input, expected] of cases) {
      it(`${label}: ${JSON.stringify(input, (_, v: unknown) => (typeof v === "bigint" ? `${v}n` : v))}`, () => {
        expect(coerceWireValue(schema, input)).to.deep.equal(expected);
        // The per-field specialisation the runtime uses gives the very same answer.
        expect(wireCoercer(schema)(input)).to.deep.equal(expected);
      });
    }

    it("the per-field specialisation agrees with the general walk on every kind of value", () => {
      const schemas = [
        z.string().min(1),
        z.enum(["a", "b"]),
        z.number().int(),
        z.boolean(),
        z.number().optional().nullable(),
        z.boolean().default(false),
        z.date(),
        z.object({ n: z.number() }),
      ];
      const values = [
        undefined,
        null,
        "",
        "a",
        "25",
        " 25",
        "1e999",
        "true",
        "0",
        "yes",
        7,
        -0,
        Number.NaN,
        true,
        false,
        12n,
        { n: "3" },
        ["1"],
        new Date(0),
      ];
      for (const schema of schemas) {
        const coerce = wireCoercer(schema);
        for (const value of values)
          expect(coerce(value), `${schema._def.typeName} ← ${String(value)}`).to.deep.equal(
            coerceWireValue(schema, value),
          );
      }
    });

    it("coerces numeric native enum members, and leaves string members alone", () => {
      enum Level {
        Low = 1,
        High = 2,
      }
      enum Mixed {
        One = "1",
        Two = 2,
      }
      expect(coerceWireValue(z.nativeEnum(Level), "2")).to.equal(Level.High);
      expect(coerceWireValue(z.nativeEnum(Level), "3")).to.equal("3");
      expect(coerceWireValue(z.nativeEnum(Mixed), "1")).to.equal("1");
      expect(coerceWireValue(z.nativeEnum(Mixed), "2")).to.equal(2);
    });

    it("walks known object keys and never mutates the input", () => {
      const schema = z.object({
        limit: z.number().int(),
        nested: z.object({ on: z.boolean() }),
        tags: z.array(z.number()),
      });
      const input = Object.freeze({
        limit: "25",
        nested: Object.freeze({ on: "true" }),
        tags: Object.freeze(["1", 2]),
        extra: "9",
      });
      const output = coerceWireValue(schema, input);
      expect(output).to.deep.equal({ limit: 25, nested: { on: true }, tags: [1, 2], extra: "9" });
      expect(input).to.deep.equal({ limit: "25", nested: { on: "true" }, tags: ["1", 2], extra: "9" });
    });

    it("returns the same value when nothing changed", () => {
      const input = { a: 1, b: ["x"] };
      expect(coerceWireValue(z.object({ a: z.number(), b: z.array(z.string()) }), input)).to.equal(input);
    });
  });

  describe("fieldToJsonSchema", () => {
    it("reflects a described, bounded, defaulted integer", () => {
      expect(fieldToJsonSchema(z.number().int().min(1).max(100).default(25).describe("Page size"))).to.deep.equal({
        type: "integer",
        minimum: 1,
        maximum: 100,
        default: 25,
        description: "Page size",
      });
    });

    it("reflects a nested object with optional, nullable, enum and array fields", () => {
      const schema = z.object({
        name: z.string().min(1).max(80),
        kind: z.enum(["person", "company"]),
        note: z.string().optional(),
        parent: z.string().nullable(),
        tags: z.array(z.string()).max(5),
        address: z.object({ city: z.string().describe("City name") }).optional(),
      });
      expect(fieldToJsonSchema(schema)).to.deep.equal({
        type: "object",
        properties: {
          name: { type: "string", minLength: 1, maxLength: 80 },
          kind: { type: "string", enum: ["person", "company"] },
          note: { type: "string" },
          parent: { type: ["string", "null"] },
          tags: { type: "array", items: { type: "string" }, maxItems: 5 },
          address: {
            type: "object",
            properties: { city: { type: "string", description: "City name" } },
            required: ["city"],
            additionalProperties: false,
          },
        },
        required: ["name", "kind", "parent", "tags"],
        additionalProperties: false,
      });
    });

    it("writes tuples in 2020-12 form", () => {
      expect(fieldToJsonSchema(z.tuple([z.string(), z.number()]))).to.deep.equal({
        type: "array",
        minItems: 2,
        maxItems: 2,
        prefixItems: [{ type: "string" }, { type: "number" }],
        items: false,
      });
      expect(fieldToJsonSchema(z.tuple([z.string()]).rest(z.boolean()))).to.deep.equal({
        type: "array",
        minItems: 1,
        prefixItems: [{ type: "string" }],
        items: { type: "boolean" },
      });
    });

    it("reflects dates as date-time strings, with their range", () => {
      expect(fieldToJsonSchema(z.date().min(new Date("2020-01-01T00:00:00Z")).describe("Since"))).to.deep.equal({
        type: "string",
        format: "date-time",
        formatMinimum: "2020-01-01T00:00:00.000Z",
        description: "Since",
      });
      expect(fieldToJsonSchema(z.date().default(new Date(0)))).to.deep.equal({
        type: "string",
        format: "date-time",
        default: "1970-01-01T00:00:00.000Z",
      });
    });

    it("reflects bigints as digit strings (what coercion reads)", () => {
      expect(fieldToJsonSchema(z.bigint())).to.deep.equal({ type: "string", pattern: "^-?\\d+$" });
      expect(fieldToJsonSchema(z.bigint().nonnegative())).to.deep.equal({ type: "string", pattern: "^\\+?\\d+$" });
      expect(fieldToJsonSchema(z.literal(5n))).to.deep.equal({ type: "string", const: "5" });
    });

    it("adds zod's own regex beside email and uuid formats", () => {
      const email = fieldToJsonSchema(z.string().email());
      expect(email).to.include({ type: "string", format: "email" });
      expect(email.pattern).to.be.a("string");
      expect(fieldToJsonSchema(z.string().uuid())).to.deep.equal({
        type: "string",
        format: "uuid",
        pattern: "^[0-9a-fA-F]{8}\\b-[0-9a-fA-F]{4}\\b-[0-9a-fA-F]{4}\\b-[0-9a-fA-F]{4}\\b-[0-9a-fA-F]{12}$",
      });
    });

    it("reflects unions, literals and a top-level optional", () => {
      expect(fieldToJsonSchema(z.union([z.string(), z.number()]))).to.deep.equal({ type: ["string", "number"] });
      expect(fieldToJsonSchema(z.union([z.literal("a"), z.literal(1)]))).to.deep.equal({
        type: ["string", "number"],
        enum: ["a", 1],
      });
      expect(fieldToJsonSchema(z.union([z.object({ a: z.string() }), z.number().int()]))).to.deep.equal({
        anyOf: [
          { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false },
          { type: "integer" },
        ],
      });
      expect(fieldToJsonSchema(z.string().optional().describe("Maybe"))).to.deep.equal({
        type: "string",
        description: "Maybe",
      });
      expect(fieldToJsonSchema(z.object({ a: z.number().optional().nullable() }))).to.deep.equal({
        type: "object",
        properties: { a: { anyOf: [{ type: "number" }, { type: "null" }] } },
        additionalProperties: false,
      });
    });

    it("never carries $schema or definitions, and is JSON", () => {
      const schema = fieldToJsonSchema(z.object({ when: z.date(), big: z.bigint().default(1n) }));
      expect(schema).to.not.have.property("$schema");
      expect(schema).to.not.have.property("definitions");
      expect(JSON.parse(JSON.stringify(schema))).to.deep.equal(schema);
    });

    it("reflects a transform's output as unknown in output mode", () => {
      const schema = z.string().transform((s) => s.length);
      expect(fieldToJsonSchema(schema)).to.deep.equal({ type: "string" });
      expect(fieldToJsonSchema(schema, { io: "output" })).to.deep.equal({});
    });
  });

  it("toJsonValue writes Dates and bigints in their wire form", () => {
    expect(toJsonValue({ at: new Date(0), n: 10n, f: () => 1, list: [1, "a"] })).to.deep.equal({
      at: "1970-01-01T00:00:00.000Z",
      n: "10",
      list: [1, "a"],
    });
    expect(toJsonValue(Number.NaN)).to.equal(undefined);
  });
});
