/**
 * docs/actions.md — installing an OpenTelemetry SDK so `axn.call` spans are recorded,
 * annotating the running action's span, and a call parented by a remote caller's span.
 */
import { trace } from "@opentelemetry/api";
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from "@opentelemetry/sdk-trace-base";
import { annotateSpan, defineAxn } from "@axn/core";

/** Call once at startup, before the first action runs. */
export function installTracing(exporter: SpanExporter): void {
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }));
}

export const Summarize = defineAxn({
  name: "Docs.Summarize",
  call: async () => {
    // Written on this action's own axn.call span, even after an await.
    await new Promise((resolve) => setTimeout(resolve, 1));
    annotateSpan({ "gen_ai.request.model": "small-model" });
  },
});

/** A call made for another process, which sent its span as W3C Trace Context. */
export async function summarizeFor(traceparent: string) {
  return Summarize.call({}, { traceContext: { traceparent } });
}
