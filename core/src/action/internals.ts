/**
 * The internal record every action carries under a symbol. Registry, reflection, invoker and
 * configuration read it; it is not public API (reached through `@axn/core/internal`).
 */
import type { NormalizedField } from "./fields.js";
import type { Result } from "./result.js";
import type { CallOptions } from "./types.js";

/** Per-call gates the Invoker applies to exactly one call (never to calls nested inside it). */
export interface InvokeGates {
  readonly coerce: boolean;
  readonly userFacingInputErrors: boolean;
  readonly rejectUndeclaredInputs: boolean;
}

export const AXN_INTERNALS: unique symbol = Symbol.for("axn.action.internals") as never;

export interface NormalizedToolDeclaration {
  /** `tool: true`: every registered adapter. */
  readonly all: boolean;
  /** Keys granted by a list, a per-adapter bag or a `configure` bag. */
  readonly keys: ReadonlySet<string>;
  /** `except: [...]`. */
  readonly except: ReadonlySet<string>;
  /** `tool: false`. */
  readonly optOut: boolean;
  /** A shared tool-name override (`tool: { name }`). */
  readonly name: string | undefined;
  /** Per-adapter tool-name overrides (`tool: { mcp: { name } }`). */
  readonly adapterNames: Readonly<Record<string, string>>;
}

export interface ActionInternals {
  /** Definition order, process-wide; stable tie-breaker for sorting. */
  readonly id: number;
  readonly name: string;
  readonly expects: readonly NormalizedField[];
  readonly exposes: readonly NormalizedField[];
  readonly tool: NormalizedToolDeclaration;
  /** Per-adapter settings overrides: namespace → setting → value (from `configure` and `tool` bags). */
  readonly overrides: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  readonly toolVersion: number;
  /** Whether `toolVersion` was declared by this action itself. */
  readonly toolVersionDeclared: boolean;
  /** Leading name segments stripped by `toolName` (default: actions, tools, agent_tools). */
  readonly toolPrefixes: readonly string[];
  readonly semanticHints: readonly string[];
  readonly parent: { readonly [AXN_INTERNALS]: ActionInternals } | undefined;
  /** Built by `Factory.build`: never discovered by `Tools.for`. */
  readonly factory: boolean;
  readonly coerceInputTypes: boolean | undefined;
  /** Runs one call; `gates` come from the Invoker and apply to this call only. */
  readonly execute: (
    args: unknown,
    options: CallOptions | undefined,
    gates: InvokeGates | undefined,
  ) => Promise<Result<Record<string, unknown>>>;
}

export function internalsOf(action: { readonly [AXN_INTERNALS]: ActionInternals }): ActionInternals {
  return action[AXN_INTERNALS];
}
