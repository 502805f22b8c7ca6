/**
 * Where an action was loaded from when it came from a tool root: its module path relative to the
 * root (`users/list_companies`). `toolName` derives from it, as the Ruby original derives from the
 * constant Zeitwerk gave the file. Kept beside, never on, the action: discovery must not mutate it.
 *
 * Which module *defined* an action is recorded when it is defined, because nothing later can tell:
 * an ES module's exports are live bindings, so a barrel re-exporting an action exports the same
 * value as the module that defined it, and importing the barrel first is what evaluates that module.
 * The defining module is the one whose evaluation is running: the outermost synchronous frame of
 * the stack at definition (a module body is the bottom of the synchronous stack while it evaluates;
 * a helper it calls sits above it, and a dynamic importer only appears as an async frame).
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

/** The file of the module whose evaluation defined the action, when the stack showed one. */
export function definingFileOf(internals: ActionInternals): string | undefined {
  return internals.definingFile;
}

// Deep enough for any helper chain; a stack this deep is cut short, and then the outermost frame is unknown.
const FRAME_LIMIT = 200;

/**
 * The outermost synchronous, non-Node frame's file (a path, never a URL), if there is one: what
 * `defineAxn` records as the defining module.
 */
export function outermostSyncFile(): string | undefined {
  const { stackTraceLimit, prepareStackTrace } = Error;
  try {
    Error.stackTraceLimit = FRAME_LIMIT;
    Error.prepareStackTrace = (_error, sites) => sites;
    const holder: { stack?: unknown } = {};
    Error.captureStackTrace(holder);
    const sites = holder.stack as NodeJS.CallSite[] | undefined; // formatted lazily, so read it here
    if (!Array.isArray(sites) || sites.length >= FRAME_LIMIT) return undefined;
    let outermost: string | undefined;
    for (const site of sites) {
      if (site.isAsync()) break;
      const file = site.getFileName();
      if (typeof file === "string" && file !== "" && !file.startsWith("node:")) outermost = file;
    }
    return outermost === undefined ? undefined : outermost.startsWith("file:") ? fileURLToPath(outermost) : outermost;
  } catch {
    return undefined;
  } finally {
    Error.stackTraceLimit = stackTraceLimit;
    Error.prepareStackTrace = prepareStackTrace;
  }
}
