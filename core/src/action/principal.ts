/**
 * Who is calling: the principal a transport's authentication established. It reaches an action only
 * as trusted ambient context under {@link PRINCIPAL_AMBIENT_KEY} — never from the arguments — and it
 * is what an action's access policy is checked against on every transport.
 *
 * An app widens it with declaration merging, so its own claims type-check in policies and bodies:
 *
 * @example
 * ```ts
 * declare module "@axn/core" {
 *   interface AxnPrincipal { readonly tenant: string }
 * }
 * ```
 */
export interface AxnPrincipal {
  /** A stable identifier of the caller (a JWT's `sub`, a static token's name, a local user). */
  readonly id: string;
  /** OAuth-style scopes the caller was granted. */
  readonly scopes?: readonly string[];
  /** Roles the caller holds. */
  readonly roles?: readonly string[];
  /** Any other verified claims (a JWT's payload, say). */
  readonly claims?: Readonly<Record<string, unknown>>;
}

/** The ambient-context key a transport puts the authenticated principal under. */
export const PRINCIPAL_AMBIENT_KEY = "principal";
