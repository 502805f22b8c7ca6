/**
 * One way to write a field path, wherever a message names where something is: a schema's
 * violation, a wire value the Invoker refuses, a value render cannot render.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { Invoker, UnserializableValue, defineAxn, render } from "@axn/core";
import { appendPath } from "@axn/core/internal";
import { freshKernel } from "../../support/fresh-kernel.js";

describe("field paths", () => {
  freshKernel();

  it("writes an index as [i], an identifier key as .key, any other key as a quoted bracket, bounded", () => {
    expect(appendPath(appendPath(appendPath("items", 2), "qty"), "b c")).to.equal('items[2].qty["b c"]');
    expect(appendPath("m", "x".repeat(150))).to.equal(`m.${"x".repeat(100)}…`);
    expect(appendPath("m", `${"y".repeat(150)} `)).to.equal(`m["${"y".repeat(100)}…"]`);
  });

  it("names the same key the same way in a schema violation, a wire refusal and a render refusal", async () => {
    const Totals = defineAxn({
      name: "FieldPath.Totals",
      expects: { obj: z.record(z.number()) },
      exposes: { out: z.record(z.unknown()) },
      call: ({ obj }) => ({ out: { ...obj, "b c": Number.NaN } }),
    });
    const invoker = new Invoker({ userFacingInputErrors: true });
    const rejected = await invoker.call(Totals, { obj: { "b c": "seven" } });
    expect(Invoker.fieldErrors(rejected).map((e) => e.field)).to.deep.equal(['obj["b c"]']);
    const infinite = await invoker.call(Totals, { obj: { "b c": Number.POSITIVE_INFINITY } });
    expect(Invoker.fieldErrors(infinite)).to.deep.equal([{ field: 'obj["b c"]', message: 'obj["b c"]: must be a finite number' }]);
    const result = await Totals.call({ obj: {} });
    expect(() => render(result)).to.throw(UnserializableValue, 'Cannot render out["b c"]: non-finite number (NaN)');
  });
});
