/**
 * What every command but `doctor` refuses before it uses a loaded app (doctor reports the same
 * problems as findings instead): a tool root that does not exist — it would serve nothing,
 * quietly — and two actions resolving to one tool name and version, named with the files that
 * define them. Both are config errors (exit 3), like any other problem of the app's setup.
 */
import { existsSync, statSync } from "node:fs";
import { relative, resolve } from "node:path";
import { isAxnError, Tools, type AnyAxn } from "@axn/core";
import { catalogActions, definingFileOf, internalsOf, registeredAdapters } from "@axn/core/internal";
import { CliError, ExitCode } from "./errors.js";

export function assertToolRootsExist(root: string, where: string): void {
  for (const adapter of registeredAdapters()) {
    for (const toolRoot of adapter.configSource?.toolRoots() ?? []) {
      const dir = resolve(root, toolRoot);
      if (existsSync(dir) && statSync(dir).isDirectory()) continue;
      throw new CliError(
        ExitCode.config,
        `Tool root "${toolRoot}" of adapter ${adapter.key} does not exist (${dir})`,
        `Create the folder, or fix ${adapter.key}.toolRoots in ${where}.`,
      );
    }
  }
}

export function assertNoToolConflicts(root: string): void {
  for (const { key } of registeredAdapters()) {
    try {
      Tools.for(key, { allVersions: true });
    } catch (error) {
      if (!isAxnError(error)) throw error;
      const code = (error as { code?: unknown }).code;
      const clash = conflictingDefinitions(key).map((action) => `  ${action.name} (${definedIn(action, root)})`);
      throw new CliError(
        ExitCode.config,
        [
          `${(error as Error).message} [${String(code)}]`,
          ...(clash.length === 0 ? [] : ["Defined in:", ...clash]),
        ].join("\n"),
        'Give one of them a distinct tool name (tool: { name: "..." }) or toolVersion; `axn doctor` lists every problem.',
        { cause: error },
      );
    }
  }
}

/** The first group of members of `key` that share a tool name and version. */
function conflictingDefinitions(key: string): AnyAxn[] {
  const groups = new Map<string, AnyAxn[]>();
  for (const action of catalogActions()) {
    if (!Tools.isMember(action, key)) continue;
    const id = `${action.toolName(key)}@${action.toolVersion}`;
    groups.set(id, [...(groups.get(id) ?? []), action]);
  }
  return [...groups.values()].find((group) => group.length > 1) ?? [];
}

function definedIn(action: AnyAxn, root: string): string {
  const file = definingFileOf(internalsOf(action));
  if (file === undefined) return "defined outside a module file";
  const path = relative(root, file);
  return path.startsWith("..") ? file : path;
}
