import { expect } from "chai";
import fc from "fast-check";
import { z } from "zod/v3";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { NormalizedField } from "../../../core/src/action/fields.js";
import { buildInputSchema, buildOutputSchema, JSON_SCHEMA_DIALECT } from "../../../core/src/reflection/json-schema.js";
import { readSchema } from "../../../core/src/schema/read-schema.js";
import { arbitraryFromJsonSchema } from "../../support/json-schema-arbitrary.js";

// ajv-formats is CommonJS: under NodeNext the default import is `module.exports`.
const addFormats = addFormatsModule.default;

/** A NormalizedField as the field normalizer produces it, with only what a test cares about set. */
function field(name: string, schema: z.ZodTypeAny, options: Partial<NormalizedField> = {}): NormalizedField {
  const reader = readSchema(schema);
  const analysis = reader.analysis;
  return {
    name,
    path: name,
    schema,
    reader,
    optional: analysis.optional || options.default !== undefined,
    description: undefined,
    sensitive: false,
    kind: "arg",
    parentPath: undefined,
    coerce: undefined,
    coerceWire: reader.coerce,
    userFacing: false,
    validate: undefined,
    metadata: {},
    ...options,
  };
}

describe("schema/json-schema", () => {
  it("names the 2020-12 dialect", () => {
    expect(JSON_SCHEMA_DIALECT).to.equal("https://json-schema.org/draft/2020-12/schema");
  });

  describe("buildInputSchema", () => {
    it("reflects a tool's arguments as a closed object", () => {
      const fields = [
        field("companyId", z.string().uuid().describe("zod text"), { description: "The company to list" }),
        field("limit", z.number().int().min(1).max(100).optional()),
        field("since", z.date().optional()),
        field("status", z.enum(["active", "archived"]), { default: { value: "active" } }),
        field("tenant", z.string(), { kind: "ambient" }),
        field("tenantName", z.string(), { kind: "subfield", parentPath: ["tenant"] }),
      ];
      expect(buildInputSchema(fields)).to.deep.equal({
        type: "object",
        properties: {
          companyId: {
            type: "string",
            format: "uuid",
            pattern: "^[0-9a-fA-F]{8}\\b-[0-9a-fA-F]{4}\\b-[0-9a-fA-F]{4}\\b-[0-9a-fA-F]{4}\\b-[0-9a-fA-F]{12}$",
            description: "The company to list",
          },
          limit: { type: "integer", minimum: 1, maximum: 100 },
          since: { type: "string", format: "date-time" },
          status: { type: "string", enum: ["active", "archived"], default: "active" },
        },
        required: ["companyId"],
        additionalProperties: false,
      });
    });

    it("keeps the zod description when the field declares none", () => {
      const schema = buildInputSchema([field("q", z.string().describe("Search text"))]);
      expect(schema.properties).to.deep.equal({ q: { type: "string", description: "Search text" } });
    });

    it("omits `required` when every field may be absent", () => {
      expect(buildInputSchema([field("page", z.number().optional())])).to.deep.equal({
        type: "object",
        properties: { page: { type: "number" } },
        additionalProperties: false,
      });
      expect(buildInputSchema([])).to.deep.equal({ type: "object", properties: {}, additionalProperties: false });
    });

    it("an axn default makes a field optional; a function default adds no keyword", () => {
      const schema = buildInputSchema([
        field("at", z.date(), { default: { value: () => new Date() } }),
        field("from", z.date(), { default: { value: new Date(0) } }),
        field("count", z.bigint(), { default: { value: 10n } }),
      ]);
      expect(schema).to.deep.equal({
        type: "object",
        properties: {
          at: { type: "string", format: "date-time" },
          from: { type: "string", format: "date-time", default: "1970-01-01T00:00:00.000Z" },
          count: { type: "string", pattern: "^-?\\d+$", default: "10" },
        },
        additionalProperties: false,
      });
    });

    it("axn `optional` makes a field not required", () => {
      expect(buildInputSchema([field("note", z.string(), { optional: true })])).to.not.have.property("required");
    });

    it("the one documented looser case: an invalid literal default reflects as optional", () => {
      const id = field("id", z.string().uuid(), { default: { value: "nope" } });
      const schema = buildInputSchema([id]);
      expect(schema).to.not.have.property("required");
      expect(schema.properties).to.deep.include({
        id: { ...(schema.properties as Record<string, object>).id, default: "nope" },
      });
      // …though the omitted call fails at runtime once the default is applied and validated.
      expect(id.reader.validate("nope")).to.include({ ok: false });
    });
  });

  describe("buildOutputSchema", () => {
    it("is undefined for an action that exposes nothing", () => {
      expect(buildOutputSchema([])).to.equal(undefined);
    });

    it("reflects the exposed values, a transform's result as unknown", () => {
      expect(
        buildOutputSchema([
          field("greeting", z.string()),
          field(
            "length",
            z.string().transform((s) => s.length),
          ),
          field("tags", z.array(z.string()).optional()),
        ]),
      ).to.deep.equal({
        type: "object",
        properties: { greeting: { type: "string" }, length: {}, tags: { type: "array", items: { type: "string" } } },
        required: ["greeting", "length"],
        additionalProperties: false,
      });
    });
  });

  it("a whole input the reflected schema accepts passes runtime after coercion (property-based)", () => {
    const shape = {
      query: z.string().min(1).max(40),
      limit: z.number().int().min(1).max(50).optional(),
      order: z.enum(["asc", "desc"]).default("asc"),
      since: z.date().nullable().optional(),
      filters: z
        .array(z.object({ key: z.string().max(10), value: z.union([z.string(), z.number(), z.boolean()]) }))
        .max(3),
      owner: z.string().email().optional(),
    };
    const fields = Object.entries(shape).map(([name, schema]) => field(name, schema));
    const runtime = z.object(shape).strict();
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

    const reflected = buildInputSchema(fields);
    const validate = ajv.compile(reflected);
    const whole = readSchema(runtime);
    // Values drawn from the reflected schema itself (issue 16 item 15), plus arbitrary JSON.
    // zod 3 counts lengths in UTF-16 code units, JSON Schema in code points: the documented
    // astral-character exception (docs/schemas.md) is pinned in kinds.spec.ts, so stay in the BMP here.
    const candidates = fc
      .oneof(
        fc.jsonValue(),
        arbitraryFromJsonSchema(reflected).map(wire),
        fc.dictionary(fc.constantFrom(...Object.keys(shape)), fc.jsonValue()),
      )
      .filter((value) => !/[\u{10000}-\u{10FFFF}]/u.test(JSON.stringify(value) ?? ""));
    let accepted = 0;
    // biome-ignore lint/nursery/noFloatingPromises: fc.assert on a synchronous property returns void (Biome infers the async overload)
    fc.assert(
      fc.property(candidates, (value) => {
        if (!validate(value)) return;
        accepted++;
        const outcome = whole.validate(whole.coerce(value));
        expect(outcome, JSON.stringify(value)).to.include({ ok: true });
      }),
      { numRuns: 300 },
    );
    // The property is not vacuous: most draws from the reflected schema are valid inputs.
    expect(accepted).to.be.greaterThan(20);
  });
});
