/**
 * What `defineAxn` says about a schema it cannot read: the action, the field, what was received,
 * and what is supported. Fields of different kinds in one action work (each field is read on its own).
 */
import { expect } from "chai";
import { z } from "zod";
import { z as z3 } from "zod3";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { defineAxn, Invoker } from "@axn/core";
import { readSchema, SUPPORTED_SCHEMAS } from "../../../core/src/schema/read-schema.js";
import { thrown } from "../../support/thrown.js";

const SUPPORTED =
  "zod 4 (≥ 4.2, and zod/mini), zod 3.25 (the v3 API), zod/v4 from zod 3.25, or a Standard Schema that implements Standard JSON Schema (valibot through toStandardJsonSchema from @valibot/to-json-schema, ArkType 2)";

function defineWith(a: unknown): unknown {
  return thrown(() => defineAxn({ name: "Demo.AddNumbers", expects: { a: a as never }, call: () => undefined }));
}

describe("reading field schemas", () => {
  it("names the supported kinds in one place", () => {
    expect(SUPPORTED_SCHEMAS).to.equal(SUPPORTED);
  });

  const refusals: [string, unknown, string][] = [
    [
      "a plain object",
      { type: "number" },
      `defineAxn(Demo.AddNumbers): field "a" must be a schema or { schema, ...options }, got an object without a schema key. Supported schemas: ${SUPPORTED}`,
    ],
    [
      "a string",
      "number",
      `defineAxn(Demo.AddNumbers): field "a" must be a schema or { schema, ...options }, got a string. Supported schemas: ${SUPPORTED}`,
    ],
    [
      "a zod 3 schema from before 3.24",
      { _def: { typeName: "ZodNumber" }, safeParse: () => ({ success: true }) },
      `defineAxn(Demo.AddNumbers): field "a" has an unsupported schema: got a zod 3 schema from before 3.24 (upgrade zod to 3.25 or 4). Supported schemas: ${SUPPORTED}`,
    ],
    [
      "a yup schema",
      { __isYupSchema__: true, validate: () => undefined },
      `defineAxn(Demo.AddNumbers): field "a" has an unsupported schema: got a yup schema. Supported schemas: ${SUPPORTED}`,
    ],
    [
      "valibot without its Standard JSON Schema wrapper",
      v.number(),
      `defineAxn(Demo.AddNumbers): field "a" has an unsupported schema: got a valibot schema without Standard JSON Schema (wrap it with toStandardJsonSchema() from @valibot/to-json-schema). Supported schemas: ${SUPPORTED}`,
    ],
    [
      "a Standard Schema without JSON Schema",
      { "~standard": { version: 1, vendor: "acme", validate: (value: unknown) => ({ value }) } },
      `defineAxn(Demo.AddNumbers): field "a" has an unsupported schema: got an acme schema without Standard JSON Schema (axn reflects every field as JSON Schema, so the schema must implement Standard JSON Schema (~standard.jsonSchema)). Supported schemas: ${SUPPORTED}`,
    ],
  ];
  for (const [label, schema, message] of refusals) {
    it(`refuses ${label}, naming the field and what works`, () => {
      const error = defineWith(schema);
      expect(error).to.be.instanceOf(TypeError);
      expect((error as Error).message).to.equal(message);
    });
  }

  it("refuses, inside a declaration too", () => {
    const error = thrown(() =>
      defineAxn({
        name: "Demo.AddNumbers",
        expects: { a: { schema: v.number() as never, optional: true } },
        call: () => undefined,
      }),
    );
    expect((error as Error).message).to.match(
      /^defineAxn\(Demo\.AddNumbers\): field "a" has an unsupported schema: got a valibot schema without Standard JSON Schema/,
    );
  });

  it("refuses a schema its own library cannot convert to JSON Schema, with the library's words", () => {
    const error = defineWith(toStandardJsonSchema(v.date()));
    expect((error as Error).message).to.equal(
      `defineAxn(Demo.AddNumbers): field "a": its schema cannot be read (The "date" schema cannot be converted to JSON Schema.)`,
    );
  });

  it("reads each field with its own kind: zod 4, zod 3, valibot and ArkType in one action", async () => {
    const Mixed = defineAxn({
      name: "Demo.Mixed",
      expects: { a: z.number(), b: z3.number(), c: toStandardJsonSchema(v.number()), d: type("number") },
      exposes: { sum: z.number() },
      call: ({ a, b, c, d }) => ({ sum: a + b + c + d }),
    });
    expect(Object.keys((Mixed.inputSchema as { properties: object }).properties)).to.deep.equal(["a", "b", "c", "d"]);
    const result = await new Invoker().call(Mixed, { a: "1", b: "2", c: "3", d: "4" });
    expect(result.ok, result.error).to.equal(true);
    expect((result as unknown as { sum: number }).sum).to.equal(10);
    expect(
      ["a", "b", "c", "d"].map(
        (_, i) => readSchema([z.number(), z3.number(), toStandardJsonSchema(v.number()), type("number")][i]).label,
      ),
    ).to.deep.equal(["zod 4", "zod 3", "valibot", "arktype"]);
  });
});
