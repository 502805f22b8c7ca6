/**
 * `@opentelemetry/api`, loaded when something has registered with it. The API keeps every
 * registration (tracer provider, context manager, propagator, logger) on one global object under
 * `Symbol.for("opentelemetry.js.api.1")`, shared by all its copies; while that object lacks an
 * entry, the API's answer for it is a no-op, which axn can give without loading the package.
 * Loaded through `require`, synchronously, because spans open on the call path; its CommonJS and
 * ESM builds share that global object, so either sees what the app registered.
 */
import { createRequire } from "node:module";

type OpenTelemetryApi = typeof import("@opentelemetry/api");

/** The API's registry key for its major version 1 (`GLOBAL_OPENTELEMETRY_API_KEY`). */
const GLOBAL_KEY = Symbol.for("opentelemetry.js.api.1");

let api: OpenTelemetryApi | undefined;
let registry: Partial<Record<string, unknown>> | undefined;

/** True when the app (or an SDK) has registered a global `kind` (`"trace"`, `"context"`…) with the API. */
export function openTelemetryRegistered(kind: "trace" | "context"): boolean {
  // Every call asks (span.ts), and a symbol-keyed read of `globalThis` is ~135 instructions (bench
  // row 1). The API creates its registry object at its first registration and keeps it — `disable()`
  // deletes the entry, not the object — so once seen it is read from here.
  registry ??= (globalThis as { [GLOBAL_KEY]?: Partial<Record<string, unknown>> | null })[GLOBAL_KEY] ?? undefined;
  return registry !== undefined && registry[kind] !== undefined;
}

/** The API itself, required on first use. */
export function openTelemetry(): OpenTelemetryApi {
  return (api ??= createRequire(import.meta.url)("@opentelemetry/api") as OpenTelemetryApi);
}
