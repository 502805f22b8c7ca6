/**
 * Self-test of the JSON Schema arbitrary the property specs draw inputs from: for schemas as the
 * supported libraries reflect them (zod 4's `z.toJSONSchema`, valibot, arktype) and for hand-written
 * 2020-12 keywords, every generated value is a plain JSON value that ajv (2020 + ajv-formats, as the
 * project validates) accepts, and 200 runs complete without a filter giving up.
 */
import { expect } from "chai";
import fc from "fast-check";
import { z } from "zod";
import * as v from "valibot";
import { toJsonSchema as valibotJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { JsonSchema } from "@axn/core";
import { arbitraryFromJsonSchema, type JsonSchemaArbitraryOptions } from "./json-schema-arbitrary.js";

// ajv-formats is CommonJS: under NodeNext the default import is `module.exports`.
const addFormats = addFormatsModule.default;

/** Fixed, so a failure replays; fast-check prints the seed and path of any counterexample. */
const SEED = 0x15c4e;
const RUNS = 200;

// A separate instance from the module's own, so the check does not share its compiled validators.
// `logger: false` only silences "unknown format ignored" for zod's own formats (cuid, emoji, ...).
const ajv = new Ajv2020({ strict: false, logger: false });
addFormats(ajv);

function zodSchema(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  return z.toJSONSchema(schema, { io }) as unknown as JsonSchema;
}

/** A plain JSON value: finite numbers without -0, plain objects and arrays, nothing undefined. */
function expectJson(value: unknown, path = "$"): void {
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    expect(Number.isFinite(value) && !Object.is(value, -0), `${path} is ${String(value)}`).to.equal(true);
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) expectJson(item, `${path}[${i}]`);
    return;
  }
  expect(typeof value, `${path}`).to.equal("object");
  expect(Object.getPrototypeOf(value), `${path} is a plain object`).to.equal(Object.prototype);
  for (const [key, item] of Object.entries(value as object)) expectJson(item, `${path}.${key}`);
}

function expectAllValid(schema: JsonSchema, options?: JsonSchemaArbitraryOptions): void {
  const validate = ajv.compile(schema);
  const arbitrary = arbitraryFromJsonSchema(schema, options);
  // biome-ignore lint/nursery/noFloatingPromises: fc.assert on a synchronous property returns void (Biome infers the async overload)
  fc.assert(
    fc.property(arbitrary, (value) => {
      expectJson(value);
      expect(validate(value), `${JSON.stringify(value)}: ${ajv.errorsText(validate.errors)}`).to.equal(true);
    }),
    { numRuns: RUNS, seed: SEED },
  );
}

function samples(schema: JsonSchema, options?: JsonSchemaArbitraryOptions): unknown[] {
  return fc.sample(arbitraryFromJsonSchema(schema, options), { numRuns: RUNS, seed: SEED });
}

// zod 4 declares recursion with getters (z.toJSONSchema reflects it as `$ref`s).
const Category: z.ZodType = z.object({
  name: z.string(),
  get children() {
    return z.array(Category);
  },
});
const Person: z.ZodType = z.object({
  name: z.string(),
  get employer() {
    return Company.optional();
  },
});
const Company: z.ZodType = z.object({
  title: z.string(),
  get staff() {
    return z.array(Person);
  },
});
const Json: z.ZodType = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(Json), z.record(z.string(), Json)]),
);

/** A binary tree whose branches are both required: past maxDepth only the leaf member ends it. */
const tree: JsonSchema = {
  $defs: {
    Tree: { anyOf: [{ $ref: "#/$defs/Leaf" }, { $ref: "#/$defs/Branch" }] },
    Leaf: {
      type: "object",
      properties: { value: { type: "number" } },
      required: ["value"],
      additionalProperties: false,
    },
    Branch: {
      type: "object",
      properties: { left: { $ref: "#/$defs/Tree" }, right: { $ref: "#/$defs/Tree" } },
      required: ["left", "right"],
      additionalProperties: false,
    },
  },
  $ref: "#/$defs/Tree",
};

