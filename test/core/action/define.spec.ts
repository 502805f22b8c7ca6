import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Failure, InboundValidationError, OutboundValidationError, Result } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("defineAxn: calls and results", () => {
  const reports = captureReports();

  const Add = defineAxn({
    name: "Math.Add",
    expects: { a: z.number(), b: { schema: z.number(), default: 10 } },
    exposes: { sum: z.number() },
    call: ({ a, b }) => ({ sum: a + b }),
  });

  it("returns a typed successful result with the default success message", async () => {
    const result = await Add.call({ a: 1, b: 2 });
    expect(result.ok).to.equal(true);
    expect(result.outcome).to.equal("success");
    expect(result.sum).to.equal(3);
    expect(result.exposed.sum).to.equal(3);
    expect(result.success).to.equal("Action completed successfully");
    expect(result.message).to.equal("Action completed successfully");
    expect(result.error).to.equal(undefined);
    expect(result.exception).to.equal(undefined);
    expect(result.elapsedMs).to.be.a("number").and.at.least(0);
    expect(result).to.be.instanceOf(Result);
  });

  it("applies a default only when the value is missing (undefined or null)", async () => {
    expect((await Add.call({ a: 1 })).sum).to.equal(11);
    expect((await Add.call({ a: 1, b: null as unknown as number })).sum).to.equal(11);
    expect((await Add.call({ a: 1, b: 0 })).sum).to.equal(1);
  });

  it("re-evaluates function defaults on every call", async () => {
    let n = 0;
    const Counter = defineAxn({
      name: "Counter",
      expects: { at: { schema: z.number(), default: () => ++n } },
      exposes: { at: z.number() },
      call: ({ at }) => ({ at }),
    });
    expect((await Counter.call({})).at).to.equal(1);
    expect((await Counter.call({})).at).to.equal(2);
  });

  it("settles an inbound violation developer-facing: generic error, reported once, field errors kept", async () => {
    const result = await Add.call({ a: "1" as unknown as number });
    expect(result.ok).to.equal(false);
    expect(result.outcome).to.equal("exception");
    expect(result.error).to.equal("Something went wrong");
    expect(result.exception).to.be.instanceOf(InboundValidationError);
    expect((result.exception as InboundValidationError).fieldErrors).to.deep.equal([
      { field: "a", message: "a: Expected number, received string" },
    ]);
    expect(reports).to.have.length(1);
    expect(reports[0]!.action).to.equal("Math.Add");
  });

  it("a userFacing field makes its violation a failure whose reason is the field message", async () => {
    const Lookup = defineAxn({
      name: "Lookup",
      expects: { id: { schema: z.string().uuid(), userFacing: true } },
      messages: { error: "Lookup failed" },
      call: () => undefined,
    });
    const result = await Lookup.call({ id: "nope" });
    expect(result.outcome).to.equal("failure");
    expect(result.error).to.equal("Lookup failed: id: Invalid uuid");
    expect(reports).to.have.length(0);
  });

  it("names nested field paths", async () => {
    const Order = defineAxn({
      name: "Order",
      expects: { items: z.array(z.object({ qty: z.number().int() })) },
      call: () => undefined,
    });
    const result = await Order.call({ items: [{ qty: 1 }, { qty: 1 }, { qty: 1.5 }] });
    expect((result.exception as InboundValidationError).fieldErrors).to.deep.equal([
      { field: "items[2].qty", message: "items[2].qty: Expected integer, received float" },
    ]);
  });

  it("an outbound violation is always developer-facing", async () => {
    const Broken = defineAxn({
      name: "Broken",
      exposes: { count: z.number() },
      call: () => ({ count: "three" as unknown as number }),
    });
    const result = await Broken.call({});
    expect(result.outcome).to.equal("exception");
    expect(result.error).to.equal("Something went wrong");
    expect(result.exception).to.be.instanceOf(OutboundValidationError);
    expect(result.exception!.message).to.equal("count: Expected number, received string");
    expect(reports).to.have.length(1);
  });

  it("exposing an undeclared key is a developer error", async () => {
    const Leaky = defineAxn({
      name: "Leaky",
      exposes: { a: z.number() },
      call: (_i, ctx) => ctx.expose({ b: 1 } as never),
    });
    const result = await Leaky.call({});
    expect(result.outcome).to.equal("exception");
    expect(result.exception!.message).to.equal('Leaky does not declare exposed field "b"');
  });

  it("reading an undeclared exposed key throws", async () => {
    const result = await Add.call({ a: 1 });
    expect(() => (result.exposed as Record<string, unknown>)["summ"]).to.throw(
      TypeError,
      'Math.Add does not expose "summ"',
    );
  });

  it("never throws for an exception in the body; callOrThrow rethrows the original", async () => {
    const boom = new RangeError("kaboom");
    const Boom = defineAxn({
      name: "Boom",
      call: () => {
        throw boom;
      },
    });
    const result = await Boom.call({});
    expect(result.outcome).to.equal("exception");
    expect(result.error).to.equal("Something went wrong");
    expect(result.exception).to.equal(boom);
    let caught: unknown;
    try {
      await Boom.callOrThrow({});
    } catch (e) {
      caught = e;
    }
    expect(caught).to.equal(boom);
  });

  it("callOrThrow throws Failure whose message equals result.error", async () => {
    const Charge = defineAxn({
      name: "Charge",
      messages: { error: "Charge failed" },
      call: (_i, ctx) => ctx.fail("card declined"),
    });
    const result = await Charge.call({});
    expect(result.error).to.equal("Charge failed: card declined");
    let caught: unknown;
    try {
      await Charge.callOrThrow({});
    } catch (e) {
      caught = e;
    }
    expect(caught).to.be.instanceOf(Failure);
    expect((caught as Failure).message).to.equal("Charge failed: card declined");
    expect(reports).to.have.length(0);
  });

  it("callOrThrow resolves the result on success", async () => {
    const result = await Add.callOrThrow({ a: 2, b: 2 });
    expect(result.sum).to.equal(4);
  });

  it("done() ends early as a success with its message", async () => {
    const Sync = defineAxn({
      name: "Sync",
      exposes: { changed: z.boolean() },
      call: (_i, ctx) => {
        ctx.expose({ changed: false });
        ctx.done("Nothing to sync");
      },
    });
    const result = await Sync.call({});
    expect(result.ok).to.equal(true);
    expect(result.success).to.equal("Nothing to sync");
    expect(result.changed).to.equal(false);
  });

  it("Result.ok / Result.error build results for tests", () => {
    const ok = Result.ok({ n: 1 }, { message: "fine" });
    expect(ok.ok).to.equal(true);
    expect(ok.n).to.equal(1);
    expect(ok.message).to.equal("fine");
    const err = Result.error("nope");
    expect(err.ok).to.equal(false);
    expect(err.error).to.equal("nope");
    expect(err.outcome).to.equal("failure");
  });
});

