/**
 * @axn/sdk/conformance — the adapter conformance suite: the conventions of DESIGN section 5 an
 * adapter can break (loading through the host, author once, naming, schemas, the ambient-context
 * guard, coercion and input errors, error surfacing, the guarded mapping, per-action settings,
 * zero-argument `tools()`, no taps after load), as executable checks any `axn-plugin-*` runs
 * against itself. The suite loads the plugin through `createHost`, wraps its probe actions with
 * the adapter's own `wrap` / `tools`, and reads what the transport's client received — an MCP
 * listing and `CallToolResult`, an OpenAPI document and HTTP replies, or function definitions and
 * tool messages. See docs/adapter-authoring.md.
 *
 * Everything exported from this file is public API of @axn/sdk/conformance, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * describeAdapterConformance({
 *   name: "axn-plugin-fncall", plugin: fncallPlugin, key: "fncall", wrap: (action) => wrap(action), tools,
 *   transport: {
 *     kind: "function-calling",
 *     connect: async (fns) => ({
 *       list: async () => fns.map((fn) => ({ name: fn.name, parameters: fn.parameters })),
 *       call: async ({ name, args, ambientContext }) => {
 *         const reply = await fns.find((fn) => fn.name === name)!.call(args, { userId: String(ambientContext["userId"]) });
 *         return reply.ok ? { status: "success", content: reply.content } : { status: "error", content: reply.error };
 *       },
 *     }),
 *   },
 * });
 * ```
 */
export type {
  AdapterConformanceDriver,
  ConformanceCall,
  ConformanceSession,
  ConformanceTransport,
  FunctionCallingConformanceTransport,
  FunctionToolDefinition,
  HttpReplyText,
  McpCallToolReply,
  McpConformanceTransport,
  McpToolsListing,
  OpenApiConformanceTransport,
  OpenApiListing,
  ProbeSchemas,
  ToolMessageReply,
} from "./driver.js";
export { CHECK_IDS, conformanceChecks, type ConformanceCheck, type ConformanceCheckId } from "./checks/index.js";
export {
  describeAdapterConformance,
  runConformanceChecks,
  type ConformanceResult,
  type ConformanceRunner,
} from "./describe.js";
export type {
  ServedEndpointDriver,
  ServedReply,
  ServedRequest,
  ServedResponse,
  ServedToolCall,
} from "./served/driver.js";
export { SERVED_CHECK_IDS, type ServedCheckId } from "./served/checks.js";
export { describeServedConformance, runServedChecks, type ServedConformanceRunner } from "./served/describe.js";
export { CONFORMANCE_TOKEN } from "./served/server.js";
export {
  AMBIENT_FIELD,
  CONFORMANCE_PRINCIPAL,
  EXCEPTION_HEADLINE,
  FAILURE_HEADLINE,
  FAILURE_REASON,
  SECRET_MESSAGE,
  ZOD_PROBE_SCHEMAS,
} from "./probes.js";
