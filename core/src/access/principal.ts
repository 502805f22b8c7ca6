/**
 * The caller of one call: the principal a transport put in the trusted ambient context under
 * `PRINCIPAL_AMBIENT_KEY`. Read one key, never copied; anything there that is not a principal
 * (no string `id`) counts as no caller at all — the safe side for an access check.
 *
 * @example
 * ```ts
 * principalFrom({ principal: { id: "ag_ada", roles: ["agent"] } }); // { id: "ag_ada", roles: ["agent"] }
 * principalFrom({});                                               // undefined
 * ```
 */
import { PRINCIPAL_AMBIENT_KEY, type AxnPrincipal } from "../action/principal.js";
import { readAmbient } from "../context/ambient-source.js";

/** True for a value shaped like a principal: an object with a non-empty string `id`. */
export function isPrincipal(value: unknown): value is AxnPrincipal {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as { id?: unknown }).id === "string" &&
    (value as { id: string }).id !== ""
  );
}

/** The principal `source` holds, or `undefined`. May throw when the source does (a hostile getter). */
export function principalFrom(source: unknown): AxnPrincipal | undefined {
  const value = readAmbient(source, PRINCIPAL_AMBIENT_KEY);
  return isPrincipal(value) ? value : undefined;
}
