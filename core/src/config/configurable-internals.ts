/**
 * The internal face of a package's configurable: reads and writes by setting name (what the app
 * config loader and the tool registry do with a namespace string), and the kernel's steps (check
 * an action's bag, seal, reopen). Not public API: reached through `@axn/core/internal`. The kernel
 * stores this face, not the `Configurable`, so a configurable built by a second copy of
 * @axn/core is driven the same way.
 */
import { kernel, type KernelConfigurable } from "../kernel/state.js";
import type { ConfigurableAction } from "./overrides.js";
import type { SettingInfo } from "./setting-spec.js";

/** The untyped read face of a configurable: what the CLI and the adapter kit show of it. */
export interface ConfigurableView {
  readonly owner: string;
  readonly namespace: string | undefined;
  /** True once the host finished loading: the setting list is final. */
  readonly sealed: boolean;
  settingKeys(): readonly string[];
  overridableKeys(): readonly string[];
  describe(): readonly SettingInfo[];
}

export interface ConfigurableInternals extends ConfigurableView, KernelConfigurable {
  /** Reads any declared setting (throws for an undeclared one). */
  read(name: string): unknown;
  /** Validates every entry first, then writes them all (nothing is written if one is invalid). */
  assign(values: Readonly<Record<string, unknown>>): void;
  /** `resolveOverrideFor` by name: the action's value, else the package value. */
  resolveOverride(action: ConfigurableAction, name: string): unknown;
  /** Checks one action's bag for this namespace. */
  validateAction(action: ConfigurableAction): void;
  seal(): void;
  /** Back to the defaults and open for declarations (a reset, or a failed load rolled back). */
  reopen(): void;
}

/** The internal face of `configurable` (a `Configurable` built by any copy of @axn/core). */
export function configurableInternals(configurable: object): ConfigurableInternals {
  const found = kernel.configurables.every.get(configurable);
  if (found === undefined) throw new TypeError("Expected a configurable made by createConfigurable()");
  return found as ConfigurableInternals;
}
