import { expect } from "chai";
import { trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { annotateSpan, currentSpan, defineAxn } from "@axn/core";
import { captureReports } from "../../support/reports.js";

describe("tracing: axn.call spans", () => {
  captureReports();
  const exporter = new InMemorySpanExporter();

  before(() => {
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  });
  beforeEach(() => exporter.reset());

  it("wraps every call in an axn.call span with the action name and outcome", async () => {
    const Ok = defineAxn({ name: "Traced.Ok", call: () => undefined });
    const Bad = defineAxn({ name: "Traced.Bad", call: (_i, ctx) => ctx.fail("no") });
    await Ok.call({});
    await Bad.call({});
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => [s.name, s.attributes["axn.action"], s.attributes["axn.outcome"]])).to.deep.equal([
      ["axn.call", "Traced.Ok", "success"],
      ["axn.call", "Traced.Bad", "failure"],
    ]);
  });

  it("nests spans across await and annotateSpan reaches the running action's span", async () => {
    const Inner = defineAxn({
      name: "Traced.Inner",
      call: async () => {
        await new Promise((r) => setTimeout(r, 2));
        annotateSpan({ "gen_ai.tool.name": "inner" });
      },
    });
    const Outer = defineAxn({
      name: "Traced.Outer",
      call: async () => {
        await new Promise((r) => setTimeout(r, 1));
        const before = currentSpan();
        await Inner.call({});
        expect(currentSpan()).to.equal(before);
        annotateSpan({ "custom.outer": true });
      },
    });
    await Outer.call({});
    const [inner, outer] = exporter.getFinishedSpans();
    expect(inner!.attributes["gen_ai.tool.name"]).to.equal("inner");
    expect(outer!.attributes["custom.outer"]).to.equal(true);
    expect(inner!.parentSpanContext?.spanId).to.equal(outer!.spanContext().spanId);
    expect(inner!.spanContext().traceId).to.equal(outer!.spanContext().traceId);
  });

  it("annotateSpan outside an action is a no-op returning false", () => {
    expect(annotateSpan({ a: 1 })).to.equal(false);
    expect(currentSpan()).to.equal(undefined);
  });

  it("concurrent calls annotate their own spans", async () => {
    const A = defineAxn({
      name: "Traced.Concurrent",
      expects: { n: (await import("zod")).z.number() },
      call: async ({ n }) => {
        await new Promise((r) => setTimeout(r, (n * 7) % 5));
        annotateSpan({ n });
      },
    });
    await Promise.all(Array.from({ length: 50 }, (_, n) => A.call({ n })));
    const spans = exporter.getFinishedSpans();
    expect(spans).to.have.length(50);
    for (const span of spans) expect(span.attributes["n"]).to.be.a("number");
    expect(new Set(spans.map((s) => s.attributes["n"])).size).to.equal(50);
  });
});

describe("tracing: Current.run inside an action", () => {
  const exporter = new InMemorySpanExporter();
  before(() => {
    trace.disable();
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
  });
  after(() => trace.disable());

  it("keeps the enclosing action's span as the parent of calls made in the new ambient scope", async () => {
    const { Current } = await import("@axn/core");
    const Inner = defineAxn({ name: "Traced.ScopedInner", call: () => undefined });
    const Outer = defineAxn({
      name: "Traced.ScopedOuter",
      call: async () => {
        await Current.run({ userId: "u" }, () => Inner.call({}));
      },
    });
    await Outer.call({});
    const [inner, outer] = exporter.getFinishedSpans();
    expect(inner!.parentSpanContext?.spanId).to.equal(outer!.spanContext().spanId);
  });
});
