/**
 * A side whose fields are all zod 4 is validated as one compiled object (core/src/action/run/
 * validate.ts, core/src/schema/zod4/object.ts); a refusal is then made field by field. Pinned here:
 * that path resolves exactly what the per-field one does — optional fields left out (absent, or a
 * null their schema refuses), defaults (the schema's and the field's, each made once a call), wire
 * coercion, a field's own `validate`, undeclared keys — and that a refusal names every field, in
 * order, with the per-field messages and paths.
 */
import { expect } from "chai";
import { defineAxn, InboundValidationError, Invoker, OutboundValidationError } from "@axn/core";
import { z } from "zod";
import { captureReports } from "../../support/reports.js";

describe("action runtime: a side of zod 4 fields validated as one object", () => {
  captureReports();
  let made = 0;
  const Order = defineAxn({
    name: "ObjectValidation.Order",
    expects: {
      id: z.string().min(2),
      qty: { schema: z.number().int(), default: () => ++made },
      note: { schema: z.string(), optional: true },
      tags: z.array(z.string()).default([]),
      address: z.object({ zip: z.string().regex(/^\d{5}$/) }).optional(),
      even: { schema: z.number().int().optional(), validate: (n: number | undefined) => (n === undefined || n % 2 === 0 ? undefined : "must be even") },
    },
    exposes: { id: z.string(), qty: z.number(), label: z.string().default("none"), extra: z.string().optional() },
    call: (input) => {
      seen.push(input);
      return { id: input.id, qty: input.qty };
    },
  });
  const seen: unknown[] = [];
  beforeEach(() => {
    seen.length = 0;
    made = 0;
  });

  it("resolves defaults once, leaves optional fields out, and fills exposed defaults", async () => {
    const result = await Order.call({ id: "ab", note: null as unknown as string });
    expect(result.ok).to.equal(true);
    expect(seen).to.deep.equal([{ id: "ab", qty: 1, tags: [] }]);
    expect(made).to.equal(1);
    expect({ ...result.exposed }).to.deep.equal({ id: "ab", qty: 1, label: "none" });
  });

  it("through the Invoker: wire strings coerced, an undeclared key refused by name", async () => {
    const ok = await new Invoker().call(Order, { id: "ab", qty: "3", even: "4" });
    expect(ok.ok).to.equal(true);
    expect(seen).to.deep.equal([{ id: "ab", qty: 3, tags: [], even: 4 }]);
    const refused = await new Invoker({ rejectUndeclaredInputs: true, userFacingInputErrors: true }).call(Order, { id: "ab", other: 1 });
    expect(refused.ok).to.equal(false);
    expect(refused.error).to.include("unknown input: other");
    expect(seen).to.have.length(1);
  });

  it("a refusal names every violation in field order, with nested paths and a field's own message", async () => {
    const result = await Order.call({ id: "a", qty: 1.5, address: { zip: "x" }, even: 3 });
    expect(result.exception).to.be.instanceOf(InboundValidationError);
    expect((result.exception as InboundValidationError).fieldErrors).to.deep.equal([
      { field: "id", message: "id: Too small: expected string to have >=2 characters" },
      { field: "qty", message: "qty: Invalid input: expected int, received number" },
      { field: "address.zip", message: "address.zip: Invalid string: must match pattern /^\\d{5}$/" },
      { field: "even", message: "even: must be even" },
    ]);
    expect(seen).to.have.length(0);
  });

  it("a field's own validate refuses even when every schema passes", async () => {
    const result = await Order.call({ id: "ab", even: 5 });
    expect((result.exception as InboundValidationError).fieldErrors).to.deep.equal([{ field: "even", message: "even: must be even" }]);
  });

  it("an exposed value its schema refuses is an outbound violation naming the field", async () => {
    const Broken = defineAxn({
      name: "ObjectValidation.Broken",
      exposes: { count: z.number(), label: z.string() },
      call: () => ({ count: "three" as unknown as number, label: "x" }),
    });
    const result = await Broken.call({});
    expect(result.exception).to.be.instanceOf(OutboundValidationError);
    expect((result.exception as OutboundValidationError).fieldErrors).to.deep.equal([
      { field: "count", message: "count: Invalid input: expected number, received string" },
    ]);
  });
});
