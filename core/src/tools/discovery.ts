/**
 * Discovery: importing the modules under every adapter's tool roots, granting each exported
 * action membership in the adapters whose roots hold it (the directory grant), and naming an
 * action by the module path that defined it — as a file names a constant. Also what a plugin
 * reads from the same modules (`rootExports`) and the seams the host sets (project root, importer).
 *
 * @example
 * ```ts
 * await discover();                 // the host does this right after it freezes
 * pendingRoots();                   // false: every registered root is imported
 * ```
 */
import { relative, resolve, sep } from "node:path";
import { internalsOf, isAction } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import { ensureInCatalog } from "../runtime/catalog.js";
import { axnConfig } from "../options/global.js";
import { kernel } from "../kernel/state.js";
import { qualifiedNameFromModulePath } from "../action/tool-name.js";
import { setModuleOrigin } from "../kernel/origins.js";
import { assertToolRoots, realPathOf } from "./roots.js";
import { listRootModules, type RootModule } from "./root-modules.js";
import { assertCatalogAdapters, requireAdapter, toolsChanged } from "./adapters.js";

/** One module under a tool root and what it exports (`Tools.rootExports`). */
export interface RootExports {
  readonly path: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

function rootsOf(key: string): string[] {
  const source = kernel.adapters.get(key)?.configSource;
  if (source === undefined) return [];
  const projectRoot = kernel.tools.projectRoot;
  const roots = [...source.toolRoots()];
  assertToolRoots(roots, projectRoot);
  return roots.map((r) => resolve(projectRoot, r));
}

/** True while some registered adapter's root is not imported yet (enumeration warns then). */
export function pendingRoots(): boolean {
  for (const key of kernel.adapters.keys())
    for (const root of rootsOf(key)) if (!kernel.tools.loadedRoots.has(root)) return true;
  return false;
}

/** One imported module under a root, with the actions it exports (factory-built ones left out). */
interface LoadedModule {
  readonly module: RootModule;
  readonly actions: readonly AnyAxn[];
}

async function loadRoot(root: string): Promise<LoadedModule[]> {
  const modules = listRootModules(root, kernel.tools.projectRoot, (message) => axnConfig().logger.warn(message));
  const loaded: LoadedModule[] = [];
  for (const module of modules) {
    const exports = await kernel.tools.importer(module.path);
    const actions = [...new Set(Object.values(exports).filter(isAction))].filter((a) => !internalsOf(a).factory);
    loaded.push({ module, actions });
  }
  return loaded;
}

/**
 * Grants `key` to every action the root's modules export, and names each action by the path of
 * the module that defined it — as a file names a constant — when that module is under this root
 * and exports exactly that one action. A barrel re-exporting it does not rename it, and an action
 * defined outside the root keeps the name its own `name` derives.
 */
function grantRoot(key: string, root: string, loaded: readonly LoadedModule[]): void {
  const byPath = new Map<string, LoadedModule>();
  for (const entry of loaded) {
    if (!byPath.has(entry.module.path)) byPath.set(entry.module.path, entry);
    if (!byPath.has(entry.module.real)) byPath.set(entry.module.real, entry);
  }
  const seen = new Set<AnyAxn>();
  for (const { actions } of loaded) {
    for (const action of actions) {
      const internals = internalsOf(action);
      ensureInCatalog(action);
      const grants = kernel.tools.grants.get(internals) ?? new Set<string>();
      grants.add(key);
      kernel.tools.grants.set(internals, grants);
      if (seen.has(action)) continue;
      seen.add(action);
      const definer = definingModule(action, loaded, byPath);
      if (definer === undefined) continue;
      const sole = definer.actions.length === 1;
      const rel = relative(root, definer.module.path).split(sep).join("/");
      setModuleOrigin(internals, {
        file: definer.module.path,
        root,
        qualifiedName: sole ? qualifiedNameFromModulePath(rel) : undefined,
      });
    }
  }
}

/**
 * The root module that defined `action`: the innermost file on its definition's stack that is a
 * module of this root exporting it (kernel/origins.ts says why). Only when the stack could not be
 * read whole does a sole exporting module stand in for it.
 */
function definingModule(
  action: AnyAxn,
  loaded: readonly LoadedModule[],
  byPath: ReadonlyMap<string, LoadedModule>,
): LoadedModule | undefined {
  const files = internalsOf(action).definitionFiles;
  if (files === undefined) {
    const exporters = loaded.filter((entry) => entry.actions.includes(action));
    return exporters.length === 1 ? exporters[0] : undefined;
  }
  for (const file of files) {
    const entry = byPath.get(file) ?? byPath.get(realPathOf(file));
    if (entry?.actions.includes(action)) return entry;
  }
  return undefined;
}

/**
 * Imports every module under every registered adapter's tool roots (once per root) and grants
 * each exported action membership in the adapters whose roots hold it. What a root holds that
 * must not or cannot be read — a dangling link, a link loop, a link out of the project or into
 * a bulk folder — is skipped with a warning naming the path (see `listRootModules`).
 */
export async function discover(): Promise<void> {
  // A root several adapters share is read (and its problems reported) once per discovery.
  const read = new Map<string, LoadedModule[]>();
  for (const key of kernel.adapters.keys()) {
    for (const root of rootsOf(key)) {
      let loaded = read.get(root);
      if (loaded === undefined) {
        loaded = await loadRoot(root);
        read.set(root, loaded);
      }
      grantRoot(key, root, loaded);
      kernel.tools.loadedRoots.add(root);
    }
  }
  toolsChanged();
  // The host discovers right after it freezes: an action declared before load is checked now.
  assertCatalogAdapters();
}

/**
 * What the modules under adapter `key`'s tool roots export, imported the way discovery imports
 * them, so each module is the instance discovery loaded (module caches hold it), not a second
 * evaluation; what discovery skipped is skipped silently here (it already warned).
 */
export async function rootExports(key: string): Promise<readonly RootExports[]> {
  requireAdapter(key);
  const out: RootExports[] = [];
  for (const root of rootsOf(key)) {
    for (const module of listRootModules(root, kernel.tools.projectRoot, () => {})) {
      out.push({ path: module.path, exports: await kernel.tools.importer(module.path) });
    }
  }
  return out;
}

/** Sets the folder tool roots resolve against (the host sets it to the config file's folder). */
export function setProjectRoot(dir: string): void {
  kernel.tools.projectRoot = resolve(dir);
  toolsChanged();
}
