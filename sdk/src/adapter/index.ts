/**
 * @axn/sdk/adapter — what every adapter plugin shares: the tool pipeline (the shared Invoker
 * profile, the guarded mapping, the failure answer), tool naming, the `presentAs` and per-tool
 * serialization settings, tool-root settings, `defineAdapterPlugin` for the registration and
 * `tools()`, the Host check of an HTTP-served transport, and the rounds engine of a transport that
 * re-runs a body with its caller's answers (`InputRounds`, `runRounds`, `roundsChannel`,
 * `roundStateCodec`: rounds/). See docs/adapter-authoring.md.
 *
 * Everything exported from this file is public API of @axn/sdk/adapter, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * export const fncallConfig = declarePresentAs(
 *   declareRejectOpaqueExposedValues(createConfigurable("axn-plugin-fncall").configNamespace("fncall"), { default: false }),
 * );
 * const run = toolPipeline(action, {
 *   success: (result) => ({ ok: true, content: serializeExposed(fncallConfig, result) }),
 *   failure: (failure) => ({ ok: false, ...failure }),
 * });
 * ```
 */
export {
  toolPipeline,
  toolPipelineInto,
  type CallReceiver,
  type ToolCallOptions,
  type ToolMapping,
  type ToolPipeline,
  type ToolPipelineInto,
} from "./pipeline.js";
export { withCallSlot, type CallSlots } from "./call-slot.js";
export { toolInvoker } from "./tool-invoker.js";
export { NO_AMBIENT } from "./no-ambient.js";
export { mapSettledResult } from "./map-settled.js";
export { ADAPTER_FAILURE_MESSAGE, type ToolFailure, type ToolFailureKind } from "./failure.js";
export { reportAdapterError } from "./report-error.js";
export { guardToolResponse, RESPONSE_PHASE, type GuardOptions } from "./guard.js";
export { resolveToolName, type ToolNameOptions } from "./tool-name.js";
export {
  declarePresentAs,
  assertPresentAs,
  PRESENT_AS_SETTING,
  PRESENT_AS_VALUES,
  type PresentAs,
} from "./present-as.js";
export { declareRejectOpaqueExposedValues, serializeExposed, REJECT_OPAQUE_SETTING } from "./serialization.js";
export { toolRootsDefault, toolRootsSource } from "./roots.js";
export {
  defineAdapterPlugin,
  type AdapterPlugin,
  type AdapterPluginDefinition,
  type ToolsOptions,
} from "./define-adapter-plugin.js";
export { hostCheck, hostnameOf, isLoopbackHostname, LOOPBACK_HOSTS } from "./hosts.js";
export { checkedAccessPolicy } from "./access-policy.js";
export { errorMessage } from "./error-message.js";
export { InputRounds, type CarriedRounds, type PendingQuestion, type RoundWaiter } from "./rounds/input-rounds.js";
export { checkInputResponse, type InputKind, type InputQuestion } from "./rounds/question.js";
export {
  runRounds,
  runRoundsInto,
  INPUT_REQUIRED_REASON,
  type RoundCall,
  type RoundOutcome,
  type RoundRunning,
} from "./rounds/run-rounds.js";
export { roundsChannel } from "./rounds/rounds-channel.js";
export {
  roundStateCodec,
  MIN_ROUND_STATE_KEY_LENGTH,
  type RoundBinding,
  type RoundStateCodec,
  type RoundStateOptions,
} from "./rounds/round-state.js";
export { argumentsDigest } from "./rounds/canonical.js";
