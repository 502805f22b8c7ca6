import { expect } from "chai";
import type { ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { Factory } from "@axn/core";
import { captureReports } from "../../support/reports.js";
import { useInMemorySpans } from "../../support/tracing.js";

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const CLIENT_SPAN_ID = "00f067aa0ba902b7";
const TRACEPARENT = `00-${TRACE_ID}-${CLIENT_SPAN_ID}-01`;
const TRACESTATE = "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE";

describe("tracing: a call's remote parent (CallOptions.traceContext)", () => {
  const reports = captureReports();
  const { exporter, untraced } = useInMemorySpans();

  const Inner = Factory.build({ name: "Remote.Inner" }, () => undefined);
  const Served = Factory.build({ name: "Remote.Served" }, async () => {
    await Inner.call({});
  });
  const Caller = Factory.build({ name: "Remote.Caller" }, async () => {
    await Served.call({}, { traceContext: { traceparent: TRACEPARENT } });
  });

  function span(action: string): ReadableSpan {
    const found = exporter.getFinishedSpans().filter((s) => s.attributes["axn.action"] === action);
    expect(found, action).to.have.length(1);
    return found[0]!;
  }

  /** Where a span sits in its trace: its trace id, its parent, whether that parent is remote, its links. */
  function placeOf(action: string) {
    const s = span(action);
    return {
      traceId: s.spanContext().traceId,
      parentSpanId: s.parentSpanContext?.spanId,
      remoteParent: s.parentSpanContext?.isRemote === true,
      links: s.links.map((link) => link.context.spanId),
    };
  }

  afterEach(() => expect(reports).to.deep.equal([]));

  it("opens the axn.call span as a child of the remote span, in its trace, with its tracestate and the span attributes", async () => {
    const result = await Served.call(
      {},
      { traceContext: { traceparent: TRACEPARENT, tracestate: TRACESTATE }, spanAttributes: { "peer.kind": "test" } },
    );
    expect(result.ok).to.equal(true);
    expect(placeOf("Remote.Served")).to.deep.equal({
      traceId: TRACE_ID,
      parentSpanId: CLIENT_SPAN_ID,
      remoteParent: true,
      links: [],
    });
    const served = span("Remote.Served");
    expect(served.spanContext().traceState?.serialize()).to.equal(TRACESTATE);
    expect(served.spanContext().traceFlags).to.equal(1);
    expect(served.attributes).to.deep.equal({
      "axn.action": "Remote.Served",
      "peer.kind": "test",
      "axn.outcome": "success",
    });
    // A call nested in it is its child, as any nested call is.
    expect(placeOf("Remote.Inner")).to.deep.equal({
      traceId: TRACE_ID,
      parentSpanId: served.spanContext().spanId,
      remoteParent: false,
      links: [],
    });
  });

  it("inside another action, takes the remote parent and links the caller's span", async () => {
    await Caller.call({});
    const caller = span("Remote.Caller").spanContext();
    expect(caller.traceId).to.not.equal(TRACE_ID);
    expect(placeOf("Remote.Served")).to.deep.equal({
      traceId: TRACE_ID,
      parentSpanId: CLIENT_SPAN_ID,
      remoteParent: true,
      links: [caller.spanId],
    });
  });

  it("ignores a traceparent that is not valid W3C Trace Context", async () => {
    const invalid = [
      "",
      "not a traceparent",
      `00-${"0".repeat(32)}-${CLIENT_SPAN_ID}-01`,
      `00-${TRACE_ID}-${"0".repeat(16)}-01`,
      `00-${TRACE_ID.toUpperCase()}-${CLIENT_SPAN_ID}-01`,
      `ff-${TRACE_ID}-${CLIENT_SPAN_ID}-01`,
    ];
    for (const traceparent of invalid) {
      exporter.reset();
      expect((await Served.call({}, { traceContext: { traceparent, tracestate: TRACESTATE } })).ok).to.equal(true);
      const served = span("Remote.Served");
      expect([traceparent, served.parentSpanContext, served.spanContext().traceState]).to.deep.equal([
        traceparent,
        undefined,
        undefined,
      ]);
    }
  });

  it("reads neither option while no tracer provider is registered", async () => {
    const read: string[] = [];
    const options = {
      get spanAttributes() {
        read.push("spanAttributes");
        return { a: 1 };
      },
      get traceContext() {
        read.push("traceContext");
        return { traceparent: TRACEPARENT };
      },
    };
    const result = await untraced(() => Served.call({}, options));
    expect([result.ok, read, exporter.getFinishedSpans()]).to.deep.equal([true, [], []]);
    await Served.call({}, options);
    expect(read).to.deep.equal(["spanAttributes", "traceContext"]);
  });
});
