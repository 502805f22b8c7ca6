/**
 * Per-action values: an action's `configure` / `tool` bag under a package's namespace. They live
 * in the action's own override store, so reading one never depends on the action having imported
 * the package; checking a bag names the action, the namespace and the key.
 */
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { internalsOf, isAction, type ActionInternals, type HasActionHandle } from "../action/internals.js";
import { formatValue, problemWith, TOOL_NAME_KEY, type SettingRecord } from "./setting-spec.js";

/** Anything carrying action internals: an action from `defineAxn`, `Factory.build`, or a parent. */
export interface ConfigurableAction extends HasActionHandle {
  readonly name?: string;
}

export function internalsOfAction(action: ConfigurableAction): ActionInternals {
  if (!isAction(action)) throw new TypeError(`Expected an action defined with defineAxn, got ${formatValue(action)}`);
  return internalsOf(action);
}

/** The action's own value under `namespace`, else its parent's, up the `extends` chain; undefined if none sets it. */
export function overrideOf(
  action: ConfigurableAction,
  namespace: string,
  name: string,
): { readonly value: unknown } | undefined {
  let internals: ActionInternals | undefined = internalsOfAction(action);
  while (internals !== undefined) {
    const bag = internals.overrides.get(namespace);
    if (bag !== undefined && Object.hasOwn(bag, name) && bag[name] !== undefined) return { value: bag[name] };
    internals = internals.parent === undefined ? undefined : internalsOf(internals.parent);
  }
  return undefined;
}

/** What a bag check needs to know of the package owning the namespace. */
export interface BagOwner {
  readonly owner: string;
  readonly namespace: string;
  /** Until sealed the setting list may still grow, so an unknown key is not yet an error. */
  readonly sealed: boolean;
  readonly settings: ReadonlyMap<string, SettingRecord>;
  overridableKeys(): readonly string[];
}

/** Checks one action's bag for the owner's namespace: every key declared and overridable, every value valid. */
export function checkBag(owner: BagOwner, actionName: string, bag: Readonly<Record<string, unknown>>): void {
  const { namespace } = owner;
  for (const [key, value] of Object.entries(bag)) {
    if (key === TOOL_NAME_KEY) continue;
    const record = owner.settings.get(key);
    if (record === undefined) {
      if (!owner.sealed) continue;
      const allowed = [TOOL_NAME_KEY, ...owner.overridableKeys()].sort().join(", ");
      throw new AxnError(
        ErrorCodes.UnknownSetting,
        `Unknown setting ${namespace}.${key} on action ${actionName}; ${owner.owner} accepts: ${allowed}`,
      );
    }
    if (!record.overridable) {
      throw new AxnError(
        ErrorCodes.NotOverridable,
        `Setting ${namespace}.${key} on action ${actionName} is not overridable per action; set it app-wide (${owner.owner} configure or axn.config)`,
      );
    }
    if (value === undefined) continue;
    const problem = problemWith(record, value);
    if (problem !== undefined) {
      throw new AxnError(
        ErrorCodes.InvalidSetting,
        `Invalid ${namespace}.${key} ${formatValue(value)} on action ${actionName}: ${problem}`,
      );
    }
  }
}
