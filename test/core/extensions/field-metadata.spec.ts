/**
 * The public reader for registered field metadata (issue 16, item 21). The seed:
 * register_field_metadata_key "adds keys an author may pass on an expects/exposes/shape-member
 * declaration, which arrive on the field's metadata" — for the adapter that registered them, so
 * the read path must be public API, typed through the `FieldMetadataKeys` declaration merge.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, fieldMetadata, Factory, type FieldMetadata } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { freshKernel } from "../../support/fresh-kernel.js";
import { thrown } from "../../support/thrown.js";
import { parametersWithExamples } from "../../../docs/examples/snippets/field-metadata.js";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

/** Loads a host whose plugin registered `fncallExample` (the docs' fncall plugin declares its type). */
function hostWithExampleKey(): void {
  const host = createKernelHost();
  host.hooks.registerFieldMetadataKey.tap("axn-plugin-fncall", (keys) => keys.add("fncallExample"));
  host.freeze();
}

describe("fieldMetadata: registered field metadata keys, read by adapters", () => {
  freshKernel();

  const define = () =>
    defineAxn({
      name: "Meta.LookupInvoice",
      expects: {
        number: { schema: z.string(), fncallExample: "INV-7" },
        note: z.string().optional(),
        userId: { schema: z.string(), on: "ambientContext", fncallExample: "cus_1" },
      },
      exposes: { total: { schema: z.number(), fncallExample: "42" } },
      call: () => ({ total: 1 }),
    });

  it("arrives on the field's metadata: one field, or every declared field of a direction", () => {
    hostWithExampleKey();
    const Lookup = define();
    expect(fieldMetadata(Lookup, "expects", "number")).to.deep.equal({ fncallExample: "INV-7" });
    expect(fieldMetadata(Lookup, "expects", "note")).to.deep.equal({});
    expect(fieldMetadata(Lookup, "exposes", "total")).to.deep.equal({ fncallExample: "42" });
    // Ambient fields and subfields carry theirs too, though the input schema omits them.
    const all = fieldMetadata(Lookup, "expects");
    expect(Object.keys(all)).to.deep.equal(["number", "note", "userId"]);
    expect(all["userId"]).to.deep.equal({ fncallExample: "cus_1" });
    // A name that is not a field reads as absent, not as something inherited from Object.prototype.
    expect(all["toString"]).to.equal(undefined);
  });

  it("is read-only: an adapter cannot change what every other adapter reads", () => {
    hostWithExampleKey();
    const Lookup = define();
    expect(Object.isFrozen(fieldMetadata(Lookup, "expects", "number"))).to.equal(true);
    expect(Object.isFrozen(fieldMetadata(Lookup, "expects"))).to.equal(true);
    expect(fieldMetadata(Lookup, "expects")).to.equal(fieldMetadata(Lookup, "expects"));
  });

  it("is typed through FieldMetadataKeys, field names included", () => {
    hostWithExampleKey();
    const Lookup = define();
    const one = fieldMetadata(Lookup, "expects", "number");
    assertType<Equal<typeof one, FieldMetadata>>();
    assertType<Equal<typeof one.fncallExample, string | undefined>>();
    const every = fieldMetadata(Lookup, "expects");
    assertType<Equal<keyof typeof every, "number" | "note" | "userId">>();
    // @ts-expect-error — "numbr" is not an expects field of this action
    expect(() => fieldMetadata(Lookup, "expects", "numbr")).to.throw(TypeError);
  });

  it("a field that is not declared is a TypeError naming the action, with a did-you-mean", () => {
    hostWithExampleKey();
    const Lookup = define();
    const read = fieldMetadata as (action: unknown, direction: string, field?: string) => unknown;
    const typo = thrown(() => read(Lookup, "expects", "numbr"));
    expect(typo).to.be.instanceOf(TypeError);
    expect(typo.message).to.equal(
      'fieldMetadata(Meta.LookupInvoice): "numbr" is not an expects field; did you mean "number"? Declared expects fields: number, note, userId',
    );
    expect(thrown(() => read(Lookup, "exposes", "number")).message).to.equal(
      'fieldMetadata(Meta.LookupInvoice): "number" is not an exposes field; declared exposes fields: total',
    );
    expect(thrown(() => read(Lookup, "inputs", "number")).message).to.equal(
      'fieldMetadata(Meta.LookupInvoice): direction must be "expects" or "exposes", got "inputs"',
    );
    expect(thrown(() => read({ name: "x" }, "expects")).message).to.equal(
      "fieldMetadata: expected an action (from defineAxn or Factory.build), got an object",
    );
  });

  it("works on factory-built actions", () => {
    hostWithExampleKey();
    const Inline = Factory.build(
      { name: "inline", expects: { q: { schema: z.string(), fncallExample: "rr" } } },
      () => undefined,
    );
    expect(fieldMetadata(Inline, "expects", "q")).to.deep.equal({ fncallExample: "rr" });
  });

  it("the docs snippet publishes a registered key as JSON Schema examples", () => {
    hostWithExampleKey();
    const Lookup = define();
    expect(parametersWithExamples(Lookup)).to.deep.equal({
      ...Lookup.inputSchema,
      properties: {
        number: { type: "string", examples: ["INV-7"] },
        note: { type: "string" },
      },
    });
    expect(Lookup.inputSchema.properties).to.deep.equal({ number: { type: "string" }, note: { type: "string" } });
  });
});
