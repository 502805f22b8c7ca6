/**
 * INTERNAL — NOT PUBLIC API. These are the seams core's own packages (@axn/sdk, the bundled
 * plugins) use. They may change in any release without notice; do not import them from an app.
 */
export { AXN_INTERNALS, internalsOf, sourceActionOf, type ActionInternals, type NormalizedToolDeclaration } from "../action/internals.js";
export type { CallPolicy } from "../action/call-policy.js";
export type { NormalizedField } from "../action/fields.js";
export { catalogActions, catalogVersion, clearCatalog } from "../action/run/catalog.js";
export { makeResult } from "../action/result.js";
export { moduleOriginOf, setModuleOrigin } from "../tools/origins.js";
export { currentExecution } from "../context/execution.js";
export { FOR_PLUGIN, type PluginScoped } from "../host/hooks.js";
export { assertKnownHints, extensionsFrozen } from "../extensions/registry.js";
export { closestMatch } from "../errors/did-you-mean.js";
export { readSchema } from "../schema/read-schema.js";
export { resetKernel, type KernelCopy } from "../kernel/state.js";
export { errorMessage } from "../errors/message.js";
export { appendPath } from "../errors/field-path.js";
export { kernelCopies } from "../kernel/copies.js";
