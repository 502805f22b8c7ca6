/**
 * The tool registry: which adapters exist, which actions are members of each, and how members are
 * enumerated. Membership = (directory grant ∪ declaration grant) − except. `Tools.for(key)` returns
 * one action per tool name (the latest version), sorted by name; `allVersions` returns every
 * version. Enumeration is cached and recomputed only when the catalog, the adapters or the grants
 * change. With `principal`, only the members that caller may call are returned (the access policy
 * decides visibility as it decides execution; `null` is an anonymous caller).
 *
 * @example
 * ```ts
 * Tools.registerAdapter("mcp", mcpRootsSource);
 * await Tools.discover();            // imports tool roots (the host does this at load)
 * const members = Tools.for("mcp");  // AnyAxn[], sorted by toolName("mcp")
 * const visible = Tools.for("mcp", { principal: { id: "ag_ada", roles: ["agent"] } });
 * ```
 */
import { relative, resolve, sep } from "node:path";
import { internalsOf, isAction } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import { catalogActions, catalogVersion, ensureInCatalog } from "../action/run/catalog.js";
import { assertDeclaredAdapters } from "../action/run/adapter-declarations.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { IDENTIFIER } from "../errors/field-path.js";
import { unknownAdapterError } from "../errors/unknown-adapter.js";
import { assertKnownHints, extensionsFrozen } from "../extensions/registry.js";
import { axnConfig } from "../config/global.js";
import { kernel, type RegisteredAdapter, type ToolRootsSource } from "../kernel/state.js";
import { qualifiedNameFromModulePath, splitSegments, versionSegment } from "./naming.js";
import { definingFileOf, moduleOriginOf, setModuleOrigin } from "./origins.js";
import { assertToolRoots, realPathOf } from "./roots.js";
import { listRootModules, type RootModule } from "./root-modules.js";
import type { AxnPrincipal } from "../action/principal.js";
import { mayCall } from "../access/decide.js";

export type { RegisteredAdapter, ToolRootsSource };

export interface ToolsForOptions {
  /** Every version of each tool, not only the latest. */
  readonly allVersions?: boolean;
  /**
   * Only the tools this caller may call (`null` or `undefined`: an anonymous caller). Omit the key
   * for every member, whoever calls.
   */
  readonly principal?: AxnPrincipal | null;
}

/** One module under a tool root and what it exports (`Tools.rootExports`). */
export interface RootExports {
  readonly path: string;
  readonly exports: Readonly<Record<string, unknown>>;
}

export interface ToolVersions {
  /** Ascending by version. */
  readonly all: readonly AnyAxn[];
  readonly latest: AnyAxn;
}

/** Adapter keys are identifiers (`mcp`, `langchain`): they key config namespaces and settings bags. */
export const ADAPTER_KEY = IDENTIFIER;

/**
 * Records adapter `key` in the kernel's one adapter list — the host's registrar and
 * `Tools.registerAdapter` both write here. Registering again without a source keeps the source
 * already given (the seed's rule), and the first plugin to register a key stays its owner.
 * Callers check the key and the phase first: each words its own refusal.
 */
export function putAdapter(key: string, configSource: ToolRootsSource | undefined, plugin: string | undefined): void {
  const previous = kernel.adapters.get(key);
  kernel.adapters.set(key, {
    key,
    configSource: configSource ?? previous?.configSource,
    plugin: previous?.plugin ?? plugin,
  });
  changed();
}

/** Every adapter registered so far, in registration order. */
export function registeredAdapters(): readonly RegisteredAdapter[] {
  return [...kernel.adapters.values()];
}

function changed(): void {
  kernel.tools.version++;
  kernel.tools.cache.clear();
}

function unknownAdapter(key: string): never {
  throw unknownAdapterError("Unknown", key, "", kernel.adapters.keys());
}

/** Checks every defined action's declaration, when the adapter list is final. */
function assertCatalogAdapters(): void {
  if (!extensionsFrozen()) return;
  for (const action of catalogActions()) assertDeclaredAdapters(action);
}

function rootsOf(key: string): string[] {
  const source = kernel.adapters.get(key)?.configSource;
  if (source === undefined) return [];
  const projectRoot = kernel.tools.projectRoot;
  const roots = [...source.toolRoots()];
  assertToolRoots(roots, projectRoot);
  return roots.map((r) => resolve(projectRoot, r));
}

