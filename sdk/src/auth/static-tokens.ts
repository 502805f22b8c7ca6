/**
 * `staticTokens`: bearer tokens known ahead of time (service accounts, local development), each
 * mapped to its principal. A request without `Authorization` is anonymous (`null`: admitted only
 * with `serve.anonymous`); an unknown or malformed token is refused. Tokens are compared in
 * constant time, so response timing does not reveal how much of a guess was right.
 *
 * @example
 * ```ts
 * serve: { authenticate: staticTokens({ [process.env.CI_TOKEN!]: { id: "ci", scopes: ["tickets:write"] } }) }
 * ```
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { AxnPrincipal } from "@axn/core";
import { bearerToken } from "./bearer.js";
import { refuse, type Authenticate } from "./verdict.js";

export const Refusals = {
  malformed: "The Authorization header must be `Bearer <token>`",
  unknownToken: "The bearer token is not valid; send a token this server issued",
} as const;

export function staticTokens(tokens: Readonly<Record<string, AxnPrincipal>>): Authenticate {
  const entries = Object.entries(tokens).map(([token, principal]) => {
    if (token === "") throw new TypeError("staticTokens: a token must not be empty");
    if (typeof principal?.id !== "string" || principal.id === "") {
      throw new TypeError(`staticTokens: the principal of a token needs an id (a non-empty string)`);
    }
    return { digest: digest(token), principal: Object.freeze({ ...principal }) };
  });
  return (request) => {
    const token = bearerToken(request);
    if (token === undefined) return null;
    if (token === false) return refuse(Refusals.malformed, "invalid_request");
    const presented = digest(token);
    // Every entry is compared, so the time taken does not depend on which one matched.
    let found: AxnPrincipal | undefined;
    for (const entry of entries) if (timingSafeEqual(entry.digest, presented)) found = entry.principal;
    return found ?? refuse(Refusals.unknownToken);
  };
}

/** Fixed-length digests make the comparison constant-time whatever the token lengths. */
function digest(token: string): Buffer {
  return createHash("sha256").update(token).digest();
}
