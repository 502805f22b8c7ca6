/**
 * @axn/sdk/auth — who is calling, for every HTTP-served transport. An app sets one
 * `authenticate(request)` in its config (`serve: { authenticate }`); the HTTP API and MCP
 * Streamable HTTP both apply it to every request before any tool runs, and the principal reaches
 * actions only as trusted ambient context under `PRINCIPAL_AMBIENT_KEY`. Two verifiers ship:
 * `jwtVerifier` (JWTs from a JWKS issuer, on `jose`) and `staticTokens`. See docs/security.md.
 *
 * Everything exported from this file is public API of @axn/sdk/auth, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * import { defineConfig } from "@axn/sdk";
 * import { jwtVerifier } from "@axn/sdk/auth";
 * export default defineConfig({
 *   plugins: ["mcp", "http"],
 *   serve: {
 *     authenticate: jwtVerifier({ issuer: "https://auth.example.com/", audience: "https://tools.example.com/mcp", jwksUrl: "https://auth.example.com/jwks.json" }),
 *     authorizationServers: ["https://auth.example.com/"],
 *   },
 * });
 * ```
 */
export { refuse, isAuthRefusal, type Authenticate, type AuthRefusal, type AuthVerdict } from "./verdict.js";
export { bearerToken } from "./bearer.js";
export { staticTokens } from "./static-tokens.js";
export { jwtVerifier, defaultJwtPrincipal, type JwtVerifierOptions } from "./jwt-verifier.js";
