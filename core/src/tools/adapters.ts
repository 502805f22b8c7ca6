/**
 * Which adapters exist: the kernel's one adapter list (keys, their tool-roots source, the plugin
 * that registered each), the refusal for a key nobody registered, and the check that every defined
 * action's declaration names only registered keys. Every change restamps the registry's
 * enumeration cache (`toolsChanged`), as discovery's changes do.
 *
 * @example
 * ```ts
 * putAdapter("mcp", mcpRootsSource, "axn-plugin-mcp");
 * requireAdapter("mpc"); // TypeError AXN_UNKNOWN_ADAPTER: 'Unknown tool adapter "mpc"; did you mean "mcp"? …'
 * ```
 */
import { catalogActions } from "../runtime/catalog.js";
import { assertDeclaredAdapters } from "../runtime/adapter-declarations.js";
import { IDENTIFIER } from "../errors/field-path.js";
import { unknownAdapterError } from "../errors/unknown-adapter.js";
import { extensionsFrozen } from "../extensions/registry.js";
import { kernel, type RegisteredAdapter, type ToolRootsSource } from "../kernel/state.js";

export type { RegisteredAdapter, ToolRootsSource };

/** Adapter keys are identifiers (`mcp`, `langchain`): they key config namespaces and settings bags. */
export const ADAPTER_KEY = IDENTIFIER;

/**
 * Records adapter `key` in the kernel's one adapter list — the host's registrar and
 * `Tools.registerAdapter` both write here. Registering again without a source keeps the source
 * already given (the seed's rule), and the first plugin to register a key stays its owner.
 * Callers check the key and the phase first: each words its own refusal.
 */
export function putAdapter(key: string, configSource: ToolRootsSource | undefined, plugin: string | undefined): void {
  const previous = kernel.adapters.get(key);
  kernel.adapters.set(key, {
    key,
    configSource: configSource ?? previous?.configSource,
    plugin: previous?.plugin ?? plugin,
  });
  toolsChanged();
}

/** Every adapter registered so far, in registration order. */
export function registeredAdapters(): readonly RegisteredAdapter[] {
  return [...kernel.adapters.values()];
}

/** What the registry enumerates from changed (adapters, project root, grants): cached enumerations are stale. */
export function toolsChanged(): void {
  kernel.tools.version++;
  kernel.tools.cache.clear();
}

/** Throws the unknown-adapter `TypeError` (with a did-you-mean) unless `key` is registered. */
export function requireAdapter(key: string): void {
  if (!kernel.adapters.has(key)) throw unknownAdapterError("Unknown", key, "", kernel.adapters.keys());
}

/** Checks every defined action's declaration, when the adapter list is final. */
export function assertCatalogAdapters(): void {
  if (!extensionsFrozen()) return;
  for (const action of catalogActions()) assertDeclaredAdapters(action);
}
