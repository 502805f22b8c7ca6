/**
 * Which package owns which config namespace (`"mcp"`), and the configurables' side of the host's
 * steps: sealing them all when the host finishes loading. The ownership is kernel state
 * (kernel/state.ts), so a package whose configurable came from a second copy of @axn/core still
 * owns its namespace here.
 */
import { kernel } from "../kernel/state.js";
import type { ConfigurableInternals } from "./configurable-internals.js";

const byNamespace = kernel.configurables.byNamespace as Map<string, ConfigurableInternals>;

/** The package owning `namespace`, if it is loaded (its internal face: reads and writes by name). */
export function configurableFor(namespace: string): ConfigurableInternals | undefined {
  return byNamespace.get(namespace);
}

/** Every namespace with a loaded owner, sorted. */
export function configNamespaces(): readonly string[] {
  return [...byNamespace.keys()].sort();
}

/**
 * Moves `configurable`'s namespace to `key` (from `previous`, if it had one). The same owner
 * re-declaring (a re-applied plugin, a test) replaces its earlier configurable; another owner
 * keeps the key, and the claim fails with that owner's name.
 */
export function claimNamespace(
  configurable: ConfigurableInternals,
  key: string,
  previous: string | undefined,
): ConfigurableInternals | undefined {
  const current = byNamespace.get(key);
  if (current !== undefined && current !== configurable && current.owner !== configurable.owner) return current;
  if (previous !== undefined && byNamespace.get(previous) === configurable) byNamespace.delete(previous);
  byNamespace.set(key, configurable);
  return undefined;
}

/** The host's step when it finishes loading: every setting list is final, unknown per-action keys are errors. */
export function sealConfigurables(): void {
  for (const configurable of byNamespace.values()) configurable.seal();
}
