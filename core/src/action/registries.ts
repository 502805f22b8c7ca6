/**
 * Type-level registries that plugins extend through declaration merging, so what a plugin adds at
 * load time (an adapter's settings, a semantic hint) also type-checks in app code:
 *
 * ```ts
 * declare module "@axn/core" {
 *   interface AdapterSettingsRegistry { mcp: { presentAs?: "structured" | "message" } }
 *   interface SemanticHintRegistry { openWorld: true }
 * }
 * ```
 */

/** Adapter key → the per-action settings that adapter accepts (all optional). */
// biome-ignore lint/suspicious/noEmptyInterface: empty on purpose; plugins add their settings by declaration merging
export interface AdapterSettingsRegistry {}

/** Semantic hint names. Core owns `readOnly`, `idempotent`, `destructive`. */
export interface SemanticHintRegistry {
  readOnly: true;
  idempotent: true;
  destructive: true;
}

export type SemanticHint = keyof SemanticHintRegistry;

/** A registered adapter key, or any other string (an adapter whose types are not imported). */
export type AdapterKey = keyof AdapterSettingsRegistry | (string & {});

/** Options every per-adapter bag accepts besides the adapter's own settings. */
export interface ToolBagCommon {
  /** A per-adapter tool name, used only by `toolName(key)` for that key. */
  readonly name?: string;
}

type KnownBags = {
  readonly [K in keyof AdapterSettingsRegistry]?: AdapterSettingsRegistry[K] & ToolBagCommon;
};

/** Per-adapter override bags: `configure: { mcp: { presentAs: "message" } }`. */
export type AdapterOverrides = KnownBags & { readonly [key: string]: object | undefined };

/**
 * The `tool` declaration: `true` (every adapter), a list of keys, per-adapter bags (membership
 * implied) with an optional shared `name` and an `except` list, or `false` (opt out of everything).
 */
export type ToolDeclaration =
  | boolean
  | readonly AdapterKey[]
  | (KnownBags & {
      readonly name?: string;
      readonly except?: readonly AdapterKey[];
      readonly [key: string]: object | string | readonly string[] | undefined;
    });