describe("defineAxn: declaration mistakes are TypeErrors naming the action and field", () => {
  const cases: [string, () => unknown, string][] = [
    [
      "unknown field option",
      () =>
        defineAxn({
          name: "A1",
          expects: { x: { schema: z.string(), sensitiv: true } as never },
          call: () => undefined,
        }),
      'defineAxn(A1): unknown option "sensitiv" on field "x"',
    ],
    [
      "sensitive: 42",
      () =>
        defineAxn({
          name: "A2",
          expects: { x: { schema: z.string(), sensitive: 42 as never } },
          call: () => undefined,
        }),
      'defineAxn(A2): option "sensitive" on field "x" must be a boolean, got number',
    ],
    [
      "bad on",
      () => defineAxn({ name: "A3", expects: { x: { schema: z.string(), on: "nowhere" } }, call: () => undefined }),
      'defineAxn(A3): field "x" is declared on "nowhere", but "nowhere" is not another expects field',
    ],
    [
      "on on exposes",
      () =>
        defineAxn({ name: "A4", exposes: { x: { schema: z.string(), on: "ambientContext" } }, call: () => undefined }),
      'defineAxn(A4): option "on" is only valid on expects (field "x")',
    ],
    [
      "not a schema",
      () => defineAxn({ name: "A5", expects: { x: "string" as never }, call: () => undefined }),
      'defineAxn(A5): field "x" must be a schema or { schema, ...options }, got a string. Supported schemas: zod 4 (≥ 4.2, and zod/mini), zod 3.25 (the v3 API), zod/v4 from zod 3.25, or a Standard Schema that implements Standard JSON Schema (valibot through toStandardJsonSchema from @valibot/to-json-schema, ArkType 2)',
    ],
    [
      "reserved expose",
      () => defineAxn({ name: "A6", exposes: { ok: z.boolean() }, call: () => undefined }),
      'defineAxn(A6): cannot expose "ok": the name is reserved by Result',
    ],
    [
      "unknown definition option",
      () => defineAxn({ name: "A7", call: () => undefined, colour: 1 } as never),
      'defineAxn(A7): unknown option "colour"',
    ],
    [
      "join on a reason",
      () =>
        defineAxn({
          name: "A8",
          messages: { errors: [{ when: RangeError, message: "x", join: " - " } as never] },
          call: () => undefined,
        }),
      "defineAxn(A8): messages.errors[0]: join is only valid on the base message",
    ],
    [
      "tool false with a grant",
      () => defineAxn({ name: "A9", tool: false, configure: { mcp: {} }, call: () => undefined }),
      "defineAxn(A9): tool: false opts out of every adapter and cannot be combined with adapter grants or configure bags",
    ],
    [
      "toolVersion 0",
      () => defineAxn({ name: "A10", toolVersion: 0, call: () => undefined }),
      "defineAxn(A10): toolVersion must be an integer >= 1, got 0",
    ],
    [
      "blank name",
      () => defineAxn({ name: " ", call: () => undefined }),
      "defineAxn: `name` must be a non-empty string",
    ],
  ];
  for (const [label, define, message] of cases) {
    it(label, () => {
      expect(define).to.throw(TypeError, message);
    });
  }
});

