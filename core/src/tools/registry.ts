/**
 * The tool registry: which adapters exist, which actions are members of each, and how members are
 * enumerated. Membership = (directory grant ∪ declaration grant) − except. `Tools.for(key)` returns
 * one action per tool name (the latest version), sorted by name; `allVersions` returns every
 * version. Enumeration is cached and recomputed only when the catalog, the adapters or the grants
 * change.
 *
 * @example
 * ```ts
 * Tools.registerAdapter("mcp", mcpRootsSource);
 * await Tools.discover();            // imports tool roots (the host does this at load)
 * const members = Tools.for("mcp");  // AnyAxn[], sorted by toolName("mcp")
 * ```
 */
import { relative, resolve, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { internalsOf, isAction, type ActionInternals } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import { catalogActions, catalogVersion, ensureInCatalog, onActionDefined } from "../action/catalog.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { assertKnownHints, extensionsFrozen } from "../extensions/registry.js";
import { axnConfig } from "../config/global.js";
import { configNamespaces } from "../config/configurable.js";
import { didYouMean } from "../errors/did-you-mean.js";
import { ADAPTER_KEY, onHostReset, registeredAdapters } from "../host/host.js";
import { qualifiedNameFromModulePath, splitSegments, versionSegment } from "./naming.js";
import { definingFileOf, moduleOriginOf, setModuleOrigin } from "./origins.js";
import { assertToolRoots, realPathOf } from "./roots.js";
import { listRootModules, type RootModule } from "./root-modules.js";

/** Where an adapter's tool roots come from (an adapter's config, usually through `toolRootsDefault`). */
export interface ToolRootsSource {
  toolRoots(): readonly string[];
}

export interface ToolVersions {
  /** Ascending by version. */
  readonly all: readonly AnyAxn[];
  readonly latest: AnyAxn;
}

interface RegistryState {
  adapters: Map<string, ToolRootsSource | undefined>;
  /** Directory grants: action → adapter keys whose root holds the module it was exported from. */
  grants: WeakMap<ActionInternals, Set<string>>;
  /** Roots already imported, by absolute path. */
  loadedRoots: Set<string>;
  projectRoot: string;
  importer: (path: string) => Promise<Record<string, unknown>>;
  version: number;
  cache: Map<string, { stamp: string; members: readonly AnyAxn[] }>;
  warned: boolean;
  /** Actions whose declared adapter keys were checked against the final adapter list. */
  checkedDeclarations: WeakSet<ActionInternals>;
}

const state: RegistryState = {
  adapters: new Map(),
  grants: new WeakMap(),
  loadedRoots: new Set(),
  projectRoot: process.cwd(),
  importer: (path) => import(pathToFileURL(path).href) as Promise<Record<string, unknown>>,
  version: 0,
  cache: new Map(),
  warned: false,
  checkedDeclarations: new WeakSet(),
};

/**
 * Adapters a plugin registered through the host are read from the host's own list, so core/host
 * never has to know the registry (and no hand-off can be left unplugged).
 */
function syncFromHost(): void {
  for (const adapter of registeredAdapters()) {
    if (!state.adapters.has(adapter.key) || (adapter.configSource !== undefined && state.adapters.get(adapter.key) === undefined)) {
      state.adapters.set(adapter.key, adapter.configSource);
      changed();
    }
  }
}

function changed(): void {
  state.version++;
  state.cache.clear();
}

function knownAdapter(key: string): boolean {
  syncFromHost();
  return state.adapters.has(key);
}

/**
 * An adapter key nobody registered is DSL misuse (a typo, or a plugin not listed), never a
 * runtime fault: a plain `TypeError`, outside the axn error brand, carrying the stable code.
 */
function unknownAdapterError(prefix: string, key: string, where: string): TypeError {
  const known = [...state.adapters.keys()].sort();
  const suggestion = didYouMean(key, known);
  const list = known.length === 0 ? "(none — load a plugin or call Tools.registerAdapter)" : known.join(", ");
  const error = new TypeError(
    `${prefix} tool adapter ${JSON.stringify(key)}${where}; ` +
      (suggestion === undefined ? `registered adapters: ${list}` : `${suggestion} Registered adapters: ${list}`),
  );
  return Object.assign(error, { code: ErrorCodes.UnknownAdapter });
}

function unknownAdapter(key: string): never {
  throw unknownAdapterError("Unknown", key, "");
}

/**
 * Every adapter key an action's declaration names must be registered, once the list is final
 * (the host has loaded). A settings bag (`tool: { x: {…} }`, `configure: { x: {…} }`) may also
 * name a config namespace a loaded package declared: it carries settings that package validates.
 */
function assertDeclaredAdapters(action: AnyAxn): void {
  const internals = internalsOf(action);
  if (internals.factory || state.checkedDeclarations.has(internals)) return;
  syncFromHost();
  const namespaces = new Set(configNamespaces());
  for (const key of internals.tool.keys) {
    if (state.adapters.has(key) || (internals.overrides.has(key) && namespaces.has(key))) continue;
    throw unknownAdapterError(`defineAxn(${internals.name}): unknown`, key, "");
  }
  for (const key of internals.tool.except) {
    if (!state.adapters.has(key)) throw unknownAdapterError(`defineAxn(${internals.name}): unknown`, key, " in tool.except");
  }
  state.checkedDeclarations.add(internals);
}

/** Checks every defined action's declaration, when the adapter list is final. */
function assertCatalogAdapters(): void {
  if (!extensionsFrozen()) return;
  for (const action of catalogActions()) assertDeclaredAdapters(action);
}

// After load, a declaration naming an unknown adapter fails at defineAxn (the catalog drops it).
onActionDefined((action) => {
  if (extensionsFrozen()) assertDeclaredAdapters(action);
});

function rootsOf(key: string): string[] {
  const source = state.adapters.get(key);
  if (source === undefined) return [];
  const roots = [...source.toolRoots()];
  assertToolRoots(roots, state.projectRoot);
  return roots.map((r) => resolve(state.projectRoot, r));
}

function pendingRoots(): boolean {
  for (const key of state.adapters.keys()) for (const root of rootsOf(key)) if (!state.loadedRoots.has(root)) return true;
  return false;
}

/** One imported module under a root, with the actions it exports (factory-built ones left out). */
interface LoadedModule {
  readonly module: RootModule;
  readonly actions: readonly AnyAxn[];
}

async function loadRoot(root: string): Promise<LoadedModule[]> {
  const modules = listRootModules(root, state.projectRoot, (message) => axnConfig().logger.warn(message));
  const loaded: LoadedModule[] = [];
  for (const module of modules) {
    const exports = await state.importer(module.path);
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
      const grants = state.grants.get(internals) ?? new Set<string>();
      grants.add(key);
      state.grants.set(internals, grants);
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
  const directory = state.grants.get(internals)?.has(key) === true;
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
  if (state.warned) return;
  if (!extensionsFrozen() || pendingRoots()) {
    state.warned = true;
    axnConfig().logger.warn(
      "axn: Tools.for was called before discovery was complete (the host has not finished loading or tool roots are not imported yet); " +
        "enumerate tools after loadHost()/Tools.discover() resolves",
    );
  }
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
    if (extensionsFrozen() && !state.adapters.has(key)) {
      throw new AxnError(
        ErrorCodes.RegistryFrozen,
        `Cannot register tool adapter "${key}" after the host finished loading; register it from a plugin's apply()`,
      );
    }
    const existing = state.adapters.get(key);
    if (source !== undefined || !state.adapters.has(key)) state.adapters.set(key, source ?? existing);
    changed();
  },

  /** Registered adapter keys, sorted. */
  adapters(): readonly string[] {
    syncFromHost();
    return [...state.adapters.keys()].sort();
  },

  /** True when `action` is a member of adapter `key` (without enumerating). */
  isMember(action: AnyAxn, key: string): boolean {
    if (!knownAdapter(key)) unknownAdapter(key);
    return isMember(action, key);
  },

  /**
   * Every member of adapter `key`, one per tool name (the latest version) sorted by name; with
   * `allVersions`, every version sorted by name then ascending version.
   */
  for(key: string, options: { readonly allVersions?: boolean } = {}): readonly AnyAxn[] {
    if (!knownAdapter(key)) unknownAdapter(key);
    warnIfIncomplete();
    const cacheKey = `${key}\u0000${options.allVersions === true}`;
    const stamp = `${catalogVersion()}:${state.version}`;
    const cached = state.cache.get(cacheKey);
    if (cached !== undefined && cached.stamp === stamp) return cached.members;
    assertCatalogAdapters();
    const groups = group(key, membersOf(key), true);
    const names = [...groups.keys()].sort();
    const members = Object.freeze(
      names.flatMap((name) => {
        const list = groups.get(name)!;
        return options.allVersions === true ? list : [list.at(-1)!];
      }),
    );
    state.cache.set(cacheKey, { stamp, members });
    return members;
  },

  /** One tool's version group. Checks only the members it matched. */
  versions(key: string, name: string): ToolVersions {
    if (!knownAdapter(key)) unknownAdapter(key);
    const matched = membersOf(key).filter((a) => a.toolName(key) === name);
    if (matched.length === 0) throw new AxnError(ErrorCodes.UnknownTool, `No tool named "${name}" for adapter "${key}"`);
    const list = group(key, matched, true).get(name)!;
    return { all: Object.freeze([...list]), latest: list.at(-1)! };
  },

  /** Sets the folder tool roots resolve against (the host sets it to the config file's folder). */
  setProjectRoot(dir: string): void {
    state.projectRoot = resolve(dir);
    changed();
  },

  projectRoot(): string {
    return state.projectRoot;
  },

  /**
   * Replaces how tool-root modules are imported. The default is native `import()`, which loads `.ts`
   * modules when the process runs under a TypeScript loader (the `axn` CLI registers tsx's).
   */
  setModuleImporter(importer: (path: string) => Promise<Record<string, unknown>>): void {
    state.importer = importer;
  },

  /**
   * Imports every module under every registered adapter's tool roots (once per root) and grants
   * each exported action membership in the adapters whose roots hold it. What a root holds that
   * must not or cannot be read — a dangling link, a link loop, a link out of the project or into
   * a bulk folder — is skipped with a warning naming the path (see `listRootModules`).
   */
  async discover(): Promise<void> {
    syncFromHost();
    // A root several adapters share is read (and its problems reported) once per discovery.
    const read = new Map<string, LoadedModule[]>();
    for (const key of state.adapters.keys()) {
      for (const root of rootsOf(key)) {
        let loaded = read.get(root);
        if (loaded === undefined) {
          loaded = await loadRoot(root);
          read.set(root, loaded);
        }
        grantRoot(key, root, loaded);
        state.loadedRoots.add(root);
      }
    }
    changed();
    // The host discovers right after it freezes: an action declared before load is checked now.
    assertCatalogAdapters();
  },

  /** Test support: forget adapters, grants and caches. */
  reset(): void {
    state.adapters.clear();
    state.grants = new WeakMap();
    state.loadedRoots.clear();
    state.projectRoot = process.cwd();
    state.warned = false;
    state.checkedDeclarations = new WeakSet();
    changed();
  },
};

// Adapters registered through the host are read from its list (syncFromHost); a reset forgets them.
onHostReset(() => Tools.reset());
