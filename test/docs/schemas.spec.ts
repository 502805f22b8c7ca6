/**
 * docs/schemas.md's examples: the same action in zod 4, valibot and ArkType infers the same
 * arguments, coerces the same wire strings, and answers a bad value with a field error.
 */
import { expect } from "chai";
import { Invoker, type ArgsOf } from "@axn/core";
import { AddNumbers, AddWithArkType, AddWithValibot } from "../../docs/examples/snippets/schema-kinds.js";

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

  it("AddNumbers: the reflected input schema, as the page describes it", () => {
    const properties = (AddNumbers.inputSchema as { properties: Record<string, object> }).properties;
    expect(properties.b).to.include({ type: "integer", description: "The second addend" });
  });
});
