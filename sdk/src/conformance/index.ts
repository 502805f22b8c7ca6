/**
 * @axn/sdk/conformance — the adapter conformance suite: the contracts of DESIGN section 5 that an
 * adapter can break (author once, naming, schemas, the ambient-context guard, error surfacing,
 * unrenderable results, zero-argument `tools()`), as executable checks any `axn-plugin-*` runs
 * against itself by describing how to wrap and call one action through its transport.
 * See docs/adapter-authoring.md.
 *
 * @example
 * ```ts
 * describeAdapterConformance({
 *   name: "axn-plugin-fncall", key: "fncall", tools: FncallAdapter.tools,
 *   wrap: (action) => FncallAdapter.wrap(action),
 *   advertised: (fn) => ({ name: fn.name, inputSchema: fn.parameters }),
 *   invoke: async (fn, args, { ambientContext }) => toOutcome(await callThroughTransport(fn, args, ambientContext)),
 * });
 * ```
 */
export type { AdapterConformanceDriver, AdvertisedTool, InvokeContext, InvokeOutcome, ProbeSchemas } from "./driver.js";
export { CHECK_IDS, conformanceChecks, type ConformanceCheck, type ConformanceCheckId } from "./checks.js";
export { describeAdapterConformance, runConformanceChecks, type ConformanceResult, type ConformanceRunner } from "./describe.js";
export { AMBIENT_FIELD, EXCEPTION_HEADLINE, FAILURE_HEADLINE, FAILURE_REASON, SECRET_MESSAGE, ZOD_PROBE_SCHEMAS } from "./probes.js";