enum Colour {
  Red = "red",
  Green = "green",
}

const cases: ReadonlyArray<readonly [string, JsonSchema, JsonSchemaArbitraryOptions?]> = [
  [
    "zod: int, email, ISO datetime, union and tuple",
    zodSchema(
      z.object({
        a: z.number().int().min(1),
        e: z.email(),
        d: z.iso.datetime(),
        u: z.union([z.string(), z.number()]),
        t: z.tuple([z.string(), z.number()]),
      }),
    ),
  ],
  ["zod: a recursive object via getters ($ref #)", zodSchema(Category)],
  ["zod: mutually recursive objects ($defs)", zodSchema(z.object({ person: Person, company: Company }))],
  ["zod: the recursive JSON type (anyOf with $ref #)", zodSchema(Json)],
  [
    "zod: nullable, optional, defaulted and never-present properties",
    zodSchema(
      z.object({
        n: z.string().nullable(),
        o: z.number().optional(),
        no: z.number().nullable().optional(),
        d: z.string().default("x"),
        never: z.never().optional(),
      }),
    ),
  ],
  [
    "zod: enums and literals",
    zodSchema(
      z.object({
        e: z.enum(["a", "b", "c"]),
        native: z.enum(Colour),
        one: z.literal(3),
        many: z.literal(["a", 1, true]),
        list: z.array(z.enum(["x", "y"])),
      }),
    ),
  ],
  [
    "zod: records (string keys, exhaustive enum keys, partial enum keys, pattern keys)",
    zodSchema(
      z.object({
        any: z.record(z.string(), z.number()),
        all: z.record(z.enum(["x", "y"]), z.boolean()),
        some: z.partialRecord(z.enum(["x", "y"]), z.string()),
        prefixed: z.record(z.string().regex(/^k_/), z.int()),
      }),
    ),
  ],
  [
    "zod: string formats in a strict object (patterns beside formats, uninvertible patterns)",
    zodSchema(
      z.strictObject({
        date: z.iso.date(),
        time: z.iso.time(),
        offset: z.iso.datetime({ offset: true, precision: 3 }),
        duration: z.iso.duration(),
        url: z.url(),
        uuid: z.uuid(),
        guid: z.guid(),
        ipv4: z.ipv4(),
        ipv6: z.ipv6(),
        host: z.hostname(),
        cuid: z.cuid(),
        nanoid: z.nanoid(),
        ulid: z.ulid(),
        base64: z.base64(),
        emoji: z.emoji(),
        jwt: z.jwt(),
        e164: z.e164(),
      }),
    ),
  ],
  [
    "zod: numbers (bounds, exclusive bounds, float and integer multipleOf, safe ints)",
    zodSchema(
      z.object({
        tenth: z.number().positive().multipleOf(0.1),
        halves: z.number().gt(0).lt(10).multipleOf(0.5),
        even: z.int().multipleOf(2).min(-10).max(10),
        nonneg: z.number().nonnegative(),
        safe: z.int(),
        ratio: z.number().min(0).max(1),
      }),
    ),
  ],
  [
    "zod: strings (lengths with regex, exact length, startsWith/endsWith/includes, lowercase)",
    zodSchema(
      z.object({
        word: z
          .string()
          .min(2)
          .max(5)
          .regex(/^[a-z]+$/),
        code: z.string().length(3),
        prefixed: z.string().startsWith("ab"),
        suffixed: z.string().endsWith(".json"),
        infix: z.string().includes("@"),
        lower: z.string().lowercase().max(6),
      }),
    ),
  ],
  [
    "zod: discriminated union and xor (oneOf)",
    zodSchema(
      z.object({
        shape: z.discriminatedUnion("kind", [
          z.object({ kind: z.literal("circle"), r: z.number() }),
          z.object({ kind: z.literal("square"), side: z.number() }),
        ]),
        either: z.xor([z.string(), z.number()]),
      }),
    ),
  ],
  [
    "zod: arrays, tuples with a rest, intersections",
    zodSchema(
      z.object({
        some: z.array(z.string()).min(1).max(3),
        rest: z.tuple([z.string()], z.number()),
        both: z.intersection(
          z.object({ a: z.string() }),
          z.union([z.object({ b: z.number() }), z.object({ c: z.boolean() })]),
        ),
      }),
    ),
  ],
  [
    "zod: output schema (closed objects, defaults required)",
    zodSchema(z.object({ d: z.string().default("x"), n: z.number().optional() }), "output"),
  ],
  [
    "valibot: uuid, bounded integer, picklist, ISO timestamp, email, nullable",
    valibotJsonSchema(
      v.object({
        id: v.pipe(v.string(), v.uuid()),
        age: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(150))),
        tags: v.array(v.picklist(["a", "b"])),
        when: v.pipe(v.string(), v.isoTimestamp()),
        mail: v.pipe(v.string(), v.email()),
        n: v.nullable(v.string()),
      }),
      { target: "draft-2020-12" },
    ) as unknown as JsonSchema,
  ],
  [
    "arktype: uuid (anyOf with consts), email pattern, ISO date pattern with lookahead and backreference",
    type({
      id: "string.uuid",
      "age?": "0 <= number.integer <= 150",
      tags: "('a' | 'b')[]",
      mail: "string.email",
      n: "string | null",
      d: "string.date.iso",
    }).toJsonSchema() as unknown as JsonSchema,
  ],
  [
    "type arrays, const and enum (objects included)",
    {
      type: "object",
      properties: {
        t: { type: ["string", "integer", "null"] },
        c: { const: { k: [1, 2] } },
        e: { enum: [{ a: 1 }, [1], "x", null] },
      },
      required: ["t", "c", "e"],
    },
  ],
  [
    "prefixItems with items: false or a schema, uniqueItems over a small domain, contains",
    {
      type: "object",
      properties: {
        pair: { type: "array", prefixItems: [{ type: "string" }, { type: "boolean" }], items: false, minItems: 1 },
        head: { type: "array", prefixItems: [{ type: "integer" }], items: { type: "string", maxLength: 2 } },
        set: { type: "array", items: { enum: [1, 2, 3, "a"] }, uniqueItems: true, minItems: 2 },
        entries: {
          type: "array",
          items: {
            type: "array",
            prefixItems: [{ type: "string" }, { type: "number" }],
            items: false,
            minItems: 2,
            maxItems: 2,
          },
          uniqueItems: true,
        },
        none: { type: "array", maxItems: 0 },
        withFive: { type: "array", items: { type: "integer" }, contains: { const: 5 } },
      },
      required: ["pair", "head", "set", "entries", "none", "withFive"],
    },
  ],
  [
    "additionalProperties false/true/schema, patternProperties, propertyNames, minProperties",
    {
      type: "object",
      properties: {
        closed: {
          type: "object",
          properties: { a: { type: "string" }, b: { type: "number" } },
          additionalProperties: false,
        },
        open: { type: "object", properties: { a: { type: "string" } }, additionalProperties: true },
        typed: { type: "object", additionalProperties: { type: "integer", minimum: 0 } },
        patterned: { type: "object", patternProperties: { "^x-": { type: "string" } }, additionalProperties: false },
        named: {
          type: "object",
          propertyNames: { maxLength: 3 },
          additionalProperties: { type: "boolean" },
          minProperties: 1,
        },
      },
      required: ["closed", "open", "typed", "patterned", "named"],
    },
  ],
  [
    "allOf (merged), not, overlapping oneOf",
    {
      type: "object",
      properties: {
        merged: {
          allOf: [
            { type: "object", properties: { a: { type: "string" } }, required: ["a"] },
            { properties: { b: { type: "number", minimum: 5 } }, required: ["b"] },
          ],
        },
        notString: { not: { type: "string" } },
        notEmpty: { type: "string", not: { maxLength: 0 } },
        notListed: { type: "integer", minimum: 0, maximum: 5, not: { enum: [0, 1] } },
        exactlyOne: { oneOf: [{ type: "number" }, { type: "integer" }] },
      },
      required: ["merged", "notString", "notEmpty", "notListed", "exactlyOne"],
    },
  ],
  [
    "a required recursion ($defs) that ends through a nullable branch; an $anchor ref",
    {
      $defs: {
        Node: {
          type: "object",
          properties: { value: { type: "integer" }, next: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] } },
          required: ["value", "next"],
        },
        Leaf: { $anchor: "leaf", type: "string", minLength: 1 },
      },
      type: "object",
      properties: { list: { $ref: "#/$defs/Node" }, leaf: { $ref: "#leaf" } },
      required: ["list", "leaf"],
    },
  ],
  ["a binary tree of $refs through anyOf (both branches required)", tree],
  [
    "date-time with formatMinimum/formatMaximum (axn's reflection of bounded dates), date bounds",
    {
      type: "object",
      properties: {
        day: {
          type: "string",
          format: "date-time",
          formatMinimum: "2024-01-01T00:00:00.000Z",
          formatExclusiveMaximum: "2024-01-02T00:00:00.000Z",
        },
        after: { type: "string", format: "date-time", formatExclusiveMinimum: "1970-01-01T00:00:00.000Z" },
        before: { type: "string", format: "date-time", formatMaximum: "1999-12-31T23:59:59.999Z" },
        date: { type: "string", format: "date", formatMinimum: "2020-02-28", formatMaximum: "2020-03-01" },
      },
      required: ["day", "after", "before", "date"],
    },
  ],
  [
    "formats ajv-formats validates, without patterns",
    {
      type: "object",
      properties: Object.fromEntries(
        [
          "email",
          "uuid",
          "date-time",
          "date",
          "time",
          "iso-time",
          "duration",
          "uri",
          "url",
          "uri-reference",
          "hostname",
          "ipv4",
          "ipv6",
          "byte",
          "json-pointer",
          "relative-json-pointer",
          "regex",
        ].map((format) => [format, { type: "string", format }]),
      ),
      required: [
        "email",
        "uuid",
        "date-time",
        "date",
        "time",
        "iso-time",
        "duration",
        "uri",
        "url",
        "uri-reference",
        "hostname",
        "ipv4",
        "ipv6",
        "byte",
        "json-pointer",
        "relative-json-pointer",
        "regex",
      ],
    },
  ],
  [
    "a pattern beside a format, and lengths beside both",
    {
      type: "object",
      properties: {
        work: { type: "string", format: "email", pattern: "^[a-z]+@example\\.com$" },
        recent: { type: "string", format: "date", pattern: "^20" },
        short: { type: "string", format: "email", maxLength: 12 },
        id: { type: "string", format: "uuid", pattern: "^[0-9a-f-]+$", minLength: 36 },
      },
      required: ["work", "recent", "short", "id"],
    },
  ],
  [
    "numbers: exclusive bounds, tiny ranges, integer multipleOf a fraction, bigints as decimal patterns",
    {
      type: "object",
      properties: {
        open: { type: "number", exclusiveMinimum: -1, exclusiveMaximum: 1 },
        tiny: { type: "number", minimum: 0.1, maximum: 0.1000001 },
        point: { type: "integer", minimum: 7, maximum: 7 },
        half: { type: "integer", multipleOf: 0.5, minimum: -3, maximum: 3 },
        big: { type: "string", pattern: "^-?\\d+$" },
        positive: { type: "string", pattern: "^\\+?0*[1-9]\\d*$" },
      },
      required: ["open", "tiny", "point", "half", "big", "positive"],
    },
  ],
  ["{} (any JSON value)", {}],
  [
    "true and {} nested, an unknown keyword",
    {
      type: "object",
      properties: { a: true, b: {}, c: { type: "string", "x-ui": "hidden" } },
      required: ["a", "b", "c"],
    },
  ],
];

