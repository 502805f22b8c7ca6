/**
 * The plugin naming convention, Babel-style: a short name expands to the package that follows the
 * `axn-plugin-` convention, so configs stay short and the registry search for plugins stays simple.
 *
 * @example
 * ```ts
 * expandPluginName("mcp");            // "axn-plugin-mcp"
 * expandPluginName("@acme/audit");    // "@acme/axn-plugin-audit"
 * expandPluginName("./plugins/x.ts"); // "./plugins/x.ts"
 * ```
 */
import { isAbsolute } from "node:path";

export const PLUGIN_PREFIX = "axn-plugin";

/** True for `./x`, `../x` and absolute paths: those are taken as files, never expanded. */
export function isPathSpecifier(spec: string): boolean {
  return spec.startsWith("./") || spec.startsWith("../") || spec === "." || spec === ".." || isAbsolute(spec);
}

/** The package (or path) a `plugins` entry name refers to. */
export function expandPluginName(spec: string): string {
  if (isPathSpecifier(spec)) return spec;
  if (spec.startsWith("@")) {
    const slash = spec.indexOf("/");
    if (slash === -1) return `${spec}/${PLUGIN_PREFIX}`;
    const scope = spec.slice(0, slash);
    const rest = spec.slice(slash + 1);
    return rest === PLUGIN_PREFIX || rest.startsWith(`${PLUGIN_PREFIX}-`) ? spec : `${scope}/${PLUGIN_PREFIX}-${rest}`;
  }
  return spec.startsWith(`${PLUGIN_PREFIX}-`) ? spec : `${PLUGIN_PREFIX}-${spec}`;
}
