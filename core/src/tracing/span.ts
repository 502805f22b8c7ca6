/**
 * Tracing: every call runs inside an `axn.call` span from `@opentelemetry/api` (a no-op until the
 * app installs an SDK). `annotateSpan` / `currentSpan` reach the span of the action currently
 * running through axn's own execution state, so they work across `await` even when no OTel
 * context manager is registered.
 */
import type { Attributes, Span, Tracer, TracerProvider } from "@opentelemetry/api";
import { currentExecution } from "../context/execution.js";
import type { Outcome } from "../action/result.js";
import type { CallOptions } from "../action/types.js";
import { openTelemetry, openTelemetryRegistered } from "./open-telemetry.js";
import { remoteParent } from "./remote-parent.js";

const TRACER_NAME = "@axn/core";

// The API hands out a proxy tracer that finds the app's provider once one is registered, so it is
// kept — but only while the global provider object is the same (`trace.disable()` replaces it).
let cachedProvider: TracerProvider | undefined;
let cachedTracer: Tracer | undefined;
function tracer(provider: TracerProvider): Tracer {
  if (provider !== cachedProvider || cachedTracer === undefined) {
    cachedProvider = provider;
    cachedTracer = provider.getTracer(TRACER_NAME);
  }
  return cachedTracer;
}

// What an unconfigured API delegates to: a fresh proxy provider has no delegate yet, so it answers
// the API's own no-op provider (whatever the app registered globally meanwhile).
let noopProvider: TracerProvider | undefined;

/**
 * The registered tracer provider, or undefined while no tracing SDK is registered (spans would be
 * discarded, so none are made). Until something registers a global tracer provider the API is not
 * even loaded: that is most processes, and loading it adds to every cold start (bench: row 8).
 */
function activeProvider(): TracerProvider | undefined {
  if (!openTelemetryRegistered("trace")) return undefined;
  const { trace, ProxyTracerProvider } = openTelemetry();
  const provider = trace.getTracerProvider();
  if (!(provider instanceof ProxyTracerProvider)) return provider;
  noopProvider ??= new ProxyTracerProvider().getDelegate();
  return provider.getDelegate() === noopProvider ? undefined : provider;
}

/**
 * Opens a call's `axn.call` span: a child of the calling action's span (`parent`) or of
 * OpenTelemetry's active context — unless the call carries a valid remote parent
 * (`options.traceContext`), which then parents it, the local parent being kept as a link (the
 * OpenTelemetry MCP conventions ask this of a server span). `options.spanAttributes` are written as
 * the span opens. Both options are read only when a provider is registered, so a transport's
 * getters building them cost nothing in an untraced process; a getter that throws throws before
 * any span exists.
 */
export function startActionSpan(
  actionName: string,
  parent: Span | undefined,
  options: Pick<CallOptions, "spanAttributes" | "traceContext"> | undefined,
): Span | undefined {
  const provider = activeProvider();
  if (provider === undefined) return undefined;
  const extra = options?.spanAttributes;
  const remote = options?.traceContext;
  const { context, trace } = openTelemetry();
  const local = parent === undefined ? context.active() : trace.setSpan(context.active(), parent);
  const attributes = extra === undefined ? { "axn.action": actionName } : { "axn.action": actionName, ...extra };
  const remoteSpan = remote === undefined ? undefined : remoteParent(remote.traceparent, remote.tracestate);
  if (remoteSpan === undefined) return tracer(provider).startSpan("axn.call", { attributes }, local);
  const linked = trace.getSpanContext(local);
  const links = linked === undefined || !openTelemetry().isSpanContextValid(linked) ? [] : [{ context: linked }];
  return tracer(provider).startSpan("axn.call", { attributes, links }, trace.setSpan(local, remoteSpan));
}

export function endActionSpan(span: Span | undefined, outcome: Outcome): void {
  if (span === undefined) return;
  span.setAttribute("axn.outcome", outcome);
  // A span exists only once a provider was found, so the API is loaded by now.
  if (outcome === "exception") span.setStatus({ code: openTelemetry().SpanStatusCode.ERROR });
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
