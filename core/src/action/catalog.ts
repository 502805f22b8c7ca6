/**
 * The catalog of defined actions: the TypeScript counterpart of "currently loaded classes".
 * `defineAxn` adds every action it builds (factory-built ones excepted); the tool registry
 * enumerates it. Listeners (override validation, the registry's cache) hear about each addition.
 */
import type { AnyAxn } from "./types.js";

const actions: AnyAxn[] = [];
const listeners = new Set<(action: AnyAxn) => void>();
let version = 0;

export function addToCatalog(action: AnyAxn): void {
  actions.push(action);
  version++;
  try {
    for (const listener of listeners) listener(action);
  } catch (error) {
    // A listener refusing the action (an invalid per-action setting) means it was never defined.
    actions.splice(actions.indexOf(action), 1);
    version++;
    throw error;
  }
}

/**
 * Adds an action discovery found, if the catalog does not hold it (a module cached by the loader
 * is not evaluated again after `clearCatalog`, so discovery re-adds what it imports).
 */
export function ensureInCatalog(action: AnyAxn): void {
  if (!actions.includes(action)) addToCatalog(action);
}

/** Every defined (non-factory) action, in definition order. */
export function catalogActions(): readonly AnyAxn[] {
  return actions;
}

/** Bumped on every change; caches key on it. */
export function catalogVersion(): number {
  return version;
}

/** Calls `listener` for each action defined from now on; returns an unsubscribe function. */
export function onActionDefined(listener: (action: AnyAxn) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test support: forget every defined action (see `resetAxn` in `@axn/sdk/testing`). */
export function clearCatalog(): void {
  actions.length = 0;
  version++;
}
