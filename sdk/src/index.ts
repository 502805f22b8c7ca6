/**
 * @axn/sdk — the kit around the kernel: `definePlugin` for plugin authors, `defineConfig` and
 * host loading for apps (config discovery, plugin name resolution, load-time checks).
 *
 * Everything exported from this file is public API of @axn/sdk, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * import { loadHost } from "@axn/sdk";
 * await loadHost({ cwd: process.cwd() }); // reads axn.config.*, applies plugins, freezes the host
 * ```
 */

// --- plugins ---
export {
  definePlugin,
  type AxnPlugin,
  type AnyAxnPlugin,
  type AxnPluginMetadata,
  type PluginOptionsOf,
  type PluginWithOptions,
  type PluginWithoutOptions,
} from "./plugin.js";

// --- config ---
export {
  defineConfig,
  RESERVED_CONFIG_KEYS,
  type AppSettingsRegistry,
  type AxnAppConfig,
  type PluginEntry,
} from "./config/define-config.js";
export { loadConfig, findConfigFile, CONFIG_FILE_NAMES, type LoadedConfig } from "./config/load-config.js";
export { expandPluginName, PLUGIN_PREFIX } from "./config/plugin-names.js";

// --- host ---
export {
  createHost,
  loadHost,
  type CreateHostOptions,
  type LoadedHost,
  type LoadedPlugin,
} from "./host/create-host.js";
export { PluginError } from "./host/plugin-error.js";
export { deprecator } from "./deprecator.js";
