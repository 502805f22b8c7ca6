/**
 * A field named `__proto__` (issue 30, item 3). Decided: refused at definition. Assigned as a
 * property it sets an object's prototype instead of a value — the body's input never had it, and
 * as an expose `render` threw a raw TypeError — and every object the name keys on the way (each
 * transport's own parsing of the arguments included) would have to avoid plain assignment. The
 * seed's error boundary: DSL misuse stays a plain TypeError, outside the brand; it carries the
 * stable code `AXN_RESERVED_FIELD_NAME`, as an unknown adapter key carries its own. Every other
 * `Object.prototype` name is an ordinary field (test/e2e/prototype-names.spec.ts).
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn, Factory, isAxnError } from "@axn/core";
import { thrown } from "../../support/thrown.js";

const refusal = (action: string, direction: string, consequence: string): string =>
  `defineAxn(${action}): ${direction} field "__proto__" has a reserved name: assigned as a property it sets an object's ` +
  `prototype instead of a value, so the ${consequence}; rename the field`;

describe("defineAxn: a field named __proto__ is refused where the mistake is made", () => {
  it("refuses an expects field named __proto__ with a coded TypeError", () => {
    const error = thrown(() =>
      defineAxn({ name: "ProtoField.In", expects: { ["__proto__"]: z.number() }, call: () => undefined }),
    );
    expect(error).to.be.instanceOf(TypeError);
    expect(isAxnError(error)).to.equal(false);
    expect(error.code).to.equal("AXN_RESERVED_FIELD_NAME");
    expect(error.message).to.equal(refusal("ProtoField.In", "expects", "body would never receive it"));
  });

  it("refuses an exposes field named __proto__, and in Factory.build", () => {
    expect(() =>
      defineAxn({ name: "ProtoField.Out", exposes: { ["__proto__"]: z.number() }, call: () => undefined }),
    ).to.throw(TypeError, refusal("ProtoField.Out", "exposes", "result could not carry it"));
    expect(() =>
      Factory.build({ name: "ProtoField.Inline", expects: { ["__proto__"]: z.string() } }, () => undefined),
    ).to.throw(TypeError, refusal("ProtoField.Inline", "expects", "body would never receive it"));
  });
});
