/**
 * @axn/sdk/adapter — helpers every adapter plugin shares: per-tool serialization, the response
 * guard, tool-root settings, and the Host check of an HTTP-served transport. See
 * docs/adapter-authoring.md.
 *
 * @example
 * ```ts
 * export const fncallConfig = toolRootsDefault(
 *   declareRejectOpaqueExposedValues(createConfigurable("axn-plugin-fncall").configNamespace("fncall"), { default: false }),
 *   [],
 * );
 * const reply = guardToolResponse(action, { onError: () => ({ error: "The tool could not produce a valid response" }) },
 *   () => ({ data: serializeExposed(fncallConfig, result) }));
 * ```
 */
export { declareRejectOpaqueExposedValues, serializeExposed, REJECT_OPAQUE_SETTING } from "./serialization.js";
export { guardToolResponse, type GuardOptions } from "./guard.js";
export { toolRootsDefault, toolRootsSource } from "./roots.js";
export { hostCheck, hostnameOf, isLoopbackHostname, LOOPBACK_HOSTS } from "./hosts.js";
