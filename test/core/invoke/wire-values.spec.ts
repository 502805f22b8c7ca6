/**
 * The Invoker's wire check (core/src/invoke/wire-values.ts): an argument that passed its schema but
 * that no JSON text could have meant is refused by field, before the body runs. Each leaf kind is
 * pinned on both sides of the line — a top-level string with a lone surrogate, a top-level
 * non-finite number, the same inside an object, and the clean leaves that pass — through the
 * action's generated common-case check (runtime/plan.ts `argsCheck`) and the full pass after it.
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn, Invoker } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("the Invoker's wire check on each kind of argument", () => {
  captureReports();
  const invoker = new Invoker({ userFacingInputErrors: true });
  let ran = 0;
  const Echo = defineAxn({
    name: "WireValues.Echo",
    expects: {
      text: { schema: z.string(), optional: true },
      secret: { schema: z.string(), optional: true, sensitive: true },
      anything: { schema: z.unknown(), optional: true },
      flag: { schema: z.boolean(), optional: true },
      nothing: { schema: z.null(), optional: true },
    },
    exposes: { seen: z.array(z.string()) },
    call: (input) => {
      ran++;
      return { seen: Object.keys(input).sort() };
    },
  });

  const refusal = async (args: Record<string, unknown>) => {
    const before = ran;
    const result = await invoker.call(Echo, args);
    expect(ran, "the body ran").to.equal(before);
    expect(Invoker.inputInvalid(result)).to.equal(true);
    return Invoker.fieldErrors(result);
  };

  it("passes clean leaves of every kind: well-formed strings (a surrogate pair too), finite numbers, booleans, null", async () => {
    const result = await invoker.call(Echo, {
      text: "caf\u00e9 \uD83D\uDE00",
      anything: -0.5,
      flag: false,
      nothing: null,
    });
    expect(result.ok, result.error).to.equal(true);
    expect(result.exposedValues).to.deep.equal({ seen: ["anything", "flag", "nothing", "text"] });
  });

  it("refuses a top-level string with a lone surrogate", async () => {
    expect(await refusal({ text: "ab\uD800" })).to.deep.equal([
      { field: "text", message: "text: contains an unpaired surrogate (not valid UTF-8)" },
    ]);
    expect(await refusal({ text: "\uDC00" })).to.deep.equal([
      { field: "text", message: "text: contains an unpaired surrogate (not valid UTF-8)" },
    ]);
  });

  it("refuses a top-level non-finite number", async () => {
    for (const value of [Infinity, -Infinity, Number.NaN])
      expect(await refusal({ anything: value })).to.deep.equal([
        { field: "anything", message: "anything: must be a finite number" },
      ]);
  });

  it("refuses the same inside an object, by its path, and a key with a lone surrogate", async () => {
    expect(await refusal({ anything: { list: [1, "x\uD800"] } })).to.deep.equal([
      { field: "anything.list[1]", message: "anything.list[1]: contains an unpaired surrogate (not valid UTF-8)" },
    ]);
    expect(await refusal({ anything: { "k\uD800": 1 } })).to.deep.equal([
      { field: "anything", message: "anything: has a key with an unpaired surrogate (not valid UTF-8)" },
    ]);
  });

  it("words a sensitive field's problem without its detail", async () => {
    expect(await refusal({ secret: "pw\uD800" })).to.deep.equal([{ field: "secret", message: "secret: is invalid" }]);
  });
});
