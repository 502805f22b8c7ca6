/**
 * The app's tools as the CLI shows them: every version of every action that is a member of at
 * least one registered adapter, with the adapters that list it. Lookup by name (`create_ticket`,
 * the latest version) or name and version (`create_ticket@1`).
 */
import { Tools, type AnyAxn } from "@axn/core";
import { errorMessage } from "@axn/core/internal";
import { closestMatch } from "../config/did-you-mean.js";
import { CliError, ExitCode, usageError } from "./errors.js";

export interface ToolEntry {
  readonly action: AnyAxn;
  /** The tool name (the same for every adapter unless one has a per-adapter name override). */
  readonly name: string;
  readonly version: number;
  /** Adapter keys that list this version, sorted. */
  readonly adapters: readonly string[];
  /** Adapter key → the name that adapter publishes, when it differs from `name`. */
  readonly otherNames: Readonly<Record<string, string>>;
}

/** Every tool version, sorted by name then version; only `adapter`'s when given. */
export function listTools(adapter?: string): ToolEntry[] {
  const keys = Tools.adapters();
  if (adapter !== undefined && !keys.includes(adapter)) {
    throw new CliError(
      ExitCode.usage,
      `Unknown adapter "${adapter}"; registered adapters: ${keys.length === 0 ? "(none)" : keys.join(", ")}`,
      "Adapters come from the plugins listed in axn.config.*.",
    );
  }
  const byAction = new Map<AnyAxn, { name: string; adapters: string[]; otherNames: Record<string, string> }>();
  for (const key of adapter === undefined ? keys : [adapter]) {
    let members: readonly AnyAxn[];
    try {
      members = Tools.for(key, { allVersions: true });
    } catch (error) {
      throw new CliError(ExitCode.config, errorMessage(error), "Run `axn doctor` for a full check.");
    }
    for (const action of members) {
      const name = action.toolName(key);
      const entry = byAction.get(action);
      if (entry === undefined) byAction.set(action, { name, adapters: [key], otherNames: {} });
      else {
        entry.adapters.push(key);
        if (name !== entry.name) entry.otherNames[key] = name;
      }
    }
  }
  return [...byAction.entries()]
    .map(([action, entry]) => ({
      action,
      name: entry.name,
      version: action.toolVersion,
      adapters: [...entry.adapters].sort(),
      otherNames: entry.otherNames,
    }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.version - b.version));
}

/** `name`, `name@2` or `name@v2` → the tool version it means (the latest when no version is given). */
export function findTool(spec: string): ToolEntry {
  const match = /^([^@]+?)(?:@v?(\d+))?$/.exec(spec.trim());
  if (match === null)
    throw usageError(`"${spec}" is not a tool name (expected NAME or NAME@VERSION, e.g. create_ticket@2)`);
  const name = match[1]!;
  const version = match[2] === undefined ? undefined : Number(match[2]);
  const tools = listTools();
  const versions = tools.filter((tool) => tool.name === name || Object.values(tool.otherNames).includes(name));
  if (versions.length === 0) {
    const suggestion = closestMatch(name, [...new Set(tools.map((tool) => tool.name))]);
    throw new CliError(
      ExitCode.unknownTool,
      `Unknown tool "${name}"${suggestion === undefined ? "" : `; did you mean "${suggestion}"?`}`,
      "Run `axn tools` to list the tools.",
    );
  }
  if (version === undefined) return versions.at(-1)!;
  const exact = versions.find((tool) => tool.version === version);
  if (exact === undefined) {
    throw new CliError(
      ExitCode.unknownTool,
      `Tool "${name}" has no version ${version}; available: ${versions.map((tool) => `${name}@${tool.version}`).join(", ")}`,
    );
  }
  return exact;
}
