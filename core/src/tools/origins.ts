/**
 * Where an action was loaded from when it came from a tool root: its module path relative to the
 * root (`users/list_companies`). `toolName` derives from it, as the Ruby original derives from the
 * constant Zeitwerk gave the file. Kept beside, never on, the action: discovery must not mutate it.
 */
import type { ActionInternals } from "../action/internals.js";

const origins = new WeakMap<ActionInternals, { readonly qualifiedName: string; readonly root: string }>();

export function setModuleOrigin(internals: ActionInternals, origin: { qualifiedName: string; root: string }): void {
  origins.set(internals, origin);
}

export function moduleOriginOf(internals: ActionInternals): { readonly qualifiedName: string; readonly root: string } | undefined {
  return origins.get(internals);
}
