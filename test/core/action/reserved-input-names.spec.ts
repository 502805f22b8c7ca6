/**
 * tool-invoker.txt, "ambient_context guard": "the Invoker strips any ambient_context key the model
 * tried to set before the call runs". A field of that name would be advertised to the model and
 * then stripped on every call — a tool that can never be called successfully. It is refused where
 * the mistake is made: at definition.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Factory } from "@axn/core";

const reserved = (action: string, field: string): string =>
  `defineAxn(${action}): expects field "${field}" has a reserved name: "ambientContext" and "ambient_context" are the ` +
  `trusted ambient-context channel, which the Invoker strips from tool arguments, so no tool call could ever supply ` +
  `it; rename the field (an ambient value is declared with on: "ambientContext")`;

describe("defineAxn: the ambient-context channel's names are reserved", () => {
  for (const name of ["ambientContext", "ambient_context"]) {
    it(`refuses an expects field named ${name}`, () => {
      expect(() =>
        defineAxn({ name: "ReservedNames.Arg", expects: { [name]: z.string() }, call: () => undefined }),
      ).to.throw(TypeError, reserved("ReservedNames.Arg", name));
    });
  }

  it("refuses it whatever the field's source (an ambient field, a subfield) and in Factory.build", () => {
    expect(() =>
      defineAxn({
        name: "ReservedNames.Ambient",
        expects: { ambientContext: { schema: z.string(), on: "ambientContext" } },
        call: () => undefined,
      }),
    ).to.throw(TypeError, reserved("ReservedNames.Ambient", "ambientContext"));
    expect(() =>
      defineAxn({
        name: "ReservedNames.Subfield",
        expects: {
          session: z.object({ ambient_context: z.string() }),
          ambient_context: { schema: z.string(), on: "session" },
        },
        call: () => undefined,
      }),
    ).to.throw(TypeError, reserved("ReservedNames.Subfield", "ambient_context"));
    expect(() =>
      Factory.build({ name: "ReservedNames.Inline", expects: { ambientContext: z.string() } }, () => undefined),
    ).to.throw(TypeError, reserved("ReservedNames.Inline", "ambientContext"));
  });

  it("an exposed field of that name is fine (nothing strips outputs)", () => {
    const Echo = defineAxn({
      name: "ReservedNames.Exposed",
      exposes: { ambientContext: z.string() },
      call: () => ({ ambientContext: "x" }),
    });
    expect(Echo.name).to.equal("ReservedNames.Exposed");
  });
});
