/**
 * `definePlugin`: how an `axn-plugin-*` package describes itself to the host. The metadata
 * (`name`, `version`, `host` range, `dependencies`) is checked when the app's config loads, in a
 * fixed order, before `apply` runs; `apply(host, options)` taps the host's hooks.
 *
 * A plugin that takes options declares their schema as `options` — a schema of any kind axn reads
 * for fields (zod 4, zod 3.25, valibot through Standard JSON Schema, ArkType…). The host validates
 * the config entry's options with it and hands `apply` the parsed value (defaults filled). A plugin
 * without `options` takes none, and the host refuses any given to it.
 *
 * @example
 * ```ts
 * export default definePlugin({
 *   name: "axn-plugin-audit",
 *   version: "1.0.0",
 *   host: "^0.1.0",
 *   options: z.strictObject({ level: z.enum(["info", "debug"]).default("info") }),
 *   apply(host, { level }) {
 *     host.hooks.onResult.tap("axn-plugin-audit", (info) => log(level, info));
 *   },
 * });
 * ```
 */
import type { AxnHost, FieldSchema } from "@axn/core";

/** What the host checks before `apply` runs. */
export interface AxnPluginMetadata {
  /** The npm package name (`axn-plugin-mcp`); errors and hook attribution use it. Tap hooks under it. */
  readonly name: string;
  /** The plugin's own version. */
  readonly version: string;
  /** The semver range of `@axn/core` this plugin supports (`"^0.1.0"`). */
  readonly host: string;
  /** Plugins that must be listed (and so applied) before this one, by name. */
  readonly dependencies?: readonly string[];
}

export interface AxnPlugin<Options = undefined> extends AxnPluginMetadata {
  /**
   * The schema of the options the plugin takes (the second element of a `[name, options]` config
   * entry). Absent: the plugin takes no options, and the host refuses any.
   */
  readonly options?: FieldSchema;
  /** Taps the host's hooks. `options` is the config entry's options, as the `options` schema parsed them. */
  apply(host: AxnHost, options: Options): void | Promise<void>;
}

/** Any plugin, whatever its options (what a config's `plugins` list holds). */
export type AnyAxnPlugin = AxnPlugin<never>;

/** The value a plugin's options schema parses to: what `apply` receives. */
export type PluginOptionsOf<S extends FieldSchema> = NonNullable<S["~standard"]["types"]>["output"];

/** A plugin that takes options: `options` is their schema, and types `apply`'s second parameter. */
export interface PluginWithOptions<S extends FieldSchema> extends AxnPluginMetadata {
  readonly options: S;
  readonly apply: (host: AxnHost, options: PluginOptionsOf<S>) => void | Promise<void>;
}

/** A plugin that takes no options: no schema, and `apply` has no options parameter. */
export interface PluginWithoutOptions extends AxnPluginMetadata {
  readonly options?: undefined;
  readonly apply: (host: AxnHost) => void | Promise<void>;
}

/**
 * Types a plugin definition and freezes it. With an `options` schema, `apply`'s options are typed
 * by it; without one, `apply` takes none (typing an options parameter without a schema is a compile
 * error: the host would refuse every option given).
 */
export function definePlugin<S extends FieldSchema>(plugin: PluginWithOptions<S>): AxnPlugin<PluginOptionsOf<S>>;
export function definePlugin(plugin: PluginWithoutOptions): AxnPlugin;
export function definePlugin(plugin: AxnPlugin<unknown>): AxnPlugin<unknown> {
  return Object.freeze({
    ...plugin,
    ...(plugin.dependencies ? { dependencies: Object.freeze([...plugin.dependencies]) } : {}),
  });
}
