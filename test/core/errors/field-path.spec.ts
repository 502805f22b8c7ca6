/**
 * One way to write a field path, wherever a message names where something is: a schema's
 * violation, a wire value the Invoker refuses, a value render cannot render.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { Invoker, UnserializableValue, defineAxn, render } from "@axn/core";
import { appendPath, fieldPath } from "@axn/core/internal";
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
    expect(Invoker.fieldErrors(infinite)).to.deep.equal([
      { field: 'obj["b c"]', message: 'obj["b c"]: must be a finite number' },
    ]);
    const result = await Totals.call({ obj: {} });
    expect(() => render(result)).to.throw(UnserializableValue, 'Cannot render out["b c"]: non-finite number (NaN)');
  });
});

describe("field paths: every segment quoted the same way, the field itself included", () => {
  freshKernel();

  it('names a top-level field "a.b" apart from field a\'s key b', async () => {
    const Ambiguous = defineAxn({
      name: "FieldPath.Ambiguous",
      expects: { "a.b": z.number(), a: z.object({ b: z.number() }) },
      exposes: { "c d": z.unknown(), c: z.unknown() },
      call: () => ({ "c d": Number.NaN, c: { d: 1 } }),
    });
    const rejected = await new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true }).call(Ambiguous, {
      "a.b": "x",
      a: { b: "y" },
      "e f": 1,
    });
    expect(Invoker.fieldErrors(rejected)).to.deep.equal([
      { field: '["a.b"]', message: '["a.b"]: Expected number, received string' },
      { field: "a.b", message: "a.b: Expected number, received string" },
      { field: '["e f"]', message: 'unknown input: ["e f"]' },
    ]);
    const infinite = await new Invoker({ userFacingInputErrors: true }).call(Ambiguous, {
      "a.b": Number.POSITIVE_INFINITY,
      a: { b: 1 },
    });
    expect(Invoker.fieldErrors(infinite)).to.deep.equal([
      { field: '["a.b"]', message: '["a.b"]: must be a finite number' },
    ]);
    const result = await Ambiguous.call({ "a.b": 1, a: { b: 1 } });
    expect(() => render(result)).to.throw(UnserializableValue, 'Cannot render ["c d"]: non-finite number (NaN)');
  });

  it("writes a field name that is an identifier bare, any other quoted and bounded", () => {
    expect(fieldPath("limit")).to.equal("limit");
    expect(fieldPath("a.b")).to.equal('["a.b"]');
    expect(fieldPath("")).to.equal('[""]');
    expect(fieldPath(`${"z".repeat(150)} `)).to.equal(`["${"z".repeat(100)}…"]`);
  });
});
