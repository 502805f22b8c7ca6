/**
 * `definePlugin`: how an `axn-plugin-*` package describes itself to the host. The metadata
 * (`name`, `version`, `host` range, `dependencies`) is checked when the app's config loads, in a
 * fixed order, before `apply` runs; `apply(host, options)` taps the host's hooks.
 *
 * @example
 * ```ts
 * export default definePlugin({
 *   name: "axn-plugin-mcp",
 *   version: "1.0.0",
 *   host: "^0.1.0",
 *   apply(host, options: { title?: string } | undefined) {
 *     host.hooks.registerAdapter.tap("axn-plugin-mcp", (adapters) => adapters.add("mcp", mcpRoots));
 *   },
 * });
 * ```
 */
import type { AxnHost } from "@axn/core";

export interface AxnPlugin<Options = undefined> {
  /** The npm package name (`axn-plugin-mcp`); errors and hook attribution use it. Tap hooks under it. */
  readonly name: string;
  /** The plugin's own version. */
  readonly version: string;
  /** The semver range of `@axn/core` this plugin supports (`"^0.1.0"`). */
  readonly host: string;
  /** Plugins that must be listed (and so applied) before this one, by name. */
  readonly dependencies?: readonly string[];
  /** Taps the host's hooks. `options` is the second element of a `[name, options]` config entry. */
  apply(host: AxnHost, options: Options): void | Promise<void>;
}

/** Any plugin, whatever its options (what a config's `plugins` list holds). */
export type AnyAxnPlugin = AxnPlugin<never>;

/** Types a plugin definition (options are inferred from `apply`'s second parameter) and freezes it. */
export function definePlugin<Options = undefined>(plugin: AxnPlugin<Options>): AxnPlugin<Options> {
  return Object.freeze({ ...plugin, ...(plugin.dependencies ? { dependencies: Object.freeze([...plugin.dependencies]) } : {}) });
}
