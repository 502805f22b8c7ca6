/**
 * The one access decision every transport shares: the Invoker asks it before a call's body runs,
 * the tool registry (`Tools.for(key, { principal })`) and each adapter's listing ask it for what a
 * caller is shown. An action's policy is its own `access`, else the app's default
 * (`configureAxn({ access: { default } })`), else `"public"`.
 *
 * @example
 * ```ts
 * accessRefusal(DeleteTicket, undefined)?.message;            // "Authentication required: sign in to call delete_ticket"
 * mayCall(DeleteTicket, { id: "ag_ada", roles: ["agent"] });  // true
 * ```
 */
import type { AccessPolicy } from "../action/access.js";
import { internalsOf } from "../action/internals.js";
import type { AxnPrincipal } from "../action/principal.js";
import type { AnyAxn } from "../action/types.js";
import { reportException } from "../config/global.js";
import { kernel } from "../kernel/state.js";
import { AccessDeniedError } from "./access-denied.js";

const PUBLIC = "public";

/** The policy that applies to `action` now. */
export function accessPolicyOf(action: AnyAxn): AccessPolicy {
  return internalsOf(action).access ?? kernel.options.access?.default ?? PUBLIC;
}

/** True when anyone may call `action`: no principal needs reading. */
export function isPublic(action: AnyAxn): boolean {
  return accessPolicyOf(action) === PUBLIC;
}

function held(list: unknown): readonly unknown[] {
  return Array.isArray(list) ? list : [];
}

function named(kind: "scope" | "role", names: readonly string[], any: boolean): string {
  if (names.length === 1) return `the ${kind} ${names[0]}`;
  return `${any ? "one of " : ""}the ${kind}s ${names.join(", ")}`;
}

/**
 * Why `principal` may not call `action`, or `undefined` when it may. A predicate that throws
 * refuses the call (reported: it is the app's bug) rather than letting it through.
 */
export function accessRefusal(action: AnyAxn, principal: AxnPrincipal | undefined): AccessDeniedError | undefined {
  const policy = accessPolicyOf(action);
  if (policy === "public") return undefined;
  const tool = action.toolName();
  const details = { action: action.name, tool, principal, missingScopes: [] as readonly string[] };
  if (principal === undefined) {
    const missingScopes = typeof policy === "object" ? (policy.scopes ?? []) : [];
    return new AccessDeniedError("unauthenticated", `Authentication required: sign in to call ${tool}`, { ...details, missingScopes });
  }
  if (policy === "authenticated") return undefined;
  if (policy.scopes !== undefined) {
    const scopes = held(principal.scopes);
    const missing = policy.scopes.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0) {
      return new AccessDeniedError("forbidden", `Forbidden: ${tool} needs ${named("scope", missing, false)}`, { ...details, missingScopes: missing });
    }
  }
  if (policy.roles !== undefined) {
    const roles = held(principal.roles);
    if (!policy.roles.some((role) => roles.includes(role))) {
      return new AccessDeniedError("forbidden", `Forbidden: ${tool} needs ${named("role", policy.roles, true)}`, details);
    }
  }
  if (policy.allow !== undefined && !admits(policy.allow, principal, action)) {
    return new AccessDeniedError("forbidden", `Forbidden: this caller may not call ${tool}`, details);
  }
  return undefined;
}

function admits(allow: (principal: AxnPrincipal) => boolean, principal: AxnPrincipal, action: AnyAxn): boolean {
  try {
    return allow(principal) === true;
  } catch (error) {
    reportException(error, { action: action.name, phase: "access policy" });
    return false;
  }
}

/** True when `principal` (`undefined`: an anonymous caller) may call `action`. */
export function mayCall(action: AnyAxn, principal: AxnPrincipal | undefined): boolean {
  return accessRefusal(action, principal) === undefined;
}