describe("arbitraryFromJsonSchema", () => {
  describe(`every value validates (${RUNS} runs each)`, () => {
    for (const [name, schema, options] of cases) {
      it(name, () => expectAllValid(schema, options));
    }
  });

  it("generates optional properties sometimes and leaves them out sometimes", () => {
    const values = samples(zodSchema(z.object({ o: z.number().optional(), r: z.string() }))) as Array<
      Record<string, unknown>
    >;
    expect(values.every((value) => typeof value.r === "string")).to.equal(true);
    expect(values.filter((value) => "o" in value)).to.have.length.within(1, RUNS - 1);
  });

  it("adds extra keys only where additionalProperties invites them", () => {
    const open = samples({
      type: "object",
      properties: { a: { type: "string" } },
      additionalProperties: { type: "number" },
    }) as object[];
    expect(open.some((value) => Object.keys(value).some((key) => key !== "a"))).to.equal(true);
    const silent = samples({ type: "object", properties: { a: { type: "string" } } }) as object[];
    expect(silent.every((value) => Object.keys(value).every((key) => key === "a"))).to.equal(true);
  });

  it("bounds recursion by maxDepth, ending in empty arrays", () => {
    const depth = (node: { children: unknown[] }): number =>
      1 + Math.max(0, ...node.children.map((c) => depth(c as { children: unknown[] })));
    const schema = zodSchema(Category);
    const trees = samples(schema, { maxDepth: 2 }) as Array<{ children: unknown[] }>;
    expect(Math.max(...trees.map(depth))).to.equal(3);
    expect(
      samples(schema, { maxDepth: 0 }).every((tree) => (tree as { children: unknown[] }).children.length === 0),
    ).to.equal(true);
  });

  it("past maxDepth, picks the anyOf member that ends the recursion", () => {
    const leaves = (node: unknown): number =>
      "value" in (node as object)
        ? 1
        : leaves((node as { left: unknown }).left) + leaves((node as { right: unknown }).right);
    expect(samples(tree, { maxDepth: 0 }).every((node) => leaves(node) === 1)).to.equal(true);
    // Each level of the tree is two $refs (Tree, then Branch): maxDepth 4 allows two levels of branches.
    expect(Math.max(...samples(tree, { maxDepth: 4 }).map(leaves))).to.equal(4);
  });

  it("uses a caller's generator for a format it does not know", () => {
    const values = samples({ type: "string", format: "sku" }, { formats: { sku: fc.stringMatching(/^SKU-\d{4}$/) } });
    expect(values.every((value) => /^SKU-\d{4}$/.test(value as string))).to.equal(true);
  });

  it("never yields -0, NaN or Infinity", () => {
    for (const value of [...samples({}), ...samples({ type: "array", items: { type: "number" } })]) expectJson(value);
  });

  it("builds deterministically: the same seed gives the same values", () => {
    const schema = zodSchema(z.object({ e: z.email(), n: z.number().multipleOf(0.1), j: Json }));
    expect(samples(schema)).to.deep.equal(samples(schema));
  });

  it("refuses a schema no value satisfies, naming the node", () => {
    expect(() =>
      arbitraryFromJsonSchema({
        type: "object",
        properties: { a: { allOf: [{ type: "string" }, { type: "number" }] } },
        required: ["a"],
      }),
    ).to.throw(/#\/properties\/a/);
    expect(() =>
      arbitraryFromJsonSchema({ type: "string", minLength: 3, allOf: [{ pattern: "^[a-f]+$" }, { format: "email" }] }),
    ).to.throw(/cannot generate/);
    // Three distinct booleans do not exist: refused when built, where fc.uniqueArray would hang.
    expect(() =>
      arbitraryFromJsonSchema({ type: "array", items: { type: "boolean" }, uniqueItems: true, minItems: 3 }),
    ).to.throw(/fewer than 3 items/);
  });

  it("refuses non-local $refs", () => {
    expect(() => arbitraryFromJsonSchema({ $ref: "https://example.com/schema.json" })).to.throw(/local \$refs/);
  });
});
