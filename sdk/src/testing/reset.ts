/**
 * `resetKernel`: the one reset. It puts @axn/core's kernel state — every process-wide registry, in
 * one object — back to a fresh process's view: an empty action catalog, no host (so no adapters,
 * plugin hints or metadata keys), every package's settings at their defaults and open for
 * declarations, no tool-root grants, origins or caches, the default global options, and only the
 * first copy of @axn/core in `kernelCopies()` (what `axn doctor` reads). Call it in a
 * `beforeEach`/`afterEach` of specs that define actions, load hosts or enumerate tools.
 *
 * Modules already imported stay cached by the loader: an action defined at a module's top level
 * is not defined again. The registry's `discover()` re-adds what a tool root exports.
 */
import { resetKernel } from "@axn/core/internal";

export { resetKernel };
