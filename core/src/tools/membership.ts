/**
 * Membership: an action is a member of adapter `key` when (directory grant ∪ declaration grant) −
 * except says so. Factory-built actions and `tool: false` are never members.
 *
 * @example
 * ```ts
 * isMember(ListCompanies, "mcp"); // true for `tool: true`, `tool: ["mcp"]`, or a module under an mcp tool root
 * ```
 */
import { internalsOf } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import { catalogActions } from "../runtime/catalog.js";
import { kernel } from "../kernel/state.js";

export function isMember(action: AnyAxn, key: string): boolean {
  const internals = internalsOf(action);
  const tool = internals.tool;
  if (internals.factory || tool.optOut) return false;
  const declared = tool.all || tool.keys.has(key);
  const directory = kernel.tools.grants.get(internals)?.has(key) === true;
  return (declared || directory) && !tool.except.has(key);
}

/** Every defined action that is a member of `key`, in catalog order. */
export function membersOf(key: string): AnyAxn[] {
  return catalogActions().filter((a) => isMember(a, key));
}