function pendingRoots(): boolean {
  for (const key of kernel.adapters.keys()) for (const root of rootsOf(key)) if (!kernel.tools.loadedRoots.has(root)) return true;
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
  const byRealPath = new Map<string, LoadedModule>();
  for (const entry of loaded) if (!byRealPath.has(entry.module.real)) byRealPath.set(entry.module.real, entry);
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
      const definer = definingModule(action, loaded, byRealPath);
      if (definer !== undefined && definer.actions.length === 1 && definer.actions[0] === action) {
        const rel = relative(root, definer.module.path).split(sep).join("/");
        setModuleOrigin(internals, { qualifiedName: qualifiedNameFromModulePath(rel), root });
      }
    }
  }
}

/**
 * The root module that defined `action`, from the file recorded at its definition. Only when no
 * file was recorded (a stack that showed none) does a sole exporting module stand in for it.
 */
function definingModule(action: AnyAxn, loaded: readonly LoadedModule[], byRealPath: ReadonlyMap<string, LoadedModule>): LoadedModule | undefined {
  const file = definingFileOf(internalsOf(action));
  if (file !== undefined) return byRealPath.get(realPathOf(file));
  const exporters = loaded.filter((entry) => entry.actions.includes(action));
  return exporters.length === 1 ? exporters[0] : undefined;
}

export function isMember(action: AnyAxn, key: string): boolean {
  const internals = internalsOf(action);
  const tool = internals.tool;
  if (internals.factory || tool.optOut) return false;
  const declared = tool.all || tool.keys.has(key);
  const directory = kernel.tools.grants.get(internals)?.has(key) === true;
  return (declared || directory) && !tool.except.has(key);
}

/** A `V<n>` name segment must match a version the action itself declared. */
function checkVersionConvention(action: AnyAxn): void {
  const internals = internalsOf(action);
  const qualified = internals.name;
  const origin = moduleOriginOf(internals)?.qualifiedName;
  const fromOrigin = origin === undefined ? undefined : versionSegment(origin);
  const suffix = fromOrigin ?? (splitSegments(qualified).length >= 2 ? versionSegment(qualified) : undefined);
  if (suffix === undefined) return;
  // Name the module when the segment came from its path rather than from the action's name.
  const subject = fromOrigin === undefined ? `Action ${qualified}` : `Action ${qualified} (module ${origin})`;
  if (!internals.toolVersionDeclared) {
    throw new AxnError(
      ErrorCodes.ToolVersionMismatch,
      `${subject} ends in a V${suffix} segment but does not declare toolVersion; add toolVersion: ${suffix}`,
    );
  }
  if (internals.toolVersion !== suffix) {
    throw new AxnError(
      ErrorCodes.ToolVersionMismatch,
      `${subject} ends in a V${suffix} segment but declares toolVersion ${internals.toolVersion}; make them agree`,
    );
  }
}

function membersOf(key: string): AnyAxn[] {
  return catalogActions().filter((a) => isMember(a, key));
}

function group(key: string, members: readonly AnyAxn[], check: boolean): Map<string, AnyAxn[]> {
  const groups = new Map<string, AnyAxn[]>();
  for (const action of members) {
    if (check) {
      checkVersionConvention(action);
      assertKnownHints(action.name, action.semanticHints);
    }
    const name = action.toolName(key);
    const list = groups.get(name);
    if (list === undefined) groups.set(name, [action]);
    else list.push(action);
  }
  for (const [name, list] of groups) {
    list.sort((a, b) => a.toolVersion - b.toolVersion || internalsOf(a).id - internalsOf(b).id);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      if (prev.toolVersion === cur.toolVersion) {
        throw new AxnError(
          ErrorCodes.ToolConflict,
          `Tool name conflict for adapter "${key}": ${prev.name} and ${cur.name} both resolve to tool "${name}" version ${cur.toolVersion}; ` +
            `set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them`,
        );
      }
    }
  }
  return groups;
}

function warnIfIncomplete(): void {
  if (kernel.tools.warned) return;
  if (!extensionsFrozen() || pendingRoots()) {
    kernel.tools.warned = true;
    axnConfig().logger.warn(
      "axn: Tools.for was called before discovery was complete (the host has not finished loading or tool roots are not imported yet); " +
        "enumerate tools after loadHost()/Tools.discover() resolves",
    );
  }
}

