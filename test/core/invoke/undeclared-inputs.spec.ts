/**
 * tool-invoker.txt, "The profile knobs": `reject_undeclared_inputs:` makes an undeclared top-level
 * key "an inbound validation error instead of being silently dropped" — and whether an inbound
 * violation is user-facing is `user_facing_input_errors:`'s to decide, not this knob's. With that
 * gate off, an inbound violation reports to on_exception "as a developer-facing bug" and
 * `input_invalid?` is false.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, InboundValidationError, Invoker } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("Invoker: rejectUndeclaredInputs without userFacingInputErrors", () => {
  const reports = captureReports();
  const rejectOnly = new Invoker({ rejectUndeclaredInputs: true });
  const both = new Invoker({ rejectUndeclaredInputs: true, userFacingInputErrors: true });

  const Lookup = defineAxn({
    name: "UndeclaredInputs.Lookup",
    messages: { error: "Could not look it up" },
    expects: {
      query: z.string(),
      page: { schema: z.number().int(), optional: true, userFacing: true },
    },
    exposes: { query: z.string() },
    call: ({ query }) => ({ query }),
  });

  it("an undeclared key is a developer-facing inbound violation: reported, not inputInvalid", async () => {
    const result = await rejectOnly.call(Lookup, { query: "x", extra: 1 });
    expect(result.outcome).to.equal("exception");
    expect(result.error).to.equal("Could not look it up");
    expect(Invoker.inputInvalid(result)).to.equal(false);
    expect(result.exception).to.be.instanceOf(InboundValidationError);
    expect((result.exception as InboundValidationError).userFacing).to.equal(false);
    expect(Invoker.fieldErrors(result)).to.deep.equal([{ field: "extra", message: "unknown input: extra" }]);
    expect(reports).to.have.length(1);
    expect(reports[0]!.phase).to.equal("validation");
  });

  it("a userFacing: true field failing alongside an unknown key: the whole set is developer-facing, in one report", async () => {
    const result = await rejectOnly.call(Lookup, { query: "x", page: "two", extra: 1 });
    expect(result.outcome).to.equal("exception");
    expect(result.error).to.equal("Could not look it up");
    expect(Invoker.inputInvalid(result)).to.equal(false);
    expect(Invoker.fieldErrors(result)).to.deep.equal([
      { field: "page", message: "page: Expected number, received string" },
      { field: "extra", message: "unknown input: extra" },
    ]);
    expect(reports).to.have.length(1);
  });

  it("a userFacing: true field failing alone stays user-facing (the field's own choice)", async () => {
    const result = await rejectOnly.call(Lookup, { query: "x", page: "two" });
    expect(result.outcome).to.equal("failure");
    expect(result.error).to.equal("Could not look it up: page: Expected number, received string");
    expect(Invoker.inputInvalid(result)).to.equal(true);
    expect(reports).to.have.length(0);
  });

  it("with userFacingInputErrors on as well, the unknown key is the model's to correct", async () => {
    const result = await both.call(Lookup, { query: "x", extra: 1 });
    expect(result.outcome).to.equal("failure");
    expect(result.error).to.equal("Could not look it up: unknown input: extra");
    expect(Invoker.inputInvalid(result)).to.equal(true);
    expect(reports).to.have.length(0);
  });
});
