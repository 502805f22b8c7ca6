/**
 * Loading an app's host: resolve each listed plugin, check it (shape, host version, dependencies,
 * options, duplicate name), apply it, run the registration hooks, apply the app's per-adapter settings,
 * freeze, then let the tool registry import the adapters' tool roots. A failure anywhere leaves no
 * host behind, so the caller can fix the config and load again.
 *
 * @example
 * ```ts
 * const { host, plugins } = await loadHost({ cwd: process.cwd() }); // reads ./axn.config.*
 * ```
 */
import { dirname, resolve } from "node:path";
import {
  AxnError,
  ErrorCodes,
  Tools,
  VERSION as CORE_VERSION,
  configNamespaces,
  configureAxn,
  type AxnGlobalOptions,
  type AxnHost,
} from "@axn/core";
import { errorMessage, configurableFor, createKernelHost, resetHost } from "@axn/core/internal";
import type { AnyAxnPlugin } from "../plugin.js";
import { RESERVED_CONFIG_KEYS, type AxnAppConfig } from "../config/define-config.js";
import { closestMatch } from "../config/did-you-mean.js";
import { importModule } from "../config/import-module.js";
import { loadConfig } from "../config/load-config.js";
import { resolvePluginEntry, type ResolveContext } from "../config/resolve-plugin.js";
import { applyQueueConfig } from "../queue/configure.js";
import { checkDependencies, checkDuplicate, checkHostVersion, checkOptions, checkShape } from "./check-plugin.js";
import { PluginError } from "./plugin-error.js";
// Declares the `serve` namespace (authentication, Host/Origin, limits) before any config is
// applied, whichever plugins an app lists.
import "../serving/settings.js";

export interface LoadedPlugin {
  readonly name: string;
  readonly version: string;
  /** The file it was loaded from, or `"inline"`. */
  readonly source: string;
}

export interface LoadedHost {
  readonly host: AxnHost;
  /** In apply order (a repeated entry appears once). */
  readonly plugins: readonly LoadedPlugin[];
  readonly configPath: string | undefined;
}

export interface CreateHostOptions {
  readonly config: AxnAppConfig;
  /** Where names and paths resolve from when there is no config file. Default `process.cwd()`. */
  readonly cwd?: string;
  /** The file `config` came from: names and paths resolve from its folder. */
  readonly configPath?: string;
}

/** Builds the process's host from an in-memory config. */
export async function createHost(options: CreateHostOptions): Promise<LoadedHost> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const configPath = options.configPath === undefined ? undefined : resolve(cwd, options.configPath);
  const context: ResolveContext = {
    baseDir: configPath === undefined ? cwd : dirname(configPath),
    where: configPath ?? "the config passed to createHost",
  };
  const config = options.config;
  checkConfigShape(config, context.where);
  const host = createKernelHost();
  try {
    const plugins = await applyPlugins(host, config.plugins ?? [], context);
    Tools.setProjectRoot(context.baseDir);
    host.runRegistrations();
    applySettings(config, context.where);
    await applyQueueConfig(config.queue, context.where);
    host.freeze();
    // Tool-root modules load the way the config did: a `.ts` root works under plain `node` too.
    Tools.setModuleImporter(importModule);
    await Tools.discover();
    return { host, plugins, configPath };
  } catch (error) {
    resetHost();
    throw error;
  }
}

/** Finds `axn.config.*` in `cwd` (or `configPath`) and builds the host from it. */
export async function loadHost(
  options: { readonly cwd?: string; readonly configPath?: string } = {},
): Promise<LoadedHost> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const loaded = await loadConfig({
    cwd,
    ...(options.configPath === undefined ? {} : { configPath: options.configPath }),
  });
  return createHost({ config: loaded.config, cwd, configPath: loaded.configPath });
}

async function applyPlugins(
  host: AxnHost,
  entries: readonly unknown[],
  context: ResolveContext,
): Promise<LoadedPlugin[]> {
  const registered = new Map<string, AnyAxnPlugin>();
  const loaded: LoadedPlugin[] = [];
  for (const [index, entry] of entries.entries()) {
    const resolved = await resolvePluginEntry(entry, index, context);
    const plugin = checkShape(resolved.candidate, resolved.label);
    checkHostVersion(plugin, CORE_VERSION);
    checkDependencies(plugin, registered);
    const options = checkOptions(plugin, resolved.options, {
      label: resolved.label,
      source: resolved.source,
      where: context.where,
    });
    if (checkDuplicate(plugin, registered)) continue;
    registered.set(plugin.name, plugin);
    try {
      await plugin.apply(host, options as never);
    } catch (error) {
      throw new PluginError(
        ErrorCodes.PluginApplyFailed,
        plugin.name,
        `Plugin "${plugin.name}" failed in apply: ${errorMessage(error)}`,
        { cause: error },
      );
    }
    loaded.push({ name: plugin.name, version: plugin.version, source: resolved.source });
  }
  return loaded;
}

function checkConfigShape(config: AxnAppConfig, where: string): void {
  if (typeof config !== "object" || config === null || Array.isArray(config)) {
    throw new AxnError(ErrorCodes.ConfigInvalid, `${where}: the config must be an object`);
  }
  if (config.plugins !== undefined && !Array.isArray(config.plugins)) {
    throw new AxnError(ErrorCodes.ConfigInvalid, `${where}: "plugins" must be an array`);
  }
}

/** App-wide settings: each namespace key goes to the configurable that owns it, validated there. */
function applySettings(config: AxnAppConfig, where: string): void {
  if (config.axn !== undefined) configureAxn(config.axn as AxnGlobalOptions);
  for (const [namespace, settings] of Object.entries(config)) {
    if (RESERVED_CONFIG_KEYS.includes(namespace) || settings === undefined) continue;
    const owner = configurableFor(namespace);
    if (owner === undefined) {
      const known = configNamespaces();
      const suggestion = closestMatch(namespace, known);
      const hint =
        suggestion !== undefined
          ? `did you mean "${suggestion}"?`
          : known.length > 0
            ? `loaded namespaces: ${known.join(", ")}`
            : "no loaded plugin declares settings";
      throw new AxnError(
        ErrorCodes.ConfigInvalid,
        `${where} sets "${namespace}", but no loaded plugin owns that config namespace; ${hint}`,
      );
    }
    if (typeof settings !== "object" || settings === null || Array.isArray(settings)) {
      throw new AxnError(ErrorCodes.ConfigInvalid, `${where}: "${namespace}" must be an object of settings`);
    }
    owner.assign(settings as Record<string, unknown>);
  }
}
