/**
 * The installed version of each peer, read from its package.json when the bench runs, so the page
 * names what was measured rather than what a range in package.json allows.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const cache = new Map<string, string>();

/** `name@version` of an installed package (workspace root node_modules), or `name (not installed)`. */
export function versionOf(name: string): string {
  let version = cache.get(name);
  if (version === undefined) {
    try {
      // Read by path: not every package lists ./package.json in its `exports`.
      const file = fileURLToPath(new URL(`../../../node_modules/${name}/package.json`, import.meta.url));
      version = (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
    } catch {
      version = "not installed";
    }
    cache.set(name, version);
  }
  return `${name} ${version}`;
}
