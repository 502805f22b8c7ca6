/**
 * docs/schemas.md's examples: the same action in zod 4, valibot and ArkType infers the same
 * arguments, coerces the same wire strings, and answers a bad value with a field error.
 */
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as v from "valibot";
import { defineAxn, Invoker, type ArgsOf } from "@axn/core";
import { AddNumbers } from "../../docs/examples/snippets/schema-kinds.js";
import { AddWithArkType, AddWithValibot } from "../../docs/examples/snippets/schema-kinds-standard.js";
import { valibotProbes } from "../../docs/examples/snippets/valibot-probes.js";
import { readSchema } from "../../core/src/schema/read-schema.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

describe("docs/schemas.md", () => {
  it("infers { a: number; b: number } from every kind", () => {
    assertType<Equal<ArgsOf<typeof AddNumbers>, { a: number; b: number }>>();
    assertType<Equal<ArgsOf<typeof AddWithValibot>, { a: number; b: number }>>();
    assertType<Equal<ArgsOf<typeof AddWithArkType>, { a: number; b: number }>>();
  });

  for (const action of [AddNumbers, AddWithValibot, AddWithArkType]) {
    it(`${action.name}: the Invoker coerces wire strings and names a bad field`, async () => {
      const invoker = new Invoker({ userFacingInputErrors: true });
      const ok = await invoker.call(action, { a: "2", b: 3 });
      expect(ok.ok, ok.error).to.equal(true);
      expect((ok as unknown as { sum: number }).sum).to.equal(5);
      const bad = await invoker.call(action, { a: "two", b: 3 });
      expect(bad.ok).to.equal(false);
      expect(Invoker.inputInvalid(bad)).to.equal(true);
      expect(Invoker.fieldErrors(bad).map((error) => error.field)).to.deep.equal(["a"]);
      expect(action.inputSchema).to.deep.include({ required: ["a", "b"] });
    });
  }

  it("a schema axn cannot read: the message the page prints", () => {
    const page = readFileSync(fileURLToPath(new URL("../../docs/schemas.md", import.meta.url)), "utf8");
    const printed = /```text\n(defineAxn\(Demo\.AddNumbers\)[^\n]*)\n```/.exec(page)?.[1];
    expect(() =>
      defineAxn({ name: "Demo.AddNumbers", expects: { a: v.number() as never }, call: () => undefined }),
    ).to.throw(TypeError, printed);
    expect(printed).to.be.a("string");
  });

  it("AddNumbers: the reflected input schema, as the page describes it", () => {
    const properties = (AddNumbers.inputSchema as { properties: Record<string, object> }).properties;
    expect(properties.b).to.include({ type: "integer", description: "The second addend" });
  });

  it("docs/adapter-authoring.md: the valibot probe schemas are read as valibot fields", () => {
    expect(
      [valibotProbes.string(), valibotProbes.positiveInt(), valibotProbes.unknown()].map(
        (schema) => readSchema(schema).label,
      ),
    ).to.deep.equal(["valibot", "valibot", "valibot"]);
    expect(readSchema(valibotProbes.positiveInt()).validate(0).ok).to.equal(false);
  });
});
