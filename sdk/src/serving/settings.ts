/**
 * The serving policy's settings, in the `serve` config namespace of an app's `axn.config` — one
 * place for what every HTTP-served transport (the HTTP API, MCP Streamable HTTP, a third-party
 * transport) applies alike: who is calling (`authenticate`, `anonymous`), what the OAuth
 * Protected Resource Metadata advertises (`authorizationServers`, `scopesSupported`), which Host
 * and Origin headers are answered (`allowedHosts`, `allowedOrigins`), and the limits of a call
 * (`callTimeoutMs`, overridable per action; `maxConcurrentCalls`). stdio has no request to
 * authenticate: its principal is configured (`stdioPrincipal`, or `AXN_PRINCIPAL`), trusted-local.
 *
 * @example
 * ```ts
 * export default defineConfig({
 *   plugins: ["mcp", "http"],
 *   serve: { authenticate: staticTokens({ "s3cret": { id: "ops" } }), anonymous: false, callTimeoutMs: 30_000 },
 * });
 * ```
 */
import { createConfigurable, type AxnPrincipal, type SettingsOf } from "@axn/core";
import type { Authenticate } from "../auth/verdict.js";
import type { ServeSettings } from "../config/serve-settings.js";
import { claimSdk } from "./one-sdk.js";

export const SERVE_NAMESPACE = "serve";
export const DEFAULT_CALL_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_CONCURRENT_CALLS = 64;

const hostList = (value: readonly string[] | null): true | string =>
  value === null ||
  (Array.isArray(value) && value.every((h) => typeof h === "string" && h !== "")) ||
  "expected null or a list of names";

// Before the settings exist: a second copy of @axn/sdk must not declare a second `serve` (serving/one-sdk.ts).
claimSdk();

export const servingConfig = createConfigurable("@axn/sdk")
  .configNamespace(SERVE_NAMESPACE)
  .setting("authenticate", {
    default: (): Authenticate | null => null,
    validate: (value: Authenticate | null) =>
      value === null ||
      typeof value === "function" ||
      "expected null or a function (request) => principal | null | refusal",
    description: "Who is calling, for every HTTP-served transport; null: no authentication (every caller is anonymous)",
  })
  .setting("anonymous", {
    default: false,
    validate: (value: boolean) => typeof value === "boolean" || "expected true or false",
    description:
      "Whether a caller authenticate answers null for (no credentials) is served, as an anonymous caller; otherwise 401",
  })
  .setting("authorizationServers", {
    default: (): readonly string[] => [],
    validate: (value: readonly string[]) =>
      (Array.isArray(value) && value.every((s) => typeof s === "string" && URL.canParse(s))) ||
      "expected a list of issuer URLs",
    description: "Authorization servers advertised at /.well-known/oauth-protected-resource (RFC 9728)",
  })
  .setting("scopesSupported", {
    default: (): readonly string[] => [],
    validate: (value: readonly string[]) =>
      (Array.isArray(value) && value.every((s) => typeof s === "string")) || "expected a list of scope names",
    description: "Scopes advertised in the protected resource metadata",
  })
  .setting("publicUrl", {
    default: (): string | null => null,
    validate: (value: string | null) =>
      value === null ||
      (typeof value === "string" &&
        URL.canParse(value) &&
        /^https?:$/.test(new URL(value).protocol) &&
        new URL(value).search === "" &&
        new URL(value).hash === "") ||
      'expected null or an http(s) URL without query or fragment, e.g. "https://tools.example.com"',
    description:
      "The URL clients reach this server at (behind a proxy): names the resource in the RFC 9728 document and 401 challenges",
  })
  .setting("trustProxy", {
    default: false,
    validate: (value: boolean) => typeof value === "boolean" || "expected true or false",
    description:
      "Whether X-Forwarded-Proto / X-Forwarded-Host name the public origin (only behind a proxy that sets them)",
  })
  .setting("allowedHosts", {
    default: (): readonly string[] | null => null,
    validate: hostList,
    description:
      "Host names every HTTP transport answers (DNS-rebinding protection); null: loopback names on a loopback address, else any",
  })
  .setting("allowedOrigins", {
    default: (): readonly string[] | null => null,
    validate: hostList,
    description:
      "Browser origins allowed to call (exact, e.g. https://app.example.com); null: origins naming an allowed host",
  })
  .setting("callTimeoutMs", {
    default: DEFAULT_CALL_TIMEOUT_MS,
    overridable: true,
    validate: (value: number) =>
      (Number.isSafeInteger(value) && value > 0) || "expected a positive integer number of milliseconds",
    description: "How long one tool call may run before its signal is aborted and the caller told it timed out",
  })
  .setting("maxConcurrentCalls", {
    default: DEFAULT_MAX_CONCURRENT_CALLS,
    validate: (value: number) => (Number.isSafeInteger(value) && value > 0) || "expected a positive integer",
    description:
      "Tool calls one server runs at once; beyond it HTTP answers 503 with Retry-After, MCP a JSON-RPC error",
  })
  .setting("stdioPrincipal", {
    default: (): AxnPrincipal | null => principalFromEnv(process.env["AXN_PRINCIPAL"]),
    validate: (value: AxnPrincipal | null) =>
      value === null ||
      (typeof value === "object" && typeof value.id === "string" && value.id !== "") ||
      "expected null or a principal with an id",
    description:
      "The principal of every call over stdio (trusted-local: whoever launched the process); default from AXN_PRINCIPAL",
  });

/**
 * `AXN_PRINCIPAL`: a principal as JSON (`{"id":"ana","roles":["agent"]}`) or a bare id (`ana`).
 * Anything else is no principal, and says so once on stderr rather than guessing.
 */
export function principalFromEnv(value: string | undefined): AxnPrincipal | null {
  if (value === undefined || value.trim() === "") return null;
  const text = value.trim();
  if (!text.startsWith("{")) return Object.freeze({ id: text });
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed === "object" && parsed !== null && typeof (parsed as { id?: unknown }).id === "string")
      return Object.freeze(parsed as AxnPrincipal);
  } catch {
    // reported below
  }
  process.emitWarning(
    'AXN_PRINCIPAL must be an id or a JSON principal such as {"id":"ana"}; serving stdio without a principal',
    { code: "AXN_PRINCIPAL_INVALID" },
  );
  return null;
}

// The `serve` key of an app's axn.config is typed by `ServeSettings` (config/serve-settings.ts, which
// define-config.ts can import); these two lines fail to compile if the settings and it drift apart.
// (Augmenting AppSettingsRegistry from inside @axn/sdk instead made every namespace of an app
// config lose its contextual types: test/types/config-types.spec.ts caught it.)
// biome-ignore lint/correctness/noUnusedVariables: a compile-time check; its type is the point
const servingSettingsMatch: [SettingsOf<typeof servingConfig>] extends [ServeSettings]
  ? [ServeSettings] extends [SettingsOf<typeof servingConfig>]
    ? true
    : false
  : false = true;
