import { expect } from "chai";
import { inspect } from "node:util";
import { z } from "zod/v3";
import { configureAxn, defineAxn, type InboundValidationError } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("field options", () => {
  const reports = captureReports();
  afterEach(() => configureAxn({ coerceInputTypes: false }));

  it("sensitive values are redacted from inspect, toJSON and error messages", async () => {
    const Login = defineAxn({
      name: "Login",
      expects: { password: { schema: z.enum(["hunter2"]), sensitive: true, userFacing: true } },
      exposes: { token: { schema: z.string(), sensitive: true }, user: z.string() },
      call: () => ({ token: "tok-secret", user: "ada" }),
    });
    const ok = await Login.call({ password: "hunter2" });
    expect(ok.token).to.equal("tok-secret");
    expect(inspect(ok)).to.not.include("tok-secret");
    expect(inspect(ok)).to.include("[REDACTED]");
    expect(JSON.stringify(ok)).to.not.include("tok-secret");
    const bad = await Login.call({ password: "letmein" as never });
    expect(bad.error).to.equal("password: is invalid");
    expect(bad.error).to.not.include("letmein");
    expect((bad.exception as InboundValidationError).message).to.not.include("letmein");
  });

  it("coercion: off for direct calls, on per field, per action, or globally", async () => {
    const exposes = { n: z.number() };
    const Plain = defineAxn({ name: "CoercePlain", expects: { n: z.number() }, exposes, call: ({ n }) => ({ n }) });
    const PerField = defineAxn({
      name: "CoerceField",
      expects: { n: { schema: z.number(), coerce: true } },
      exposes,
      call: ({ n }) => ({ n }),
    });
    const PerAction = defineAxn({
      name: "CoerceAction",
      coerceInputTypes: true,
      expects: { n: z.number() },
      exposes,
      call: ({ n }) => ({ n }),
    });
    const OptOut = defineAxn({
      name: "CoerceOptOut",
      coerceInputTypes: true,
      expects: { n: { schema: z.number(), coerce: false } },
      exposes,
      call: ({ n }) => ({ n }),
    });
    const wire = { n: "42" as unknown as number };
    expect((await Plain.call(wire)).ok).to.equal(false);
    expect((await PerField.call(wire)).n).to.equal(42);
    expect((await PerAction.call(wire)).n).to.equal(42);
    expect((await OptOut.call(wire)).ok).to.equal(false);
    configureAxn({ coerceInputTypes: true });
    expect((await Plain.call(wire)).n).to.equal(42);
    expect((await OptOut.call(wire)).ok).to.equal(false);
    expect(reports.length).to.equal(3);
  });

  it("validate returns an error message after the schema passes", async () => {
    const Even = defineAxn({
      name: "Even",
      expects: {
        n: {
          schema: z.number().int(),
          validate: (n: number) => (n % 2 === 0 ? undefined : "must be even"),
          userFacing: true,
        },
      },
      call: () => undefined,
    });
    expect((await Even.call({ n: 2 })).ok).to.equal(true);
    expect((await Even.call({ n: 3 })).error).to.equal("n: must be even");
  });

  it("optional accepts a missing value and null; zod optionality is honoured too", async () => {
    const Opt = defineAxn({
      name: "Opt",
      expects: { a: { schema: z.string(), optional: true }, b: z.string().optional() },
      exposes: { seen: z.string() },
      call: ({ a, b }) => ({ seen: `${String(a)}|${String(b)}` }),
    });
    expect((await Opt.call({})).seen).to.equal("undefined|undefined");
    expect((await Opt.call({ a: null as never })).seen).to.equal("undefined|undefined");
    expect((await Opt.call({ a: "x", b: "y" })).seen).to.equal("x|y");
  });

  it("descriptions reach the JSON Schema; ambient fields never appear", () => {
    const A = defineAxn({
      name: "Described",
      description: "Does a thing",
      expects: {
        q: { schema: z.string(), description: "The query" },
        user: { schema: z.string(), on: "ambientContext" },
      },
      call: () => undefined,
    });
    expect(A.inputSchema).to.deep.equal({
      type: "object",
      properties: { q: { type: "string", description: "The query" } },
      required: ["q"],
      additionalProperties: false,
    });
    expect(A.outputSchema).to.equal(undefined);
    expect(A.description).to.equal("Does a thing");
  });

  it("the input schema is computed once and cannot be mutated by an adapter", () => {
    const A = defineAxn({ name: "Frozen", expects: { q: z.string() }, call: () => undefined });
    expect(A.inputSchema).to.equal(A.inputSchema);
    expect(Object.isFrozen(A.inputSchema)).to.equal(true);
    expect(Object.isFrozen((A.inputSchema as { properties: object }).properties)).to.equal(true);
    expect(Object.isFrozen(A)).to.equal(true);
  });
});
