/**
 * Listing the modules under a tool root, over what real folders hold. Links are followed only
 * where following them keeps the broad-path guard's promise; anything else is skipped with a
 * warning naming the path (relative to the project root), never a crash:
 *
 * - a dangling link (an editor's lock file `.#x.ts` is one), or a link loop (`ELOOP`);
 * - a link to a folder that contains it (a loop discovery would walk forever);
 * - a link leading out of the project: a root exposes only modules inside the project;
 * - a link to a folder that ends in a bulk folder (`agent_tools/biz → ../app`).
 *
 * A link to a place inside the same root is skipped silently: the walk reaches it by its real
 * path, which is the one that names its tool.
 */
import { lstatSync, readdirSync, readlinkSync, realpathSync, statSync, type Dirent } from "node:fs";
import { extname, join, relative } from "node:path";
import { bulkFolderOf, errorCode, escapes, posix, realPathOf } from "./roots.js";

const MODULE_EXTENSIONS = new Set([".ts", ".mts", ".js", ".mjs"]);

/** A module discovery imports: the path it was found at (through any link) and where it really is. */
export interface RootModule {
  readonly path: string;
  readonly real: string;
}

/** Modules under `root`, in sorted path order. `warn` receives one line per skipped entry. */
export function listRootModules(root: string, projectRoot: string, warn: (message: string) => void): RootModule[] {
  const realProject = realPathOf(projectRoot);
  const show = (path: string): string => posix(relative(projectRoot, path));
  const skip = (path: string, why: string): void => warn(`axn: tool discovery skipped "${show(path)}": ${why}`);
  const out: RootModule[] = [];

  const realRoot = resolveLink(root, skip, { silentWhenMissing: true });
  if (realRoot === undefined || !isDirectory(realRoot)) return out;

  const walk = (dir: string, realDir: string): void => {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
      );
    } catch (error) {
      skip(dir, `it cannot be read (${errorCode(error) ?? String(error)})`);
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        const real = resolveLink(path, skip, { silentWhenMissing: false });
        if (real === undefined) continue;
        const rel = relative(realProject, real);
        if (escapes(rel)) {
          skip(
            path,
            `it is a symlink to "${real}", outside the project root; a tool root exposes only modules inside the project`,
          );
          continue;
        }
        if (isDirectory(real)) {
          if (contains(real, realDir)) {
            const target = rel === "" ? "the project root" : `"${posix(rel)}"`;
            skip(path, `it is a symlink to ${target}, a folder that contains the link (a loop); remove the link`);
          } else if (contains(realRoot, real)) {
            // Reached by the walk under its real path.
          } else if (bulkFolderOf(rel) !== undefined) {
            skip(
              path,
              `it is a symlink to "${posix(rel)}", which ends in the bulk folder "${bulkFolderOf(rel)}"; ` +
                `link the tool modules themselves, or move them under the tool root`,
            );
          } else walk(path, real);
        } else if (isModuleName(entry.name) && !contains(realRoot, real)) {
          out.push({ path, real });
        }
      } else if (entry.isDirectory()) {
        walk(path, join(realDir, entry.name));
      } else if (isModuleName(entry.name) && (entry.isFile() || isFile(path))) {
        out.push({ path, real: join(realDir, entry.name) });
      }
    }
  };
  walk(root, realRoot);
  return out;
}

/**
 * Where `path` really is, or undefined after reporting why it cannot be followed. A missing
 * root that is not a link is normal (an adapter's default root the app never created).
 */
function resolveLink(
  path: string,
  skip: (path: string, why: string) => void,
  options: { silentWhenMissing: boolean },
): string | undefined {
  try {
    return realpathSync(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") {
      const target = linkTarget(path);
      if (target !== undefined)
        skip(path, `it is a symlink to "${target}", which does not exist; remove the link or restore its target`);
      else if (!options.silentWhenMissing) skip(path, "it no longer exists");
    } else if (code === "ELOOP") {
      skip(path, "it is a symlink loop; remove the link");
    } else {
      skip(path, `it cannot be read (${code ?? String(error)})`);
    }
    return undefined;
  }
}

function linkTarget(path: string): string | undefined {
  try {
    return lstatSync(path).isSymbolicLink() ? readlinkSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** True when `inner` is `outer` or lies inside it (both real paths). */
function contains(outer: string, inner: string): boolean {
  return !escapes(relative(outer, inner));
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function isModuleName(name: string): boolean {
  return MODULE_EXTENSIONS.has(extname(name)) && !name.endsWith(".d.ts") && !/\.(spec|test)\.[mc]?[jt]s$/.test(name);
}
