/**
 * "Did you mean …?" for a plugin that is not installed: the installed `axn-plugin-*` packages
 * (plain and scoped) found in the `node_modules` folders from the config's folder upward, ranked
 * by edit distance to what was asked for.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { closestMatch } from "@axn/core/internal";
import { PLUGIN_PREFIX } from "./plugin-names.js";

/** Installed plugin package names visible from `fromDir`, sorted, without duplicates. */
export function installedPluginPackages(fromDir: string): readonly string[] {
  const found = new Set<string>();
  let dir = fromDir;
  for (;;) {
    const modules = join(dir, "node_modules");
    for (const entry of safeList(modules)) {
      if (entry.startsWith(`${PLUGIN_PREFIX}-`)) found.add(entry);
      else if (entry.startsWith("@")) {
        for (const scoped of safeList(join(modules, entry))) {
          if (scoped === PLUGIN_PREFIX || scoped.startsWith(`${PLUGIN_PREFIX}-`)) found.add(`${entry}/${scoped}`);
        }
      }
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return [...found].sort();
}

/**
 * The installed plugin closest to `wanted` (a full package name). Only the part after the
 * `axn-plugin-` prefix is compared: the shared prefix would make every name look close.
 */
export function suggestPlugin(wanted: string, installed: readonly string[]): string | undefined {
  const strip = (name: string): string => name.replace(`${PLUGIN_PREFIX}-`, "");
  const byKey = new Map(installed.filter((name) => name !== wanted).map((name) => [strip(name), name] as const));
  const key = closestMatch(strip(wanted), [...byKey.keys()]);
  return key === undefined ? undefined : byKey.get(key);
}

/** One edit-distance rule for every did-you-mean in axn: core's. */
export { closestMatch };

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
