/**
 * The load-time checks, in the order they run (fastify's order): shape, host version,
 * dependencies, duplicate name. Each failure is a `PluginError` with a stable code that names the
 * plugin. The first three need only the plugin; the duplicate check needs what came before it.
 */
import { ErrorCodes } from "@axn/core";
import semver from "semver";
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
  if (typeof plugin.version !== "string" || semver.valid(plugin.version) === null) {
    throw invalid(`"version" must be a semver version, got ${JSON.stringify(plugin.version)}`, name);
  }
  if (typeof plugin.host !== "string" || semver.validRange(plugin.host) === null) {
    throw invalid(`"host" must be a semver range of @axn/core (e.g. "^0.1.0"), got ${JSON.stringify(plugin.host)}`, name);
  }
  if (
    plugin.dependencies !== undefined &&
    (!Array.isArray(plugin.dependencies) || !plugin.dependencies.every((d) => typeof d === "string" && d !== ""))
  ) {
    throw invalid(`"dependencies" must be an array of plugin names`, name);
  }
  if (typeof plugin.apply !== "function") throw invalid(`"apply" must be a function`, name);
  return candidate as AnyAxnPlugin;
}

/**
 * 2. Host version. Prereleases count: a plugin for `^0.2.0` accepts `0.2.1-rc.1`, since ranges
 * without prereleases would otherwise reject every release candidate of a compatible core.
 */
export function checkHostVersion(plugin: AnyAxnPlugin, coreVersion: string): void {
  if (!semver.satisfies(coreVersion, plugin.host, { includePrerelease: true })) {
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

/**
 * 4. Duplicate name. The same object twice is fine (two configs sharing a preset); a different
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
