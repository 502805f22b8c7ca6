/**
 * Enumeration: `Tools.for(key)` — one action per tool name (the latest version), sorted by name,
 * or every version — and `Tools.versions(key, name)`, one tool's version group. Both check the
 * version convention (a `V<n>` segment must match a declared `toolVersion`), refuse a duplicate
 * (name, version) saying how to disambiguate, and warn when called before discovery is complete.
 * An enumeration is cached until the catalog or the registry changes.
 *
 * @example
 * ```ts
 * toolsFor("mcp", { allVersions: true }); // sorted by toolName("mcp"), then ascending version
 * toolVersions("mcp", "approve_loan").latest;
 * ```
 */
import { internalsOf } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import type { AxnPrincipal } from "../action/principal.js";
import { catalogVersion } from "../runtime/catalog.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { assertKnownHints, extensionsFrozen } from "../extensions/registry.js";
import { axnConfig } from "../options/global.js";
import { kernel } from "../kernel/state.js";
import { mayCall } from "../access/decide.js";
import { splitSegments, versionSegment } from "../action/tool-name.js";
import { moduleOriginOf } from "../kernel/origins.js";
import { assertCatalogAdapters, requireAdapter } from "./adapters.js";
import { membersOf } from "./membership.js";
import { pendingRoots } from "./discovery.js";

export interface ToolsForOptions {
  /** Every version of each tool, not only the latest. */
  readonly allVersions?: boolean;
  /**
   * Only the tools this caller may call (`null` or `undefined`: an anonymous caller). Omit the key
   * for every member, whoever calls.
   */
  readonly principal?: AxnPrincipal | null;
}

export interface ToolVersions {
  /** Ascending by version. */
  readonly all: readonly AnyAxn[];
  readonly latest: AnyAxn;
}

/** A `V<n>` name segment must match a version the action itself declared. */
function checkVersionConvention(action: AnyAxn): void {
  const internals = internalsOf(action);
  const qualified = internals.name;
  const origin = moduleOriginOf(internals)?.qualifiedName;
  const fromOrigin = origin === undefined ? undefined : versionSegment(origin);
  const suffix = fromOrigin ?? (splitSegments(qualified).length >= 2 ? versionSegment(qualified) : undefined);
  if (suffix === undefined) return;
  // Name the module when the segment came from its path rather than from the action's name.
  const subject = fromOrigin === undefined ? `Action ${qualified}` : `Action ${qualified} (module ${origin})`;
  if (!internals.toolVersionDeclared) {
    throw new AxnError(
      ErrorCodes.ToolVersionMismatch,
      `${subject} ends in a V${suffix} segment but does not declare toolVersion; add toolVersion: ${suffix}`,
    );
  }
  if (internals.toolVersion !== suffix) {
    throw new AxnError(
      ErrorCodes.ToolVersionMismatch,
      `${subject} ends in a V${suffix} segment but declares toolVersion ${internals.toolVersion}; make them agree`,
    );
  }
}

function group(key: string, members: readonly AnyAxn[], check: boolean): Map<string, AnyAxn[]> {
  const groups = new Map<string, AnyAxn[]>();
  for (const action of members) {
    if (check) {
      checkVersionConvention(action);
      assertKnownHints(action.name, action.semanticHints);
    }
    const name = action.toolName(key);
    const list = groups.get(name);
    if (list === undefined) groups.set(name, [action]);
    else list.push(action);
  }
  for (const [name, list] of groups) {
    list.sort((a, b) => a.toolVersion - b.toolVersion || internalsOf(a).id - internalsOf(b).id);
    for (let i = 1; i < list.length; i++) {
      const prev = list[i - 1]!;
      const cur = list[i]!;
      if (prev.toolVersion === cur.toolVersion) {
        throw new AxnError(
          ErrorCodes.ToolConflict,
          `Tool name conflict for adapter "${key}": ${prev.name} and ${cur.name} both resolve to tool "${name}" version ${cur.toolVersion}; ` +
            `set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them`,
        );
      }
    }
  }
  return groups;
}

function warnIfIncomplete(): void {
  if (kernel.tools.warned) return;
  if (!extensionsFrozen() || pendingRoots()) {
    kernel.tools.warned = true;
    axnConfig().logger.warn(
      "axn: Tools.for was called before discovery was complete (the host has not finished loading or tool roots are not imported yet); " +
        "enumerate tools after loadHost()/Tools.discover() resolves",
    );
  }
}

/** Every member of `key` (cached), one per tool name or every version. */
function enumerate(key: string, allVersions: boolean): readonly AnyAxn[] {
  requireAdapter(key);
  warnIfIncomplete();
  const cacheKey = `${key}\u0000${allVersions}`;
  const stamp = `${catalogVersion()}:${kernel.tools.version}`;
  const cached = kernel.tools.cache.get(cacheKey);
  if (cached !== undefined && cached.stamp === stamp) return cached.members;
  assertCatalogAdapters();
  const groups = group(key, membersOf(key), true);
  const names = [...groups.keys()].sort();
  const members = Object.freeze(
    names.flatMap((name) => {
      const list = groups.get(name)!;
      return allVersions ? list : [list.at(-1)!];
    }),
  );
  kernel.tools.cache.set(cacheKey, { stamp, members });
  return members;
}

/** `Tools.for`: see the module header; with `principal`, only what that caller may call. */
export function toolsFor(key: string, options: ToolsForOptions = {}): readonly AnyAxn[] {
  const members = enumerate(key, options.allVersions === true);
  if (!("principal" in options)) return members;
  const principal = options.principal ?? undefined;
  return Object.freeze(members.filter((action) => mayCall(action, principal)));
}

/** `Tools.versions`: one tool's version group. Checks only the members it matched. */
export function toolVersions(key: string, name: string): ToolVersions {
  requireAdapter(key);
  const matched = membersOf(key).filter((a) => a.toolName(key) === name);
  if (matched.length === 0) throw new AxnError(ErrorCodes.UnknownTool, `No tool named "${name}" for adapter "${key}"`);
  const list = group(key, matched, true).get(name)!;
  return { all: Object.freeze([...list]), latest: list.at(-1)! };
}
