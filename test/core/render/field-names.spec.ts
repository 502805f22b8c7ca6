/**
 * Issue 16, item 20. The seed (Value serialization): "a declared field name is canonicalized to
 * UTF-8 exactly the way a Hash key is … axn now rejects that pair when the class is defined". A JS
 * field name with a lone surrogate has no UTF-8 form at all, so it can never become a JSON property
 * (in a schema, a tool call's arguments or a rendered body): `defineAxn` refuses it, naming the
 * action and the field (escaped, so the message itself is printable), as it refuses any other
 * declaration mistake — a plain `TypeError`.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Factory, render } from "@axn/core";

const message = (action: string, escaped: string, direction: string): string =>
  `defineAxn(${action}): ${direction} field name "${escaped}" has no UTF-8 form (a lone surrogate); a field name becomes a JSON property name`;

describe("defineAxn: a declared field name must have a UTF-8 form", () => {
  it("refuses an expects field name with a lone surrogate, naming the action and the escaped name", () => {
    expect(() =>
      defineAxn({ name: "Odd.Expects", expects: { "a\ud800": z.string() }, call: () => undefined }),
    ).to.throw(TypeError, message("Odd.Expects", "a\\ud800", "expects"));
  });

  it("refuses an exposes field name, a lone low surrogate, and one declared with options", () => {
    expect(() =>
      defineAxn({ name: "Odd.Exposes", exposes: { "\udc00total": z.number() }, call: () => undefined }),
    ).to.throw(TypeError, message("Odd.Exposes", "\\udc00total", "exposes"));
    expect(() =>
      defineAxn({
        name: "Odd.Options",
        expects: { "x\udbff": { schema: z.string(), optional: true } },
        call: () => undefined,
      }),
    ).to.throw(TypeError, message("Odd.Options", "x\\udbff", "expects"));
  });

  it("refuses it through Factory.build as well", () => {
    expect(() =>
      Factory.build({ name: "Odd.Factory", exposes: { "\ud83d": z.string() } }, () => ({ "\ud83d": "x" })),
    ).to.throw(TypeError, message("Odd.Factory", "\\ud83d", "exposes"));
  });

  it("accepts any well-formed name, astral characters included, and renders it", async () => {
    const Emoji = defineAxn({
      name: "Odd.Emoji",
      exposes: { "😀 score": z.number(), é: z.string() },
      call: () => ({ "😀 score": 1, é: "x" }),
    });
    expect(JSON.stringify(render(await Emoji.call({})))).to.equal('{"😀 score":1,"é":"x"}');
  });
});
