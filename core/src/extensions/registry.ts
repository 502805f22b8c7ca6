/**
 * The extension registry: which semantic hints an action may declare and which extra option keys
 * a field declaration may carry. Core owns three hints; plugins add theirs through the
 * host's `registerSemanticHint` / `registerFieldMetadataKey` hooks during load, after which the
 * registry is frozen so the vocabulary cannot shift under running code.
 *
 * @example
 * ```ts
 * host.hooks.registerSemanticHint.tap("axn-plugin-mcp", (hints) => hints.add("openWorld"));
 * host.hooks.registerFieldMetadataKey.tap("axn-plugin-mcp", (keys) => keys.add("mcpTitle")); // on NormalizedField.metadata
 * assertKnownHints("Reports.Daily", ["readOnly", "openWorld"]);
 * ```
 */
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { IDENTIFIER } from "../errors/field-path.js";
import { CORE_FIELD_OPTIONS } from "../action/fields.js";
import { kernel } from "../kernel/state.js";

const CORE_OWNER = "@axn/core";
const CORE_HINTS: ReadonlySet<string> = new Set(["readOnly", "idempotent", "destructive"]);
const CORE_FIELD_OPTION_SET: ReadonlySet<string> = new Set(CORE_FIELD_OPTIONS);

/**
 * The registered vocabulary is kernel state (kernel/state.ts): name → owner (a plugin name, or
 * "an application"), the owner kept for messages. Core's own hints are constants, never stored.
 */
const state = kernel.extensions;

/**
 * Allows `names` in `semanticHints` (idempotent), recording which plugin owns each. Refused once
 * the host has finished loading. The one way in is the host's `registerSemanticHint` hook (its
 * registrar calls this); there is no free function, so every hint has a plugin owner.
 */
export function addSemanticHints(names: readonly string[], owner: string | undefined): void {
  for (const name of names) checkName("semantic hint", name);
  if (state.frozen) throw frozenError("semantic hint", names[0] ?? "");
  for (const name of names)
    if (!CORE_HINTS.has(name) && !state.hints.has(name)) state.hints.set(name, owner ?? "an application");
}

/**
 * Allows `keys` on field declarations (idempotent), through the host's `registerFieldMetadataKey`
 * hook. Refuses every name the core field DSL owns, because a registered key is routed out of the
 * field's own options: claiming `sensitive` would silently change what it means for every action.
 */
export function addFieldMetadataKeys(keys: readonly string[], owner: string | undefined): void {
  for (const key of keys) {
    checkName("field metadata key", key);
    if (CORE_FIELD_OPTION_SET.has(key)) {
      throw new AxnError(
        ErrorCodes.ReservedMetadataKey,
        `Cannot register field metadata key "${key}": it is owned by the axn core field DSL`,
      );
    }
  }
  if (state.frozen) throw frozenError("field metadata key", keys[0] ?? "");
  for (const key of keys) if (!state.metadataKeys.has(key)) state.metadataKeys.set(key, owner ?? "an application");
}

/** Every registered hint, sorted (core's included). */
export function knownSemanticHints(): readonly string[] {
  return [...CORE_HINTS, ...state.hints.keys()].sort();
}

/** Every registered field metadata key. A set, since `defineAxn` probes it per field option. */
export function knownFieldMetadataKeys(): ReadonlySet<string> {
  return new Set(state.metadataKeys.keys());
}

/** The plugin (or "@axn/core") that registered `name`, for messages and the CLI. */
export function semanticHintOwner(name: string): string | undefined {
  return CORE_HINTS.has(name) ? CORE_OWNER : state.hints.get(name);
}

/** The plugin that registered a field metadata key, for messages and the CLI. */
export function fieldMetadataKeyOwner(key: string): string | undefined {
  return state.metadataKeys.get(key);
}

/** Throws when `actionHints` names a hint no one registered, listing the registered ones. */
export function assertKnownHints(actionName: string, actionHints: readonly string[]): void {
  for (const hint of actionHints) {
    if (!CORE_HINTS.has(hint) && !state.hints.has(hint)) {
      throw new AxnError(
        ErrorCodes.UnknownHint,
        `Unknown semantic hint "${hint}" on action ${actionName}; registered hints: ${knownSemanticHints().join(", ")}`,
      );
    }
  }
}

/** True once the host finished loading: the vocabulary is final and can be checked eagerly. */
export function extensionsFrozen(): boolean {
  return state.frozen;
}

/** Called by the host at the end of load. Not public API. */
export function freezeExtensions(): void {
  state.frozen = true;
}

function checkName(kind: string, name: unknown): void {
  if (typeof name !== "string" || !IDENTIFIER.test(name)) {
    throw new AxnError(
      ErrorCodes.InvalidRegistryName,
      `Cannot register ${kind} ${JSON.stringify(name)}: expected an identifier such as "openWorld" or "mcpTitle"`,
    );
  }
}

function frozenError(kind: string, name: string): AxnError {
  return new AxnError(
    ErrorCodes.RegistryFrozen,
    `Cannot register ${kind} "${name}" after the host finished loading; register it from a plugin's apply()`,
  );
}
