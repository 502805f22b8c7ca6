/**
 * `defineConfig`: the shape of an app's `axn.config.*`. Besides `plugins`, each top-level key names
 * an adapter's config namespace and carries its app-wide settings (`mcp: { presentAs: "message",
 * toolRoots: ["agent_tools"] }`); `axn` carries the global options of `configureAxn`.
 *
 * Plugins type their namespace by augmenting {@link AppSettingsRegistry}, so a misspelt value is a
 * compile error in the app's config once the plugin's types are imported.
 *
 * @example
 * ```ts
 * // axn.config.ts
 * import { defineConfig } from "@axn/sdk";
 * export default defineConfig({
 *   plugins: ["mcp", ["@acme/audit", { level: "info" }], "./plugins/local.ts"],
 *   mcp: { presentAs: "message", toolRoots: ["agent_tools"] },
 * });
 * ```
 */
import type { AxnGlobalOptions } from "@axn/core";
import type { AnyAxnPlugin } from "../plugin.js";
import type { QueueSettings } from "../queue/connection.js";
import type { ServeSettings } from "./serve-settings.js";

/**
 * Namespace → app-wide settings, for plugins to augment:
 * `declare module "@axn/sdk" { interface AppSettingsRegistry { mcp: SettingsOf<typeof mcpConfig> } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty on purpose; plugins add their settings by declaration merging
export interface AppSettingsRegistry {}

/**
 * One `plugins` entry: a name (`"mcp"` → `axn-plugin-mcp`, `"@org/x"` → `@org/axn-plugin-x`, a full
 * package name or a relative path as given), a plugin object, or either with options.
 */
export type PluginEntry =
  | string
  | AnyAxnPlugin
  | readonly [name: string, options: unknown]
  | readonly [plugin: AnyAxnPlugin, options: unknown];

type KnownSettings = { readonly [K in keyof AppSettingsRegistry]?: Partial<AppSettingsRegistry[K]> };

export type AxnAppConfig = KnownSettings & {
  /** Loaded in order; a plugin's dependencies must come before it. */
  readonly plugins?: readonly PluginEntry[];
  /** Global options (`configureAxn`). */
  readonly axn?: AxnGlobalOptions;
  /** Background calls: `{ connection: "redis://…" }` runs them on BullMQ; absent, on the embedded queue. */
  readonly queue?: QueueSettings;
  /** What every HTTP-served transport applies alike: authentication, Host/Origin, limits (docs/security.md). */
  readonly serve?: Partial<ServeSettings>;
  /** Any other key: the settings of the adapter owning that config namespace. */
  readonly [namespace: string]: object | undefined;
};

/** Keys of the config that are not adapter namespaces. */
export const RESERVED_CONFIG_KEYS: readonly string[] = ["plugins", "axn", "queue"];

/** Types an app config. Returns it unchanged. */
export function defineConfig<const C extends AxnAppConfig>(config: C): C {
  return config;
}