describe("the body context", () => {
  it("can be destructured: expose, fail, done and log work without `this`", async () => {
    const logged: string[] = [];
    const { configureAxn } = await import("@axn/core");
    configureAxn({
      logger: {
        debug: () => undefined,
        info: (m: string) => void logged.push(m),
        warn: () => undefined,
        error: () => undefined,
      },
    });
    const Destructured = defineAxn({
      name: "Destructured",
      expects: { mode: z.enum(["expose", "fail", "done"]) },
      exposes: { n: z.number().optional() },
      call: ({ mode }, { expose, fail, done, log }) => {
        log(`mode ${mode}`);
        if (mode === "fail") fail("nope");
        expose({ n: 1 });
        if (mode === "done") done("early");
      },
    });
    expect((await Destructured.call({ mode: "expose" })).n).to.equal(1);
    expect((await Destructured.call({ mode: "fail" })).error).to.equal("nope");
    expect((await Destructured.call({ mode: "done" })).success).to.equal("early");
    expect(logged).to.deep.equal([
      "[Destructured] mode expose",
      "[Destructured] mode fail",
      "[Destructured] mode done",
    ]);
    configureAxn({ logger: console });
  });
});

describe("the call's abort signal", () => {
  it("reaches the body as ctx.signal; a function is only called when the body reads it", async () => {
    let built = 0;
    const lazy = () => {
      built++;
      return AbortSignal.abort(new Error("gone"));
    };
    const Reads = defineAxn({
      name: "SignalReads",
      exposes: { aborted: z.boolean() },
      call: (_i, { signal }) => ({ aborted: signal.aborted }),
    });
    const Ignores = defineAxn({ name: "SignalIgnores", call: () => undefined });
    expect((await Ignores.call({}, { signal: lazy })).ok).to.equal(true);
    expect(built).to.equal(0);
    expect((await Reads.call({}, { signal: lazy })).aborted).to.equal(true);
    expect(built).to.equal(1);
    expect((await Reads.call({})).aborted).to.equal(false);
    const controller = new AbortController();
    controller.abort();
    expect((await Reads.call({}, { signal: controller.signal })).aborted).to.equal(true);
  });
});
