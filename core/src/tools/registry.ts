/**
 * The tool registry's public face, `Tools`: which adapters exist (adapters.ts), which actions are
 * members of each (membership.ts: (directory grant ∪ declaration grant) − except), how members are
 * enumerated (enumeration.ts: one action per tool name, the latest version, sorted by name; or
 * every version), and how tool roots are discovered (discovery.ts). With `principal`, only the
 * members that caller may call are returned (the access policy decides visibility as it decides
 * execution; `null` is an anonymous caller).
 *
 * @example
 * ```ts
 * Tools.registerAdapter("mcp", mcpRootsSource);
 * await Tools.discover();            // imports tool roots (the host does this at load)
 * const members = Tools.for("mcp");  // AnyAxn[], sorted by toolName("mcp")
 * const visible = Tools.for("mcp", { principal: { id: "ag_ada", roles: ["agent"] } });
 * ```
 */
import type { AnyAxn } from "../action/types.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { extensionsFrozen } from "../extensions/registry.js";
import { kernel, type ToolRootsSource } from "../kernel/state.js";
import { ADAPTER_KEY, putAdapter, requireAdapter } from "./adapters.js";
import { isMember } from "./membership.js";
import { toolsFor, toolVersions, type ToolsForOptions, type ToolVersions } from "./enumeration.js";
import { discover, rootExports, setProjectRoot, type RootExports } from "./discovery.js";

export {
  ADAPTER_KEY,
  putAdapter,
  registeredAdapters,
  type RegisteredAdapter,
  type ToolRootsSource,
} from "./adapters.js";
export type { ToolsForOptions, ToolVersions } from "./enumeration.js";
export type { RootExports } from "./discovery.js";

export const Tools = {
  /**
   * Registers an adapter key (idempotent). `source` supplies the adapter's tool roots; a later call
   * without one never wipes a source already given.
   */
  registerAdapter(key: string, source?: ToolRootsSource): void {
    if (typeof key !== "string" || !ADAPTER_KEY.test(key)) {
      throw new TypeError(
        `Tools.registerAdapter: adapter key must be an identifier such as "mcp", got ${JSON.stringify(key)}`,
      );
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
    requireAdapter(key);
    return isMember(action, key);
  },

  /**
   * Every member of adapter `key`, one per tool name (the latest version) sorted by name; with
   * `allVersions`, every version sorted by name then ascending version.
   */
  for(key: string, options: ToolsForOptions = {}): readonly AnyAxn[] {
    return toolsFor(key, options);
  },

  /** One tool's version group. Checks only the members it matched. */
  versions(key: string, name: string): ToolVersions {
    return toolVersions(key, name);
  },

  /** Sets the folder tool roots resolve against (the host sets it to the config file's folder). */
  setProjectRoot(dir: string): void {
    setProjectRoot(dir);
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
   * each module is the instance discovery loaded, not a second evaluation.
   */
  rootExports(key: string): Promise<readonly RootExports[]> {
    return rootExports(key);
  },

  /**
   * Imports every module under every registered adapter's tool roots (once per root) and grants
   * each exported action membership in the adapters whose roots hold it. What a root holds that
   * must not or cannot be read — a dangling link, a link loop, a link out of the project or into
   * a bulk folder — is skipped with a warning naming the path (see `listRootModules`).
   */
  discover(): Promise<void> {
    return discover();
  },
};