/** Every member of `key` (cached), one per tool name or every version. */
function enumerate(key: string, allVersions: boolean): readonly AnyAxn[] {
  if (!kernel.adapters.has(key)) unknownAdapter(key);
  warnIfIncomplete();
  const cacheKey = `${key}\u0000${allVersions}`;
  const stamp = `${catalogVersion()}:${kernel.tools.version}`;
  const cached = kernel.tools.cache.get(cacheKey);
  if (cached !== undefined && cached.stamp === stamp) return cached.members;
  assertCatalogAdapters();
  const groups = group(key, membersOf(key), true);
  const names = [...groups.keys()].sort();
  const members = Object.freeze(
    names.flatMap((name) => {
      const list = groups.get(name)!;
      return allVersions ? list : [list.at(-1)!];
    }),
  );
  kernel.tools.cache.set(cacheKey, { stamp, members });
  return members;
}

export const Tools = {
  /**
   * Registers an adapter key (idempotent). `source` supplies the adapter's tool roots; a later call
   * without one never wipes a source already given.
   */
  registerAdapter(key: string, source?: ToolRootsSource): void {
    if (typeof key !== "string" || !ADAPTER_KEY.test(key)) {
      throw new TypeError(`Tools.registerAdapter: adapter key must be an identifier such as "mcp", got ${JSON.stringify(key)}`);
    }
    if (extensionsFrozen() && !kernel.adapters.has(key)) {
      throw new AxnError(
        ErrorCodes.RegistryFrozen,
        `Cannot register tool adapter "${key}" after the host finished loading; register it from a plugin's apply()`,
      );
    }
    putAdapter(key, source, undefined);
  },

  /** Registered adapter keys, sorted. */
  adapters(): readonly string[] {
    return [...kernel.adapters.keys()].sort();
  },

  /** True when `action` is a member of adapter `key` (without enumerating). */
  isMember(action: AnyAxn, key: string): boolean {
    if (!kernel.adapters.has(key)) unknownAdapter(key);
    return isMember(action, key);
  },

  /**
   * Every member of adapter `key`, one per tool name (the latest version) sorted by name; with
   * `allVersions`, every version sorted by name then ascending version.
   */
  for(key: string, options: ToolsForOptions = {}): readonly AnyAxn[] {
    const members = enumerate(key, options.allVersions === true);
    if (!("principal" in options)) return members;
    const principal = options.principal ?? undefined;
    return Object.freeze(members.filter((action) => mayCall(action, principal)));
  },


  /** One tool's version group. Checks only the members it matched. */
  versions(key: string, name: string): ToolVersions {
    if (!kernel.adapters.has(key)) unknownAdapter(key);
    const matched = membersOf(key).filter((a) => a.toolName(key) === name);
    if (matched.length === 0) throw new AxnError(ErrorCodes.UnknownTool, `No tool named "${name}" for adapter "${key}"`);
    const list = group(key, matched, true).get(name)!;
    return { all: Object.freeze([...list]), latest: list.at(-1)! };
  },

  /** Sets the folder tool roots resolve against (the host sets it to the config file's folder). */
  setProjectRoot(dir: string): void {
    kernel.tools.projectRoot = resolve(dir);
    changed();
  },

  projectRoot(): string {
    return kernel.tools.projectRoot;
  },

  /**
   * Replaces how tool-root modules are imported. The default is native `import()`, which loads `.ts`
   * modules when the process runs under a TypeScript loader; a host from `createHost` (the `axn`
   * CLI's) sets the sdk's `importModule`, which falls back to jiti for them.
   */
  setModuleImporter(importer: (path: string) => Promise<Record<string, unknown>>): void {
    kernel.tools.importer = importer;
  },

  /**
   * What the modules under adapter `key`'s tool roots export, for a plugin that serves more than
   * actions from its roots (MCP resources and prompts). Imported the way discovery imports them, so
   * each module is the instance discovery loaded (module caches hold it), not a second evaluation;
   * what discovery skipped is skipped silently here (it already warned).
   */
  async rootExports(key: string): Promise<readonly RootExports[]> {
    if (!kernel.adapters.has(key)) unknownAdapter(key);
    const out: RootExports[] = [];
    for (const root of rootsOf(key)) {
      for (const module of listRootModules(root, kernel.tools.projectRoot, () => {})) {
        out.push({ path: module.path, exports: await kernel.tools.importer(module.path) });
      }
    }
    return out;
  },

  /**
   * Imports every module under every registered adapter's tool roots (once per root) and grants
   * each exported action membership in the adapters whose roots hold it. What a root holds that
   * must not or cannot be read — a dangling link, a link loop, a link out of the project or into
   * a bulk folder — is skipped with a warning naming the path (see `listRootModules`).
   */
  async discover(): Promise<void> {
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
    changed();
    // The host discovers right after it freezes: an action declared before load is checked now.
    assertCatalogAdapters();
  },
};
