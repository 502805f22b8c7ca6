/**
 * tool-adapter-authoring.txt, "ambient_context": "ambient_context is filtered to declared keys …
 * an undeclared key is dropped, never leaked into the call."
 *
 * Inside an action (its hooks, its body, its callbacks) `Current.get()` shows only the ambient keys
 * that action declares. A nested call reads the same trusted source, filtered to *its* declared
 * keys: a tool composed of helper actions keeps working without re-declaring what its helpers need,
 * and no body ever sees a key it did not declare.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { Current, defineAxn, Invoker } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("Current.get() inside an action shows only its declared ambient keys", () => {
  captureReports();
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
  const trusted = { userId: "u1", tenant: "acme", secret: "s3cr3t" };

  const Peek = defineAxn({
    name: "CurrentVisibility.Peek",
    expects: { userId: { schema: z.string(), on: "ambientContext" } },
    exposes: { seen: z.record(z.unknown()) },
    call: () => ({ seen: Current.get() }),
  });

  it("in an invoked body: the undeclared keys of the trusted table never appear", async () => {
    const result = await invoker.call(Peek, {}, { ambientContext: trusted });
    expect(result.ok, result.error).to.equal(true);
    expect(result.seen).to.deep.equal({ userId: "u1" });
  });

  it("in a direct call's body, with an explicit context or one from Current.run", async () => {
    expect((await Peek.call({}, { ambientContext: trusted })).seen).to.deep.equal({ userId: "u1" });
    await Current.run(trusted, async () => {
      expect((await Peek.call({})).seen).to.deep.equal({ userId: "u1" });
      // Outside any action, the scope's own table is whole: it is the app's, not a call's.
      expect(Current.get()).to.deep.equal(trusted);
    });
  });

  it("an action declaring no ambient field sees none", async () => {
    const Blind = defineAxn({
      name: "CurrentVisibility.Blind",
      exposes: { seen: z.record(z.unknown()) },
      call: () => ({ seen: Current.get() }),
    });
    expect((await invoker.call(Blind, {}, { ambientContext: trusted })).seen).to.deep.equal({});
    expect((await Current.run(trusted, () => Blind.call({}))).seen).to.deep.equal({});
  });

  it("hooks and callbacks see what the body sees", async () => {
    const seen: Record<string, unknown>[] = [];
    const Hooked = defineAxn({
      name: "CurrentVisibility.Hooked",
      expects: { tenant: { schema: z.string(), on: "ambientContext" } },
      hooks: { before: () => void seen.push(Current.get()), after: () => void seen.push(Current.get()) },
      onSuccess: () => void seen.push(Current.get()),
      call: () => void seen.push(Current.get()),
    });
    await invoker.call(Hooked, {}, { ambientContext: trusted });
    expect(seen).to.deep.equal([{ tenant: "acme" }, { tenant: "acme" }, { tenant: "acme" }, { tenant: "acme" }]);
  });

  it("a nested call inherits the values it declares, and each body sees only its own", async () => {
    const TenantOf = defineAxn({
      name: "CurrentVisibility.TenantOf",
      expects: { tenant: { schema: z.string(), on: "ambientContext" } },
      exposes: { tenant: z.string(), seen: z.record(z.unknown()) },
      call: ({ tenant }) => ({ tenant, seen: Current.get() }),
    });
    const Outer = defineAxn({
      name: "CurrentVisibility.Outer",
      expects: { userId: { schema: z.string(), on: "ambientContext" } },
      exposes: {
        outerSeen: z.record(z.unknown()),
        innerTenant: z.string(),
        innerSeen: z.record(z.unknown()),
        afterSeen: z.record(z.unknown()),
      },
      call: async () => {
        const outerSeen = Current.get();
        const inner = await TenantOf.callOrThrow({});
        return { outerSeen, innerTenant: inner.tenant, innerSeen: inner.seen, afterSeen: Current.get() };
      },
    });
    const result = await invoker.call(Outer, {}, { ambientContext: trusted });
    expect(result.ok, result.error).to.equal(true);
    expect(result.exposed).to.deep.equal({
      outerSeen: { userId: "u1" },
      innerTenant: "acme",
      innerSeen: { tenant: "acme" },
      afterSeen: { userId: "u1" },
    });
  });

  it("a body's own Current.run is the body's table: shown whole, and what nested calls resolve from", async () => {
    const TenantOf = defineAxn({
      name: "CurrentVisibility.TenantOfScoped",
      expects: { tenant: { schema: z.string(), on: "ambientContext" } },
      exposes: { tenant: z.string() },
      call: ({ tenant }) => ({ tenant }),
    });
    const Scoping = defineAxn({
      name: "CurrentVisibility.Scoping",
      expects: { userId: { schema: z.string(), on: "ambientContext" } },
      exposes: { inScope: z.record(z.unknown()), tenant: z.string() },
      call: ({ userId }) =>
        Current.run({ userId, tenant: "beta" }, async () => ({
          inScope: Current.get(),
          tenant: (await TenantOf.callOrThrow({})).tenant,
        })),
    });
    const result = await invoker.call(Scoping, {}, { ambientContext: trusted });
    expect(result.exposed).to.deep.equal({ inScope: { userId: "u1", tenant: "beta" }, tenant: "beta" });
  });

  it("a hash-like source is filtered the same way", async () => {
    const lookup = { has: (key: string) => key in trusted, get: (key: string) => trusted[key as keyof typeof trusted] };
    expect((await invoker.call(Peek, {}, { ambientContext: lookup })).seen).to.deep.equal({ userId: "u1" });
  });
});
