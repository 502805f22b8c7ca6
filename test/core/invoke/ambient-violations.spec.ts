/**
 * tool-invoker.txt, "Return value and detection": "Ambient (on: :ambient_context) failures stay
 * dev-facing even under user_facing_input_errors: … a missing or malformed ambient value is an
 * integration bug: it reports to on_exception and input_invalid? is false. When an ambient
 * violation co-occurs with a model-supplied one, the whole set settles dev-facing and reports (a
 * real bug always pages, with every co-occurring violation in one report)."
 *
 * A subfield read from an ambient parent is ambient too: its value came through the trusted
 * channel, never from the model (the input schema does not even offer it).
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, type InboundValidationError, Invoker } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("Invoker: ambient-ness is inherited by subfields", () => {
  const reports = captureReports();
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

  const TenantReport = defineAxn({
    name: "AmbientViolations.TenantReport",
    messages: { error: "Could not build the report" },
    expects: {
      month: z.string().regex(/^\d{4}-\d{2}$/),
      session: {
        schema: z.object({ org: z.object({ id: z.string() }).passthrough() }).passthrough(),
        on: "ambientContext",
      },
      tenant: { schema: z.string().min(3), on: "session" },
      org: { schema: z.object({ id: z.string(), plan: z.string() }), on: "session" },
      plan: { schema: z.enum(["free", "pro"]), on: "org" },
      id: { schema: z.string().uuid(), on: "session.org", userFacing: true },
    },
    exposes: { line: z.string() },
    call: ({ month, tenant, plan }) => ({ line: `${tenant}/${plan}/${month}` }),
  });

  const session = (over: Record<string, unknown> = {}) => ({
    org: { id: "3f2b8a4e-7c1d-4e9a-9b6f-2d8c5a1e0f34", plan: "pro" },
    tenant: "acme",
    ...over,
  });

  it("the input schema does not offer the subfields", () => {
    expect(Object.keys((TenantReport.inputSchema as { properties: object }).properties)).to.deep.equal(["month"]);
  });

  it("a subfield of an ambient parent that fails is an integration bug: developer-facing, reported, not inputInvalid", async () => {
    const result = await invoker.call(
      TenantReport,
      { month: "2026-07" },
      { ambientContext: { session: session({ tenant: "x" }) } },
    );
    expect(result.outcome).to.equal("exception");
    expect(result.error).to.equal("Could not build the report");
    expect(Invoker.inputInvalid(result)).to.equal(false);
    const exception = result.exception as InboundValidationError;
    expect(exception.involvesAmbient).to.equal(true);
    expect(exception.fieldErrors).to.deep.equal([
      { field: "tenant", message: "tenant: String must contain at least 3 character(s)" },
    ]);
    expect(reports).to.have.length(1);
  });

  it("inherited through every level (a subfield of a subfield, a dotted path), and whatever the field's userFacing says", async () => {
    const deep = await invoker.call(
      TenantReport,
      { month: "2026-07" },
      { ambientContext: { session: session({ org: { id: "nope", plan: "gold" } }) } },
    );
    expect(deep.outcome).to.equal("exception");
    expect(Invoker.inputInvalid(deep)).to.equal(false);
    expect(Invoker.fieldErrors(deep)).to.deep.equal([
      { field: "plan", message: "plan: Invalid enum value. Expected 'free' | 'pro', received 'gold'" },
      { field: "id", message: "id: Invalid uuid" },
    ]);
    expect(reports).to.have.length(1);
  });

  it("a missing subfield of an ambient parent is developer-facing too", async () => {
    const { tenant: _dropped, ...withoutTenant } = session();
    const result = await invoker.call(
      TenantReport,
      { month: "2026-07" },
      { ambientContext: { session: withoutTenant } },
    );
    expect(result.outcome).to.equal("exception");
    expect(Invoker.fieldErrors(result)).to.deep.equal([{ field: "tenant", message: "tenant: Required" }]);
  });

  it("with a model-supplied violation beside it, the whole set settles developer-facing, in one report", async () => {
    const result = await invoker.call(
      TenantReport,
      { month: "July" },
      { ambientContext: { session: session({ tenant: "x" }) } },
    );
    expect(result.outcome).to.equal("exception");
    expect(Invoker.inputInvalid(result)).to.equal(false);
    expect(Invoker.fieldErrors(result).map((e) => e.field)).to.deep.equal(["month", "tenant"]);
    expect(reports).to.have.length(1);
  });

  it("a subfield of a model-supplied argument stays the model's to correct", async () => {
    const Ship = defineAxn({
      name: "AmbientViolations.Ship",
      expects: { address: z.object({ zip: z.string() }), zip: { schema: z.string().regex(/^\d{5}$/), on: "address" } },
      call: () => undefined,
    });
    const result = await invoker.call(Ship, { address: { zip: "1" } });
    expect(result.outcome).to.equal("failure");
    expect(Invoker.inputInvalid(result)).to.equal(true);
    expect(result.error).to.equal("zip: Invalid");
    expect(reports).to.have.length(0);
  });
});

describe("Invoker: the violation cap never drops an ambient violation", () => {
  const reports = captureReports();
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

  const Import = defineAxn({
    name: "AmbientViolations.Import",
    messages: { error: "Could not import" },
    expects: {
      items: z.array(z.number()),
      userId: { schema: z.string(), on: "ambientContext" },
      session: { schema: z.object({}).passthrough(), on: "ambientContext", optional: true },
      tenant: { schema: z.string(), on: "session", optional: true },
    },
    call: () => undefined,
  });
  const thirtyBadItems = Array.from({ length: 30 }, (_, i) => `item-${i}`);

  it("30 bad items and a missing ambient value: the one report carries the ambient violation", async () => {
    const result = await invoker.call(Import, { items: thirtyBadItems }, { ambientContext: {} });
    expect(result.outcome).to.equal("exception");
    const fields = Invoker.fieldErrors(result).map((e) => e.field);
    expect(fields).to.deep.equal([...Array.from({ length: 20 }, (_, i) => `items[${i}]`), "userId", "(more)"]);
    expect(Invoker.fieldErrors(result).at(-1)).to.deep.equal({ field: "(more)", message: "and 10 more violations" });
    expect(Invoker.fieldErrors(result)).to.deep.include({ field: "userId", message: "userId: Required" });
    expect(reports).to.have.length(1);
    expect((reports[0]!.error as InboundValidationError).fieldErrors).to.deep.include({
      field: "userId",
      message: "userId: Required",
    });
  });

  it("every ambient violation is kept, a subfield of an ambient parent included", async () => {
    const result = await invoker.call(
      Import,
      { items: thirtyBadItems },
      { ambientContext: { session: { tenant: 7 } } },
    );
    const fields = Invoker.fieldErrors(result).map((e) => e.field);
    expect(fields.slice(20)).to.deep.equal(["userId", "tenant", "(more)"]);
  });

  it("model-supplied violations alone are still capped at 20", async () => {
    const result = await invoker.call(Import, { items: thirtyBadItems }, { ambientContext: { userId: "u1" } });
    expect(result.outcome).to.equal("failure");
    expect(Invoker.fieldErrors(result)).to.have.length(21);
    expect(Invoker.fieldErrors(result).at(-1)).to.deep.equal({ field: "(more)", message: "and 10 more violations" });
  });
});
