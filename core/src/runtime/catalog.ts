/**
 * The catalog of defined actions: the TypeScript counterpart of "currently loaded classes".
 * `defineAxn` admits every action it builds (factory-built ones excepted); the tool registry
 * enumerates it. Admission checks what the loaded packages already know about the action — its
 * per-action settings, by the package owning each namespace; after load, the adapter keys its
 * declaration names — so an action that fails a check was never defined.
 */
import { internalsOf } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import { assertDeclaredAdapters } from "./adapter-declarations.js";
import { kernel } from "../kernel/state.js";

/** Checks `action` against the loaded packages, then adds it (see the module header). */
export function addToCatalog(action: AnyAxn): void {
  for (const namespace of internalsOf(action).overrides.keys())
    kernel.configurables.byNamespace.get(namespace)?.validateAction(action);
  if (kernel.extensions.frozen) assertDeclaredAdapters(action);
  kernel.catalog.actions.push(action);
  kernel.catalog.version++;
}

/**
 * Adds an action discovery found, if the catalog does not hold it (a module cached by the loader
 * is not evaluated again after a reset, so discovery re-adds what it imports).
 */
export function ensureInCatalog(action: AnyAxn): void {
  if (!kernel.catalog.actions.includes(action)) addToCatalog(action);
}

/** Every defined (non-factory) action, in definition order. */
export function catalogActions(): readonly AnyAxn[] {
  return kernel.catalog.actions;
}

/** Bumped on every change; caches key on it. */
export function catalogVersion(): number {
  return kernel.catalog.version;
}

/** Forgets every defined action (part of `resetKernel`; benchmarks use it between scenarios). */
export function clearCatalog(): void {
  kernel.catalog.actions.length = 0;
  kernel.catalog.version++;
}
