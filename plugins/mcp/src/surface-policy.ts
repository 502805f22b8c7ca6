/**
 * The `access` option of `defineResource` / `definePrompt`: the same policy an action declares,
 * checked when it is defined with core's own check (so the sentences match `defineAxn`'s), then
 * copied and frozen — a later change to the object the author passed changes nothing.
 */
import type { AccessPolicy } from "@axn/core";
import { accessPolicyProblem, freezeAccessPolicy } from "@axn/core/internal";

/** The declared policy, frozen; `undefined` when none was declared. Throws a TypeError naming the definition. */
export function checkedAccess(declared: unknown, label: string): AccessPolicy | undefined {
  if (declared === undefined) return undefined;
  const problem = accessPolicyProblem(declared);
  if (problem !== undefined) throw new TypeError(`${label}: access: ${problem}`);
  return freezeAccessPolicy(declared as AccessPolicy);
}
