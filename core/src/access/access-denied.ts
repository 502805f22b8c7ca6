/**
 * `AccessDeniedError`: why the Invoker refused a call before its body ran. It settles the call as
 * a failure whose `result.error` is this message — meant for the caller, naming the tool and what
 * it needs — with `code` `AXN_UNAUTHENTICATED` (no principal: sign in) or `AXN_FORBIDDEN` (a
 * principal the policy does not admit). Adapters map the two apart (HTTP 401 / 403).
 */
import { AxnError } from "../errors/axn-error.js";
import { brandErrorClass } from "../errors/brand.js";
import { ErrorCodes } from "../errors/codes.js";
import type { AccessDenialReason } from "../action/access.js";
import type { AxnPrincipal } from "../action/principal.js";

export interface AccessDeniedDetails {
  readonly action: string;
  /** The tool name the caller knows the action by. */
  readonly tool: string;
  /** The caller, when it had a principal (a forbidden call). */
  readonly principal: AxnPrincipal | undefined;
  /** Scopes the policy requires that the caller lacks (for a `WWW-Authenticate` challenge). */
  readonly missingScopes: readonly string[];
}

export class AccessDeniedError extends AxnError {
  declare readonly code: typeof ErrorCodes.Unauthenticated | typeof ErrorCodes.Forbidden;
  readonly reason: AccessDenialReason;
  readonly action: string;
  readonly tool: string;
  readonly principal: AxnPrincipal | undefined;
  readonly missingScopes: readonly string[];

  constructor(reason: AccessDenialReason, message: string, details: AccessDeniedDetails) {
    super(reason === "unauthenticated" ? ErrorCodes.Unauthenticated : ErrorCodes.Forbidden, message);
    this.reason = reason;
    this.action = details.action;
    this.tool = details.tool;
    this.principal = details.principal;
    this.missingScopes = details.missingScopes;
  }
}
brandErrorClass(AccessDeniedError, "AccessDeniedError");
