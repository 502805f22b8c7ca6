/**
 * @axn/sdk/adapter — helpers every adapter plugin shares: per-tool serialization, the response
 * guard, and tool-root settings. See docs/adapter-authoring.md.
 */
export { declareRejectOpaqueExposedValues, serializeExposed, REJECT_OPAQUE_SETTING } from "./serialization.js";
export { guardToolResponse, type GuardOptions } from "./guard.js";
export { toolRootsDefault, toolRootsSource } from "./roots.js";
