import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Factory, type InboundValidationError, Invoker } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("Invoker", () => {
  const reports = captureReports();
  const toolInvoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
  const plainInvoker = new Invoker();

  const ListCompanies = defineAxn({
    name: "AgentTools.ListCompanies",
    messages: { error: "Could not list companies" },
    expects: {
      limit: { schema: z.number().int(), optional: true },
      since: { schema: z.date(), optional: true },
      active: { schema: z.boolean(), optional: true },
      sort: { schema: z.enum(["name", "size"]), default: "name" },
      raw: { schema: z.number(), optional: true, coerce: false },
      userId: { schema: z.string(), on: "ambientContext" },
    },
    exposes: {
      limit: z.number().optional(),
      since: z.string().optional(),
      active: z.boolean().optional(),
      sort: z.string(),
      userId: z.string(),
    },
    call: ({ limit, since, active, sort, userId }) => ({
      ...(limit === undefined ? {} : { limit }),
      ...(since === undefined ? {} : { since: since.toISOString().slice(0, 10) }),
      ...(active === undefined ? {} : { active }),
      sort,
      userId,
    }),
  });

  it("always coerces wire strings for coercible field types", async () => {
    const result = await toolInvoker.call(
      ListCompanies,
      { limit: "25", since: "2026-07-08", active: "true" },
      { ambientContext: { userId: "u1" } },
    );
    expect(result.ok, result.error).to.equal(true);
    expect(result.exposed).to.deep.include({ limit: 25, since: "2026-07-08", active: true, sort: "name" });
  });

  it("a field's own coerce: false still governs", async () => {
    const result = await toolInvoker.call(ListCompanies, { raw: "3" }, { ambientContext: { userId: "u1" } });
    expect(result.ok).to.equal(false);
    expect(result.error).to.equal("Could not list companies: raw: Expected number, received string");
  });

  it("a direct call does not coerce (the Invoker's coercion is per call)", async () => {
    const result = await ListCompanies.call({ limit: "25" as unknown as number }, { ambientContext: { userId: "u1" } });
    expect(result.outcome).to.equal("exception");
  });

  it("userFacingInputErrors: inbound violations are non-reported user-facing failures with field errors", async () => {
    const result = await toolInvoker.call(
      ListCompanies,
      { limit: "many", sort: "age" },
      { ambientContext: { userId: "u1" } },
    );
    expect(result.outcome).to.equal("failure");
    expect(result.error).to.equal(
      "Could not list companies: limit: Expected number, received string; sort: Invalid enum value. Expected 'name' | 'size', received 'age'",
    );
    expect(Invoker.inputInvalid(result)).to.equal(true);
    expect((result.exception as InboundValidationError).fieldErrors).to.deep.equal([
      { field: "limit", message: "limit: Expected number, received string" },
      { field: "sort", message: "sort: Invalid enum value. Expected 'name' | 'size', received 'age'" },
    ]);
    expect(reports).to.have.length(0);
  });

  it("without the gate, the same violation is developer-facing and reported", async () => {
    const result = await plainInvoker.call(ListCompanies, { limit: "many" }, { ambientContext: { userId: "u1" } });
    expect(result.outcome).to.equal("exception");
    expect(result.error).to.equal("Could not list companies");
    expect(Invoker.inputInvalid(result)).to.equal(false);
    expect(reports).to.have.length(1);
  });

  it("rejectUndeclaredInputs: an undeclared top-level key is an inbound violation", async () => {
    const result = await toolInvoker.call(ListCompanies, { extra: 1 }, { ambientContext: { userId: "u1" } });
    expect(result.error).to.equal("Could not list companies: unknown input: extra");
    expect(Invoker.fieldErrors(result)).to.deep.equal([{ field: "extra", message: "unknown input: extra" }]);
  });

  it("without rejectUndeclaredInputs an undeclared key is silently dropped", async () => {
    const result = await plainInvoker.call(ListCompanies, { extra: 1 }, { ambientContext: { userId: "u1" } });
    expect(result.ok).to.equal(true);
  });

  it("strips model-supplied ambientContext / ambient_context and uses only the trusted one", async () => {
    for (const key of ["ambientContext", "ambient_context"]) {
      const result = await toolInvoker.call(
        ListCompanies,
        { [key]: { userId: "attacker" } },
        { ambientContext: { userId: "real" } },
      );
      expect(result.ok, result.error).to.equal(true);
      expect(result.userId).to.equal("real");
    }
  });

  it("ambient violations stay developer-facing, even mixed with model violations", async () => {
    const missing = await toolInvoker.call(ListCompanies, {}, { ambientContext: {} });
    expect(missing.outcome).to.equal("exception");
    expect(Invoker.inputInvalid(missing)).to.equal(false);
    const mixed = await toolInvoker.call(ListCompanies, { limit: "x" }, { ambientContext: {} });
    expect(mixed.outcome).to.equal("exception");
    expect(Invoker.fieldErrors(mixed).map((e) => e.field)).to.deep.equal(["limit", "userId"]);
    expect(reports).to.have.length(2);
  });

  it("per-call gates never reach nested calls", async () => {
    const Inner = defineAxn({
      name: "InnerStrict",
      expects: { n: z.number() },
      exposes: { n: z.number() },
      call: ({ n }) => ({ n }),
    });
    const Outer = defineAxn({
      name: "OuterTool",
      expects: { n: z.number() },
      exposes: { innerOutcome: z.string(), innerN: z.number().optional() },
      call: async ({ n }) => {
        // A string and an extra key: the nested direct call must neither coerce nor reject the key.
        const inner = await Inner.call({ n: String(n) as unknown as number, extra: true } as never);
        const ok = await Inner.call({ n, extra: true } as never);
        return { innerOutcome: inner.outcome, innerN: ok.n };
      },
    });
    const result = await toolInvoker.call(Outer, { n: "4" });
    expect(result.ok, result.error).to.equal(true);
    expect(result.outcome).to.equal("success");
    expect(result.exposed).to.deep.equal({ innerOutcome: "exception", innerN: 4 });
  });

  it("non-object arguments are an inbound violation", async () => {
    const result = await toolInvoker.call(ListCompanies, [1, 2], { ambientContext: { userId: "u" } });
    expect(result.error).to.equal("Could not list companies: arguments must be an object");
  });
});

describe("Factory.build", () => {
  it("builds an inline action whose return value is exposed under exposeReturnAs", async () => {
    const Search = Factory.build(
      {
        name: "search",
        description: "Search for items",
        expects: { query: z.string() },
        exposes: { results: z.array(z.string()) },
        exposeReturnAs: "results",
      },
      ({ query }) => ["apple", "banana"].filter((i) => i.includes(query)),
    );
    const result = await Search.call({ query: "an" });
    expect(result.results).to.deep.equal(["banana"]);
    expect(Search.description).to.equal("Search for items");
    expect(Search.toolName()).to.equal("search");
  });

  it("refuses an exposeReturnAs that is not declared", () => {
    expect(() => Factory.build({ name: "x", exposeReturnAs: "nope" as never }, () => 1)).to.throw(
      TypeError,
      'Factory.build(x): exposeReturnAs "nope" is not a declared exposes field',
    );
  });
});
