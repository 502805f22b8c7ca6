/**
 * `checkedAccessPolicy`: the `access` option of something a plugin defines beside its tools (an
 * MCP resource or prompt, a webhook), checked the way `defineAxn` checks an action's — the same
 * sentences — then copied and frozen, so a later change to the object the author passed changes
 * nothing. The decision over a checked policy is core's (`mayCall`, `policyRefusal`).
 *
 * @example
 * ```ts
 * const access = checkedAccessPolicy(definition.access, `defineResource("${definition.name}")`);
 * // defineResource("runbook"): access: an empty rule admits every authenticated caller: write "authenticated" instead
 * ```
 */
import type { AccessPolicy } from "@axn/core";
import { accessPolicyProblem, freezeAccessPolicy } from "@axn/core/internal";

/** The declared policy, frozen; `undefined` when none was declared. A bad one throws a TypeError starting with `label`. */
export function checkedAccessPolicy(declared: unknown, label: string): AccessPolicy | undefined {
  if (declared === undefined) return undefined;
  const problem = accessPolicyProblem(declared);
  if (problem !== undefined) throw new TypeError(`${label}: access: ${problem}`);
  return freezeAccessPolicy(declared as AccessPolicy);
}
