/**
 * W3C Trace Context for jobs: the enqueuing call's span travels as a `traceparent` string, and the
 * worker opens the job's `axn.call` span as its child (tracing/remote-parent.ts). Written by hand
 * rather than through the OpenTelemetry propagation API, whose global propagator is a no-op until
 * an app registers one — the job's trace must not depend on that.
 */
import { currentSpan } from "../tracing/span.js";
import { openTelemetry, openTelemetryRegistered } from "../tracing/open-telemetry.js";

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
