/**
 * The load-time checks, in the order they run (fastify's order, with the options before the
 * duplicate check): shape, host version, dependencies, options, duplicate name. Each failure is a
 * `PluginError` with a stable code that names the plugin. Shape and host version need only the
 * plugin, options the config entry too; dependencies and duplicates need what came before it.
 */
import { basename, isAbsolute } from "node:path";
import { inspect } from "node:util";
import { ErrorCodes } from "@axn/core";
import { errorMessage, readSchema } from "@axn/core/internal";
// semver's modules one by one: its index requires all ~50 of them at every CLI start (bench: row 21b).
import satisfies from "semver/functions/satisfies.js";
import validVersion from "semver/functions/valid.js";
import validRange from "semver/ranges/valid.js";
import type { AnyAxnPlugin } from "../plugin.js";
import { expandPluginName } from "../config/plugin-names.js";
import { PluginError } from "./plugin-error.js";

/** 1. Shape: the fields `definePlugin` types, checked at runtime for JS configs and raw objects. */
export function checkShape(candidate: unknown, label: string): AnyAxnPlugin {
  const invalid = (problem: string, name = label): PluginError =>
    new PluginError(ErrorCodes.PluginInvalid, name, `Plugin "${name}" is invalid: ${problem}`);
  if (typeof candidate !== "object" || candidate === null) {
    throw invalid(
      candidate === undefined
        ? "its module has no default export (export default definePlugin({ name, version, host, apply }))"
        : `expected a plugin object from definePlugin({ name, version, host, apply }), got ${typeof candidate}`,
    );
  }
  const plugin = candidate as Partial<Record<keyof AnyAxnPlugin, unknown>>;
  if (typeof plugin.name !== "string" || plugin.name === "") throw invalid(`"name" must be a non-empty string`);
  const name = plugin.name;
  if (typeof plugin.version !== "string" || validVersion(plugin.version) === null) {
    throw invalid(`"version" must be a semver version, got ${JSON.stringify(plugin.version)}`, name);
  }
  if (typeof plugin.host !== "string" || validRange(plugin.host) === null) {
    throw invalid(
      `"host" must be a semver range of @axn/core (e.g. "^0.1.0"), got ${JSON.stringify(plugin.host)}`,
      name,
    );
  }
  if (
    plugin.dependencies !== undefined &&
    (!Array.isArray(plugin.dependencies) || !plugin.dependencies.every((d) => typeof d === "string" && d !== ""))
  ) {
    throw invalid(`"dependencies" must be an array of plugin names`, name);
  }
  if (plugin.options !== undefined) {
    try {
      readSchema(plugin.options);
    } catch (error) {
      throw invalid(
        `"options" must be the schema of its options (zod, valibot, ArkType…): ${errorMessage(error)}`,
        name,
      );
    }
  }
  if (typeof plugin.apply !== "function") throw invalid(`"apply" must be a function`, name);
  return candidate as AnyAxnPlugin;
}

/**
 * 2. Host version. Prereleases count: a plugin for `^0.2.0` accepts `0.2.1-rc.1`, since ranges
 * without prereleases would otherwise reject every release candidate of a compatible core.
 */
export function checkHostVersion(plugin: AnyAxnPlugin, coreVersion: string): void {
  if (!satisfies(coreVersion, plugin.host, { includePrerelease: true })) {
    throw new PluginError(
      ErrorCodes.PluginHostVersion,
      plugin.name,
      `Plugin "${plugin.name}" requires @axn/core ${plugin.host}, but ${coreVersion} is installed`,
    );
  }
}

/** 3. Every declared dependency was registered earlier (by its name or its short name). */
export function checkDependencies(plugin: AnyAxnPlugin, registered: ReadonlyMap<string, AnyAxnPlugin>): void {
  for (const dependency of plugin.dependencies ?? []) {
    if (!registered.has(dependency) && !registered.has(expandPluginName(dependency))) {
      throw new PluginError(
        ErrorCodes.PluginMissingDependency,
        plugin.name,
        `The dependency "${dependency}" of plugin "${plugin.name}" is not registered`,
      );
    }
  }
}

/** Where a config entry was listed, for the options check's messages. */
export interface EntryOrigin {
  /** How the entry names the plugin (the expanded package name, the path as written), or its name when inline. */
  readonly label: string;
  /** The resolved file, or `"inline"` for a plugin object. */
  readonly source: string;
  /** The config file's path, or what stands for it (`the config passed to createHost`). */
  readonly where: string;
}

/**
 * 4. Options, by the plugin's declared `options` schema: what `apply` receives is the schema's
 * parsed value (defaults filled in). A plugin without a schema takes no options.
 */
export function checkOptions(plugin: AnyAxnPlugin, options: unknown, origin: EntryOrigin): unknown {
  const config = isAbsolute(origin.where) ? basename(origin.where) : origin.where;
  const refuse = (message: string): PluginError => new PluginError(ErrorCodes.ConfigInvalid, plugin.name, message);
  if (plugin.options === undefined) {
    if (options === undefined) return undefined;
    throw refuse(`Plugin "${plugin.name}" takes no options, got ${show(options)}; remove them from ${config}`);
  }
  const outcome = readSchema(plugin.options).validate(options);
  if (outcome.ok) return outcome.value;
  if (options === undefined) {
    const entry = origin.source === "inline" ? "plugin" : JSON.stringify(origin.label);
    throw refuse(`Plugin "${plugin.name}" requires options, got none; list it as [${entry}, options] in ${config}`);
  }
  const issues = outcome.issues.map((issue) =>
    issue.path.length === 0 ? issue.message : `${formatPath(issue.path)}: ${issue.message}`,
  );
  throw refuse(`Plugin "${plugin.name}" was given invalid options in ${config}: ${issues.join("; ")}`);
}

/** A config value as the app wrote it, bounded: `{ port: 1 }`. */
function show(value: unknown): string {
  return inspect(value, { depth: 2, breakLength: Infinity, maxArrayLength: 10, maxStringLength: 60 });
}

/** An issue path as property access: `cors.origins[0]`. */
function formatPath(path: readonly (string | number)[]): string {
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`)).join("");
}

/**
 * 5. Duplicate name. The same object twice is fine (two configs sharing a preset); a different
 * object under a taken name is two plugins claiming one identity. Returns true for a repeat.
 */
export function checkDuplicate(plugin: AnyAxnPlugin, registered: ReadonlyMap<string, AnyAxnPlugin>): boolean {
  const previous = registered.get(plugin.name);
  if (previous === undefined) return false;
  if (previous === plugin) return true;
  throw new PluginError(
    ErrorCodes.PluginDuplicate,
    plugin.name,
    `Plugin "${plugin.name}" is registered twice by different plugin objects; list it once (the same plugin object may repeat)`,
  );
}
