/**
 * Who may call an action: the `access` option of a definition. One policy decides both what a
 * caller is shown (`Tools.for(key, { principal })`, MCP `tools/list`, LangChain `tools({ principal })`)
 * and what it may run (the Invoker refuses the rest before the body runs), on every transport.
 *
 * - `"public"`: anyone, signed in or not (the default, unless `configureAxn({ access: { default } })` says otherwise);
 * - `"authenticated"`: any caller a transport's authentication established;
 * - a rule: an authenticated caller holding every listed scope, at least one listed role, and for
 *   whom `allow` returns true (each part optional, at least one given).
 *
 * `allow` is typed over the app's {@link AxnPrincipal}, so a field the app merged into it
 * type-checks and a misspelt one does not.
 *
 * @example
 * ```ts
 * defineAxn({ name: "Tickets.Delete", access: { roles: ["agent"] }, call: () => {} });
 * defineAxn({ name: "Billing.Refund", access: { scopes: ["billing:write"], allow: (p) => p.id !== "intern" }, call: () => {} });
 * ```
 */
import type { AxnPrincipal } from "./principal.js";

/** A predicate over the caller: `true` lets it call. It must not throw (a throw refuses and is reported). */
export type AccessPredicate = (principal: AxnPrincipal) => boolean;

/** A policy for authenticated callers; every part given must hold. */
export interface AccessRule {
  /** Scopes the caller must hold, every one of them (OAuth-style). */
  readonly scopes?: readonly string[];
  /** Roles of which the caller must hold at least one. */
  readonly roles?: readonly string[];
  /** A check of your own over the principal. */
  readonly allow?: AccessPredicate;
}

export type AccessPolicy = "public" | "authenticated" | AccessRule;

/** Why a call was refused: no principal at all, or a principal the policy does not admit. */
export type AccessDenialReason = "unauthenticated" | "forbidden";

const RULE_KEYS = new Set(["scopes", "roles", "allow"]);

function namesProblem(key: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0) return `"${key}" must be a non-empty array of strings`;
  return value.every((entry) => typeof entry === "string" && entry.trim() !== "")
    ? undefined
    : `"${key}" must hold non-empty strings only`;
}

/**
 * What is wrong with `value` as an access policy, or `undefined` when it is one. Pure, so the
 * definition check and `configureAxn` share it.
 */
export function accessPolicyProblem(value: unknown): string | undefined {
  if (value === "public" || value === "authenticated") return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `expected "public", "authenticated" or a rule { scopes?, roles?, allow? }, got ${typeof value === "string" ? JSON.stringify(value) : value === null ? "null" : typeof value}`;
  }
  const keys = Object.keys(value);
  const unknown = keys.find((key) => !RULE_KEYS.has(key));
  if (unknown !== undefined) return `unknown rule key "${unknown}" (a rule has scopes, roles and allow)`;
  const rule = value as Record<string, unknown>;
  if (rule["scopes"] === undefined && rule["roles"] === undefined && rule["allow"] === undefined) {
    return `an empty rule admits every authenticated caller: write "authenticated" instead`;
  }
  const problem = namesProblem("scopes", rule["scopes"]) ?? namesProblem("roles", rule["roles"]);
  if (problem !== undefined) return problem;
  if (rule["allow"] !== undefined && typeof rule["allow"] !== "function")
    return `"allow" must be a function (principal) => boolean`;
  return undefined;
}

/** A checked policy, copied and frozen: a later change to the object the author passed changes nothing. */
export function freezeAccessPolicy(policy: AccessPolicy): AccessPolicy {
  if (typeof policy === "string") return policy;
  return Object.freeze({
    ...(policy.scopes === undefined ? {} : { scopes: Object.freeze([...policy.scopes]) }),
    ...(policy.roles === undefined ? {} : { roles: Object.freeze([...policy.roles]) }),
    ...(policy.allow === undefined ? {} : { allow: policy.allow }),
  });
}
