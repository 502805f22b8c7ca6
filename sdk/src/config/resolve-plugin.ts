/**
 * Turns one `plugins` entry into the value its module exports, without judging it (the host's
 * checks do that, in their fixed order). Names expand by convention and resolve from the config
 * file's folder, as if the config file itself imported them; a package that cannot be found gets
 * a did-you-mean over the installed `axn-plugin-*` packages (or the `npm install` line for it), a
 * path that cannot be found says where it looked.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ErrorCodes } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import { PluginError } from "../host/plugin-error.js";
import { installedPluginPackages, suggestPlugin } from "./did-you-mean.js";
import { importModule } from "./import-module.js";
import { isMissingImport } from "./missing-module.js";
import { jitiFactory } from "./jiti.js";
import { expandPluginName, isPathSpecifier } from "./plugin-names.js";

export interface ResolvedEntry {
  /** What the entry points at: a module's default export, or the inline object. Unchecked. */
  readonly candidate: unknown;
  readonly options: unknown;
  /** How messages name the entry until the plugin's own name is known. */
  readonly label: string;
  /** The resolved file, or `"inline"` for a plugin object. */
  readonly source: string;
}

export interface ResolveContext {
  /** The folder names and paths resolve from: the config file's. */
  readonly baseDir: string;
  /** The config file, for messages. */
  readonly where: string;
}

const PATH_EXTENSIONS = [".ts", ".mts", ".mjs", ".js", ".cjs"];

export async function resolvePluginEntry(
  entry: unknown,
  index: number,
  context: ResolveContext,
): Promise<ResolvedEntry> {
  let target: unknown = entry;
  let options: unknown;
  if (Array.isArray(entry)) {
    if (entry.length < 1 || entry.length > 2) throw badEntry(index, context);
    [target, options] = entry as [unknown, unknown];
  }
  if (typeof target === "string" && target !== "") {
    const { file, label } = locate(target, context);
    let namespace: Record<string, unknown>;
    try {
      namespace = await importModule(file);
    } catch (error) {
      // The plugin is there but a package it imports is not (its peer), or a file is missing:
      // importModule already said who imports what and what to do; the code stays that one.
      if (isMissingImport(error)) {
        const said = error.message.startsWith(`${label} `) ? error.message : `Plugin "${label}": ${error.message}`;
        throw new PluginError(error.code, label, said, { cause: error });
      }
      throw new PluginError(
        ErrorCodes.PluginInvalid,
        label,
        `Plugin "${label}" could not be loaded from ${file}: ${errorMessage(error)}`,
        { cause: error },
      );
    }
    return { candidate: namespace["default"], options, label, source: file };
  }
  if (typeof target === "object" && target !== null) {
    const name = (target as { name?: unknown }).name;
    return {
      candidate: target,
      options,
      label: typeof name === "string" && name !== "" ? name : `#${index + 1}`,
      source: "inline",
    };
  }
  throw badEntry(index, context);
}

function locate(spec: string, context: ResolveContext): { file: string; label: string } {
  if (isPathSpecifier(spec)) {
    const base = resolve(context.baseDir, spec);
    const file = [base, ...PATH_EXTENSIONS.map((ext) => base + ext)].find(isFile);
    if (file === undefined) {
      // A path is not a package: there is nothing to install, only the path to check.
      const from = isAbsolute(context.where) ? context.where : context.baseDir;
      throw new PluginError(
        ErrorCodes.PluginNotFound,
        spec,
        `Plugin "${spec}" was not found at ${base} (resolved from ${from}); check the path`,
      );
    }
    return { file, label: spec };
  }
  const name = expandPluginName(spec);
  const main = resolvePackage(name, context.baseDir);
  const file =
    main !== undefined && exportsPluginEntry(main, name) ? resolvePackage(`${name}/plugin`, context.baseDir) : main;
  if (file === undefined) {
    const suggestion = suggestPlugin(name, installedPluginPackages(context.baseDir));
    const hint = suggestion === undefined ? `is it installed? (npm install ${name})` : `did you mean "${suggestion}"?`;
    throw new PluginError(
      ErrorCodes.PluginNotFound,
      name,
      `Plugin "${name}" not found (listed as "${spec}" in ${context.where}); ${hint}`,
    );
  }
  return { file, label: name };
}

/**
 * Resolves like an import written in the config file. `require.resolve` covers packages with a
 * `default`/`require` entry; an ESM-only package (an `import`-only exports map) goes through
 * jiti's ESM resolver with the same parent.
 */
function resolvePackage(name: string, baseDir: string): string | undefined {
  const parent = join(baseDir, "axn.config.js");
  try {
    return createRequire(parent).resolve(name);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "ERR_PACKAGE_PATH_NOT_EXPORTED") return undefined;
  }
  const url = jitiFactory()(parent).esmResolve(name, { parentURL: pathToFileURL(parent).href, try: true });
  return url === undefined ? undefined : url.startsWith("file:") ? fileURLToPath(url) : url;
}

/**
 * Whether the package whose entry is `file` exports `./plugin`, a light entry for the host
 * (docs/plugins.md, "A light entry for the host"): read from its package.json, found upward from
 * the entry, so a package without one costs no second resolution.
 */
function exportsPluginEntry(file: string, name: string): boolean {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, "package.json");
    if (!isFile(manifest)) continue;
    let parsed: { name?: unknown; exports?: unknown };
    try {
      parsed = JSON.parse(readFileSync(manifest, "utf8")) as typeof parsed;
    } catch {
      return false;
    }
    // A nested package.json (`{"type": "module"}` in dist/) names no package: keep looking up.
    if (parsed.name !== name) continue;
    const { exports } = parsed;
    return typeof exports === "object" && exports !== null && "./plugin" in exports;
  }
  return false;
}

function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

function badEntry(index: number, context: ResolveContext): PluginError {
  return new PluginError(
    ErrorCodes.PluginInvalid,
    `#${index + 1}`,
    `Plugin entry #${index + 1} in ${context.where} is not a plugin: expected a name, [name, options] or a plugin object`,
  );
}
