/**
 * Issue 16, item 15 — the seed: "reflection is never looser than runtime". String checks whose
 * converter output was looser than the check zod runs are reflected exactly or stricter, for zod 3
 * and zod 4 alike, and the property is tested with values drawn from the reflected schema itself
 * (plus the audit's counterexamples). Item 16: a subfield whose parent is not an object is left out
 * of the input schema, with a warning.
 */
import { expect } from "chai";
import fc from "fast-check";
import { z } from "zod";
import { z as z3 } from "zod/v3";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { configureAxn, defineAxn, type AxnLogger } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { readSchema } from "../../../core/src/schema/read-schema.js";
import { arbitraryFromJsonSchema } from "../../support/json-schema-arbitrary.js";
import { thrown } from "../../support/thrown.js";

const addFormats = addFormatsModule.default;
const ajv = new Ajv2020({ strict: false });
addFormats(ajv);

/** [label, zod 4 schema, zod 3 schema, the audit's counterexamples and other edges]. */
const CHECKS: readonly (readonly [string, unknown, unknown, readonly string[]])[] = [
  ["trim then min(1)", z.string().trim().min(1), z3.string().trim().min(1), [" ", "  a ", "a", "\t"]],
  [
    "url",
    z.url(),
    z3.string().url(),
    ["http://a:99999", "http://", "http://a.b/c", "mailto:x", "https://x.io:8080/p?q#f", "http://1.2.3.999"],
  ],
  ["base64", z.base64(), z3.string().base64(), ["!!!!", "YQ==", "", "YQ"]],
  [
    "includes at a position",
    z.string().includes("a", { position: 2 }),
    z3.string().includes("a", { position: 2 }),
    ["a", "xa", "xxa", "a\nxa"],
  ],
  ["time", z.iso.time(), z3.string().time(), ["12:00:00Z", "12:00:00", "12:00", "24:00:00"]],
  ["jwt (its shape; the decoded header is a runtime-only check)", undefined, undefined, []],
];

const BMP = (value: unknown): boolean => !/[\u{10000}-\u{10FFFF}]/u.test(JSON.stringify(value) ?? "");

describe("string checks are reflected exactly or stricter (issue 16, item 15)", () => {
  for (const [label, zod4, zod3, edges] of CHECKS) {
    for (const [kind, schema] of [
      ["zod 4", zod4],
      ["zod 3", zod3],
    ] as const) {
      if (schema === undefined) continue;
      it(`${kind} ${label}: every value the reflected schema accepts passes the runtime check`, () => {
        const reader = readSchema(schema);
        const reflected = reader.jsonSchema("input");
        const validate = ajv.compile(reflected);
        for (const edge of edges) {
          if (validate(edge))
            expect(reader.validate(edge).ok, `${JSON.stringify(edge)} passes ${JSON.stringify(reflected)}`).to.equal(
              true,
            );
        }
        // biome-ignore lint/nursery/noFloatingPromises: fc.assert on a synchronous property returns void (Biome infers the async overload)
        fc.assert(
          fc.property(fc.oneof(arbitraryFromJsonSchema(reflected), fc.string()).filter(BMP), (value) => {
            if (!validate(value)) return;
            expect(reader.validate(value).ok, `${JSON.stringify(value)} passes ${JSON.stringify(reflected)}`).to.equal(
              true,
            );
          }),
          { numRuns: 200 },
        );
      });
    }
  }

  it("jwt: the published pattern is the token's shape (what a model must send)", () => {
    for (const schema of [z.jwt(), z3.string().jwt()]) {
      const reflected = readSchema(schema).jsonSchema("input");
      expect(ajv.compile(reflected)("eyJhbGciOiJIUzI1NiJ9.e30.sig")).to.equal(true);
      expect(ajv.compile(reflected)("not a token")).to.equal(false);
      expect(reflected).to.not.have.property("format", "jwt");
    }
  });

  it("refuses a stateful regex (g or y flag) at definition, naming the field", () => {
    for (const [schema, flag] of [
      [z.object({ codes: z.array(z.string().regex(/^[a-z]+$/g)) }), "g"],
      [z3.string().regex(/a/y).optional(), "y"],
    ] as const) {
      const error = thrown(() =>
        defineAxn({ name: "Audit.Regex", expects: { code: schema as never }, call: () => undefined }),
      );
      expect(error).to.be.instanceOf(TypeError);
      expect(error.message).to.match(
        new RegExp(
          `^defineAxn\\(Audit\\.Regex\\): field "code": its schema cannot be read \\(the regex .+ has the ${flag} flag, which makes RegExp\\.test stateful \\(the same value passes, then fails\\); drop the flag\\)$`,
        ),
      );
    }
  });
});

describe("a subfield under a non-object parent (issue 16, item 16)", () => {
  afterEach(() => resetKernel());

  for (const [label, parent] of [
    ["a string", z.string()],
    ["an array", z.array(z.string())],
    ["any value", z.any()],
    ["a date", z.date()],
  ] as const) {
    it(`is left out of the input schema, with a warning, when the parent is ${label}`, () => {
      const warnings: string[] = [];
      const logger: AxnLogger = { debug() {}, info() {}, warn: (message) => void warnings.push(message), error() {} };
      configureAxn({ logger });
      const A = defineAxn({
        name: "Audit.Subfield",
        expects: { parent, child: { schema: z.string(), on: "parent" } },
        call: () => undefined,
      });
      const properties = (A.inputSchema as { properties: Record<string, Record<string, unknown>> }).properties;
      expect(Object.keys(properties)).to.deep.equal(["parent"]);
      expect(properties.parent).to.not.have.property("properties");
      expect(warnings).to.deep.equal([
        'axn: Audit.Subfield: subfield "child" is read from "parent", whose schema is not an object; it is left out of the input schema',
      ]);
    });
  }

  it("is still folded into an object parent", () => {
    const A = defineAxn({
      name: "Audit.SubfieldObject",
      expects: { customer: z.object({ id: z.string() }), id: { schema: z.string().min(3), on: "customer" } },
      call: () => undefined,
    });
    const customer = (A.inputSchema as { properties: Record<string, unknown> }).properties.customer;
    expect(JSON.stringify(customer)).to.contain('"minLength":3');
  });
});
