/**
 * Every adapter key an action's declaration names must be registered, once the list is final (the
 * host has loaded). A settings bag (`tool: { x: {…} }`, `configure: { x: {…} }`) may also name a
 * config namespace a loaded package declared: it carries settings that package validates.
 * Checked when an action is admitted to the catalog after load, and for the whole catalog when
 * the host discovers tools (for actions declared before load).
 */
import { internalsOf } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import { unknownAdapterError } from "../errors/unknown-adapter.js";
import { kernel } from "../kernel/state.js";

export function assertDeclaredAdapters(action: AnyAxn): void {
  const internals = internalsOf(action);
  const tools = kernel.tools;
  if (internals.factory || tools.checkedDeclarations.has(internals)) return;
  const adapters = kernel.adapters;
  const namespaces = kernel.configurables.byNamespace;
  for (const key of internals.tool.keys) {
    if (adapters.has(key) || (internals.overrides.has(key) && namespaces.has(key))) continue;
    throw unknownAdapterError(`defineAxn(${internals.name}): unknown`, key, "", adapters.keys());
  }
  for (const key of internals.tool.except) {
    if (!adapters.has(key))
      throw unknownAdapterError(`defineAxn(${internals.name}): unknown`, key, " in tool.except", adapters.keys());
  }
  tools.checkedDeclarations.add(internals);
}
