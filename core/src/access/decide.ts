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
import { reportException } from "../options/global.js";
import { kernel } from "../kernel/state.js";
import { AccessDeniedError } from "./access-denied.js";

const PUBLIC = "public";

/**
 * What a refusal names when the thing refused is not an action's tool call (an MCP resource or
 * prompt): who is reported for a predicate that throws, the name the caller knows it by, and what
 * the caller was doing with it — `"sign in to read resource ticket"`.
 */
export interface AccessSubject {
  /** Named in an `onException` report when the policy's predicate throws. */
  readonly owner: string;
  /** The name the caller knows it by (`AccessDeniedError.tool`): `"resource ticket"`. */
  readonly name: string;
  /** What the caller was doing: `"call"` for a tool, `"read"`, `"use"`… */
  readonly verb: string;
}

/** The policy that applies to something declaring `own`: its own, else the app's default, else `"public"`. */
export function effectiveAccessPolicy(own: AccessPolicy | undefined): AccessPolicy {
  return own ?? kernel.options.access?.default ?? PUBLIC;
}

/** The policy that applies to `action` now. */
export function accessPolicyOf(action: AnyAxn): AccessPolicy {
  return effectiveAccessPolicy(internalsOf(action).access);
}

/** True when anyone may call `action`: no principal needs reading. */
export function isPublic(action: AnyAxn): boolean {
  return accessPolicyOf(action) === PUBLIC;
}

function held(list: unknown): readonly unknown[] {
  return Array.isArray(list) ? list : [];
}

function named(kind: "scope" | "role", names: readonly string[], oneOf: boolean): string {
  if (names.length === 1) return `the ${kind} ${names[0]}`;
  return `${oneOf ? "one of " : ""}the ${kind}s ${names.join(", ")}`;
}

/**
 * Why `principal` may not call `action`, or `undefined` when it may. A predicate that throws
 * refuses the call (reported: it is the app's bug) rather than letting it through.
 */
export function accessRefusal(action: AnyAxn, principal: AxnPrincipal | undefined): AccessDeniedError | undefined {
  const policy = accessPolicyOf(action);
  if (policy === PUBLIC) return undefined;
  return refusalUnder(policy, principal, { owner: action.name, name: action.toolName(), verb: "call" });
}

/**
 * The same decision for anything else a transport serves under an access policy (`own`: what it
 * declares; the app's default applies when it declares none): why `principal` may not use it, or
 * `undefined` when it may. The sentences are the tools' with the subject's verb and name —
 * `Authentication required: sign in to read resource ticket`, `Forbidden: prompt triage needs the role agent`.
 */
export function policyRefusal(
  own: AccessPolicy | undefined,
  principal: AxnPrincipal | undefined,
  subject: AccessSubject,
): AccessDeniedError | undefined {
  const policy = effectiveAccessPolicy(own);
  return policy === PUBLIC ? undefined : refusalUnder(policy, principal, subject);
}

function refusalUnder(
  policy: Exclude<AccessPolicy, "public">,
  principal: AxnPrincipal | undefined,
  subject: AccessSubject,
): AccessDeniedError | undefined {
  const { name: tool, verb } = subject;
  const details = { action: subject.owner, tool, principal, missingScopes: [] as readonly string[] };
  if (principal === undefined) {
    const missingScopes = typeof policy === "object" ? (policy.scopes ?? []) : [];
    return new AccessDeniedError("unauthenticated", `Authentication required: sign in to ${verb} ${tool}`, {
      ...details,
      missingScopes,
    });
  }
  if (policy === "authenticated") return undefined;
  if (policy.scopes !== undefined) {
    const scopes = held(principal.scopes);
    const missing = policy.scopes.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0) {
      return new AccessDeniedError("forbidden", `Forbidden: ${tool} needs ${named("scope", missing, false)}`, {
        ...details,
        missingScopes: missing,
      });
    }
  }
  if (policy.roles !== undefined) {
    const roles = held(principal.roles);
    if (!policy.roles.some((role) => roles.includes(role))) {
      return new AccessDeniedError(
        "forbidden",
        `Forbidden: ${tool} needs ${named("role", policy.roles, true)}`,
        details,
      );
    }
  }
  if (policy.allow !== undefined && !admits(policy.allow, principal, subject.owner)) {
    return new AccessDeniedError("forbidden", `Forbidden: this caller may not ${verb} ${tool}`, details);
  }
  return undefined;
}

function admits(allow: (principal: AxnPrincipal) => boolean, principal: AxnPrincipal, owner: string): boolean {
  try {
    return allow(principal) === true;
  } catch (error) {
    reportException(error, { action: owner, phase: "access policy" });
    return false;
  }
}

/** True when `principal` (`undefined`: an anonymous caller) may call `action`. */
export function mayCall(action: AnyAxn, principal: AxnPrincipal | undefined): boolean {
  return accessRefusal(action, principal) === undefined;
}
