/**
 * A remote parent from W3C Trace Context: the span of another process (an MCP client, a job's
 * enqueuer) that an `axn.call` span opens under. Parsed by hand rather than through the
 * OpenTelemetry propagation API, whose global propagator is a no-op until an app registers one —
 * a trace that crossed a process boundary must not depend on that.
 */
import type { Span, SpanContext } from "@opentelemetry/api";
import { openTelemetry } from "./open-telemetry.js";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/**
 * The remote span as a non-recording stand-in carrying its span context (and `tracestate`, which
 * the child span inherits), for a span to be parented on. `undefined` without a valid
 * `traceparent` (version `00`; an all-zero trace or span id is invalid).
 */
export function remoteParent(traceparent: string | undefined, tracestate?: string): Span | undefined {
  const match = traceparent === undefined ? null : TRACEPARENT.exec(traceparent);
  if (match === null) return undefined;
  const { createTraceState, isSpanContextValid, trace, TraceFlags } = openTelemetry();
  const parent: SpanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: Number.parseInt(match[3]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
    ...(tracestate === undefined || tracestate === "" ? {} : { traceState: createTraceState(tracestate) }),
  };
  return isSpanContextValid(parent) ? trace.wrapSpanContext(parent) : undefined;
}
