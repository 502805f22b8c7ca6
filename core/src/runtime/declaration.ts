/**
 * The declaration check of `defineAxn`: everything about a definition that can be wrong before any
 * call — its shape, its fields, its tool options, its version guardrails, its hints — checked once
 * and returned normalized. A mistake is a `TypeError` naming the action (and the field).
 */
import type { Fields, NormalizedField } from "../action/fields.js";
import { isAction, type NormalizedToolDeclaration } from "../action/internals.js";
import type { AxnDefinition } from "../action/types.js";
import { LIVE_NEEDS, type LiveNeed } from "../action/live.js";
import {
  checkDefinitionKeys,
  checkMessages,
  normalizeFields,
  normalizeTool,
  normalizeToolVersion,
  refuseReservedInputNames,
  type NormalizedTool,
} from "./normalize.js";
import { assertKnownHints, extensionsFrozen } from "../extensions/registry.js";
import { DEFAULT_TOOL_PREFIXES, splitSegments, versionSegment } from "../action/tool-name.js";

export type AnyDefinition = AxnDefinition<Fields, Fields>;

/** A definition that passed every check, with its parts normalized. */
export interface Declaration {
  readonly name: string;
  readonly def: AnyDefinition;
  readonly expects: NormalizedField[];
  readonly exposes: NormalizedField[];
  readonly tool: NormalizedToolDeclaration;
  readonly overrides: NormalizedTool["overrides"];
  readonly toolVersion: number;
  readonly hints: string[];
  readonly prefixes: readonly string[];
}

/** Checks a definition (`factory`: built by `Factory.build`, never a catalogued tool member). */
export function checkDeclaration(definition: unknown, factory: boolean): Declaration {
  if (typeof definition !== "object" || definition === null)
    throw new TypeError("defineAxn: expected a definition object");
  const name = (definition as { name?: unknown }).name;
  if (typeof name !== "string" || name.trim() === "")
    throw new TypeError("defineAxn: `name` must be a non-empty string");
  const def = definition as AnyDefinition;
  checkDefinitionKeys(name, def);
  checkShape(name, def);
  checkMessages(name, def.messages);
  refuseReservedInputNames(name, def.expects);
  const expects = normalizeFields(name, def.expects, "expects");
  const exposes = normalizeFields(name, def.exposes, "exposes");
  const { tool, overrides } = normalizeTool(name, def);
  const toolVersion = normalizeToolVersion(name, def.toolVersion);
  checkVersionSuffix(name, def, tool, toolVersion, factory);
  return {
    name,
    def,
    expects,
    exposes,
    tool,
    overrides,
    toolVersion,
    hints: checkHints(name, def),
    prefixes: def.toolPrefixes ?? DEFAULT_TOOL_PREFIXES,
  };
}

function checkShape(name: string, def: AnyDefinition): void {
  if (typeof def.call !== "function") throw new TypeError(`defineAxn(${name}): \`call\` must be a function`);
  if (def.extends !== undefined && !isAction(def.extends)) {
    throw new TypeError(`defineAxn(${name}): \`extends\` must be an action`);
  }
  if (def.description !== undefined && typeof def.description !== "string") {
    throw new TypeError(`defineAxn(${name}): \`description\` must be a string`);
  }
  if (def.longRunning !== undefined && typeof def.longRunning !== "boolean") {
    throw new TypeError(`defineAxn(${name}): \`longRunning\` must be true or false`);
  }
  if (
    def.requires !== undefined &&
    (!Array.isArray(def.requires) || !def.requires.every((need: unknown) => LIVE_NEEDS.includes(need as LiveNeed)))
  ) {
    throw new TypeError(
      `defineAxn(${name}): \`requires\` must be a list of ${LIVE_NEEDS.map((need) => `"${need}"`).join(", ")}`,
    );
  }
}

/**
 * The name is visible now, so the version guardrails fail here as well as at enumeration: a
 * declared version that disagrees with a V<n> suffix, and a declared tool member with a V<n>
 * suffix but no toolVersion of its own (a member only through a directory grant, or only by its
 * v<n>.ts module path, is still caught at enumeration).
 */
function checkVersionSuffix(
  name: string,
  def: AnyDefinition,
  tool: NormalizedToolDeclaration,
  toolVersion: number,
  factory: boolean,
): void {
  const suffix = splitSegments(name).length >= 2 ? versionSegment(name) : undefined;
  if (suffix === undefined) return;
  if (def.toolVersion !== undefined && suffix !== toolVersion) {
    throw new TypeError(
      `defineAxn(${name}): the name ends in a V${suffix} segment but toolVersion is ${toolVersion}; make them agree`,
    );
  }
  if (def.toolVersion === undefined && !factory && !tool.optOut && (tool.all || tool.keys.size > 0)) {
    const inherited = def.extends === undefined ? "" : " (toolVersion is never inherited through extends)";
    throw new TypeError(
      `defineAxn(${name}): the name ends in a V${suffix} segment but does not declare toolVersion; add toolVersion: ${suffix}${inherited}`,
    );
  }
}

/** Hints are checked against the vocabulary once it is frozen (before that, at host load). */
function checkHints(name: string, def: AnyDefinition): string[] {
  const hints = [...(def.semanticHints ?? [])] as string[];
  if (hints.some((h) => typeof h !== "string"))
    throw new TypeError(`defineAxn(${name}): semanticHints must be strings`);
  if (extensionsFrozen()) assertKnownHints(name, hints);
  return hints;
}
