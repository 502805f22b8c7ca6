/**
 * Where an action was loaded from when it came from a tool root: its module path relative to the
 * root (`users/list_companies`). `toolName` derives from it, as the Ruby original derives from the
 * constant Zeitwerk gave the file. Kept beside, never on, the action: discovery must not mutate it.
 *
 * Which module *defined* an action is recorded when it is defined, because nothing later can tell:
 * an ES module's exports are live bindings, so a barrel re-exporting an action exports the same
 * value as the module that defined it, and importing the barrel first is what evaluates that module.
 * The defining module is one of the files on the synchronous stack at definition. Which one depends
 * on how it was loaded: under `import()` it is the outermost (a module body is the bottom of the
 * synchronous stack while it evaluates, a dynamic importer only an async frame); under a synchronous
 * load — CommonJS `require`, or Node's `require(esm)`, as when a CommonJS test runner loads an ES
 * module app on Node 22+ — the modules that required it sit outward of it, down to the runner. So
 * definition records every file on that stack, innermost first, and discovery takes the innermost
 * one that is a module under the root exporting the action: a helper the module called sits inward
 * of it and does not export it, a requirer sits outward.
 */
import { fileURLToPath } from "node:url";
import type { ActionInternals } from "../action/internals.js";
import { kernel, type ModuleOrigin } from "./state.js";

export type { ModuleOrigin };

export function setModuleOrigin(internals: ActionInternals, origin: ModuleOrigin): void {
  kernel.tools.origins.set(internals, origin);
}

export function moduleOriginOf(internals: ActionInternals): ModuleOrigin | undefined {
  return kernel.tools.origins.get(internals);
}

/**
 * The file of the module that defined the action: the one discovery found (see above), else — an
 * action no root module defined — the innermost file on its definition's stack (the module or
 * helper that called `defineAxn`). `undefined` when the stack showed none.
 */
export function definingFileOf(internals: ActionInternals): string | undefined {
  return kernel.tools.origins.get(internals)?.file ?? internals.definitionFiles?.[0];
}

// Deep enough for any helper chain; a stack this deep is cut short, and then the files are unknown.
const FRAME_LIMIT = 200;

/**
 * The distinct files (paths, never URLs) of the synchronous, non-Node frames below `above` — the
 * function the app called (`defineAxn`) — innermost first; `undefined` when the stack was too deep to
 * see whole.
 */
export function definitionFilesBelow(above: Function): readonly string[] | undefined {
  const { stackTraceLimit, prepareStackTrace } = Error;
  try {
    Error.stackTraceLimit = FRAME_LIMIT;
    Error.prepareStackTrace = (_error, sites) => sites;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder, above);
    const sites = holder.stack as NodeJS.CallSite[] | undefined; // formatted lazily, so read it here
    if (!Array.isArray(sites) || sites.length >= FRAME_LIMIT) return undefined;
    const files: string[] = [];
    for (const site of sites) {
      if (site.isAsync()) break;
      const name = site.getFileName();
      if (typeof name !== "string" || name === "" || name.startsWith("node:")) continue;
      const file = name.startsWith("file:") ? fileURLToPath(name) : name;
      if (!files.includes(file)) files.push(file);
    }
    return Object.freeze(files);
  } catch {
    return undefined;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
    Error.prepareStackTrace = prepareStackTrace;
  }
}
