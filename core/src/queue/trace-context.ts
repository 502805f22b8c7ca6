/**
 * W3C Trace Context for jobs: the enqueuing call's span travels as a `traceparent` string, and the
 * worker opens the job's `axn.call` span as its child. Written by hand rather than through the
 * OpenTelemetry propagation API, whose global propagator is a no-op until an app registers one —
 * the job's trace must not depend on that.
 */
import type { Span, SpanContext } from "@opentelemetry/api";
import { currentSpan } from "../tracing/span.js";
import { openTelemetry, openTelemetryRegistered } from "../tracing/open-telemetry.js";

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** The `traceparent` of the span running here (axn's own, else OpenTelemetry's active one), if any. */
export function currentTraceparent(): string | undefined {
  // Without a registered context manager OpenTelemetry has no active span: the API stays unloaded.
  const span =
    currentSpan() ?? (openTelemetryRegistered("context") ? openTelemetry().trace.getActiveSpan() : undefined);
  const spanContext = span?.spanContext();
  if (spanContext === undefined || !openTelemetry().isSpanContextValid(spanContext)) return undefined;
  const flags = (spanContext.traceFlags & 0xff).toString(16).padStart(2, "0");
  return `00-${spanContext.traceId}-${spanContext.spanId}-${flags}`;
}

/**
 * The enqueuer's span as the parent of the job's span: a non-recording stand-in carrying the
 * remote span context, which the runtime parents the `axn.call` span on (through axn's execution
 * state, so no OpenTelemetry context manager is needed). `undefined` without a valid traceparent.
 */
export function remoteParent(traceparent: string | undefined): Span | undefined {
  const match = traceparent === undefined ? null : TRACEPARENT.exec(traceparent);
  if (match === null) return undefined;
  const { isSpanContextValid, trace, TraceFlags } = openTelemetry();
  const parent: SpanContext = {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: Number.parseInt(match[3]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  };
  return isSpanContextValid(parent) ? trace.wrapSpanContext(parent) : undefined;
}
