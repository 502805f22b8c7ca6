/**
 * INTERNAL — NOT PUBLIC API. These are the seams core's own packages (@axn/sdk, the bundled
 * plugins) and the project's specs use: starting and rolling back the host, the configurables'
 * by-name face, action internals, the catalog. They may change in any release without notice; do
 * not import them from an app (a spec resets state with `resetKernel` from `@axn/sdk/testing`).
 */
export {
  AXN_INTERNALS,
  internalsOf,
  sourceActionOf,
  type ActionInternals,
  type NormalizedToolDeclaration,
} from "../action/internals.js";
export type { CallPolicy } from "../action/call-policy.js";
export { accessPolicyProblem, freezeAccessPolicy } from "../action/access.js";
export type { NormalizedField } from "../action/fields.js";
export { catalogActions, catalogVersion, clearCatalog } from "../runtime/catalog.js";
export { makeResult } from "../action/result.js";
export { definingFileOf, moduleOriginOf, setModuleOrigin } from "../kernel/origins.js";
export { currentExecution } from "../context/execution.js";
export { FOR_PLUGIN, type PluginScoped } from "../host/hooks.js";
export { assertKnownHints, extensionsFrozen } from "../extensions/registry.js";
export { closestMatch } from "../errors/did-you-mean.js";
export { readSchema } from "../schema/read-schema.js";
export { settledCall } from "../invoke/invoker.js";
export { resetKernel, type KernelCopy } from "../kernel/state.js";
export { errorMessage } from "../errors/message.js";
export { appendPath, fieldPath } from "../errors/field-path.js";
export { kernelCopies } from "../kernel/copies.js";
export {
  createKernelHost,
  activeHost,
  hostLoaded,
  registeredAdapters,
  resetHost,
  type RegisteredAdapter,
} from "../host/host.js";
export { configurableFor } from "../config/namespaces.js";
export { configurableInternals, type ConfigurableInternals } from "../config/configurable-internals.js";
export { resetAxnConfig } from "../options/global.js";
export { endedPayload } from "../queue/ended.js";
export { ownerBucket } from "../queue/limits.js";
export { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF } from "../queue/enqueue.js";
export { DEFAULT_SUCCESS } from "../runtime/messages.js";
