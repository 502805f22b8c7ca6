/**
 * Tracing: every call runs inside an `axn.call` span from `@opentelemetry/api` (a no-op until the
 * app installs an SDK). `annotateSpan` / `currentSpan` reach the span of the action currently
 * running through axn's own execution state, so they work across `await` even when no OTel
 * context manager is registered.
 */
import { context, ProxyTracerProvider, SpanStatusCode, trace, type Attributes, type Span, type Tracer, type TracerProvider } from "@opentelemetry/api";
import { currentExecution } from "../context/execution.js";
import type { Outcome } from "../action/result.js";

const TRACER_NAME = "@axn/core";

// The API hands out a proxy tracer that finds the app's provider once one is registered, so it is
// kept — but only while the global provider object is the same (`trace.disable()` replaces it).
let cachedProvider: TracerProvider | undefined;
let cachedTracer: Tracer | undefined;
function tracer(): Tracer {
  const provider = trace.getTracerProvider();
  if (provider !== cachedProvider || cachedTracer === undefined) {
    cachedProvider = provider;
    cachedTracer = provider.getTracer(TRACER_NAME);
  }
  return cachedTracer;
}

// What an unconfigured API delegates to: a fresh proxy provider has no delegate yet, so it answers
// the API's own no-op provider (whatever the app registered globally meanwhile).
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

/** True while no tracing SDK is registered: spans would be discarded, so none are made. */
function tracingOff(): boolean {
  const provider = trace.getTracerProvider();
  return provider instanceof ProxyTracerProvider && provider.getDelegate() === NOOP_PROVIDER;
}

export function startActionSpan(actionName: string, parent: Span | undefined): Span | undefined {
  if (tracingOff()) return undefined;
  const ctx = parent === undefined ? context.active() : trace.setSpan(context.active(), parent);
  return tracer().startSpan("axn.call", { attributes: { "axn.action": actionName } }, ctx);
}

export function endActionSpan(span: Span | undefined, outcome: Outcome): void {
  if (span === undefined) return;
  span.setAttribute("axn.outcome", outcome);
  if (outcome === "exception") span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** The `axn.call` span of the action currently running, if any. */
export function currentSpan(): Span | undefined {
  return currentExecution()?.span;
}

/**
 * Writes attributes on the running action's span (e.g. `gen_ai.*` from an adapter). Returns false
 * when no action is running.
 */
export function annotateSpan(attributes: Attributes): boolean {
  const span = currentSpan();
  if (span === undefined) return false;
  span.setAttributes(attributes);
  return true;
}
