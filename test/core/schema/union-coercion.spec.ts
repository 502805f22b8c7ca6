/**
 * tool-invoker.txt: coercion is always on for a tool call, and a field's declared type governs
 * it. For a union the rule is (issue 30, item 6, decided and written in docs/schema-reflection.md):
 * a wire value some member accepts as it is stays as it is — `"5"` for `number | string` stays the
 * string the caller sent (a zip code `"007"` is not turned into 7); only a value no member takes
 * as it is is coerced, by the first member, in order, whose coerced value passes. The same for
 * every schema kind.
 */
import { expect } from "chai";
import { defineAxn, Invoker } from "@axn/core";
import { SCHEMA_KINDS } from "../../support/schema-kinds.js";
import { freshKernel } from "../../support/fresh-kernel.js";

describe("coercion of a union: a value a member accepts as it is stays as it is, else the first member in order whose coerced value passes", () => {
  freshKernel();
  const invoker = new Invoker({ userFacingInputErrors: true });

  for (const kind of SCHEMA_KINDS) {
    it(`${kind.name}: number | string keeps "5" a string; number | boolean makes it 5; boolean | number makes "1" true (the declared order)`, async () => {
      const echo = (name: string, schema: object) =>
        defineAxn({
          name: `UnionCoercion.${name}`,
          expects: { v: kind.field(schema) },
          call: ({ v }) => ({ v }),
          exposes: { v: kind.field(kind.union([kind.number(), kind.string(), kind.boolean()])) },
        });
      const numberOrString = echo("NumberOrString", kind.union([kind.number(), kind.string()]));
      const numberOrBoolean = echo("NumberOrBoolean", kind.union([kind.number(), kind.boolean()]));
      const booleanOrNumber = echo("BooleanOrNumber", kind.union([kind.boolean(), kind.number()]));
      expect((await invoker.call(numberOrString, { v: "5" })).exposed).to.deep.equal({ v: "5" });
      expect((await invoker.call(numberOrBoolean, { v: "5" })).exposed).to.deep.equal({ v: 5 });
      // ArkType keeps a union's branches in an order of its own (its unions are sets), so "in order" is ArkType's order.
      if (kind.name !== "ArkType")
        expect((await invoker.call(booleanOrNumber, { v: "1" })).exposed).to.deep.equal({ v: true });
      expect((await invoker.call(numberOrBoolean, { v: "1" })).exposed).to.deep.equal({ v: 1 });
    });
  }
});
