/**
 * The plugin's settings, in the `http` config namespace: where the API lives (`basePath`), how
 * large a body may be (`maxBodyBytes`), which Host headers a local server answers
 * (`allowedHosts`), cross-origin access (`cors`, off unless configured), the API reference page
 * (`referencePage`), the signing of a call's questions (`requestStateKey`, `requestStateTtlSeconds`:
 * pipeline/input-round.ts), and the per-tool `rejectOpaqueExposedValues` (default `true`: a published HTTP
 * contract ships only renderings an author declared). Tool roots are empty by default, like core's.
 * Who may call is not the plugin's to say: `serve.authenticate` is the one authentication of every
 * HTTP-served transport (docs/security.md).
 *
 * @example
 * ```ts
 * import { httpConfig } from "axn-plugin-http";
 * httpConfig.configure((c) => {
 *   c.basePath = "/tools";
 *   c.maxBodyBytes = 64 * 1024;
 * });
 * ```
 */
import { createConfigurable, type OverridableSettingsOf } from "@axn/core";
import { declareRejectOpaqueExposedValues, MIN_ROUND_STATE_KEY_LENGTH, toolRootsDefault } from "@axn/sdk/adapter";

/** The adapter key and the config namespace. */
export const ADAPTER_KEY = "http";
export const PLUGIN_NAME = "axn-plugin-http";

/** Cross-origin access for the API routes. `origin` is required: no wildcard by accident. */
export interface HttpCorsSettings {
  readonly origin: string | readonly string[];
  readonly allowHeaders?: readonly string[];
  readonly exposeHeaders?: readonly string[];
  readonly maxAge?: number;
  readonly credentials?: boolean;
}

export const DEFAULT_BASE_PATH = "/api";
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Ten minutes to answer, as MCP's `input_required` rounds give. */
const DEFAULT_REQUEST_STATE_TTL_SECONDS = 600;

const BASE_PATH = /^(\/[A-Za-z0-9._~-]+)*$/;

export const httpConfig = toolRootsDefault(
  declareRejectOpaqueExposedValues(createConfigurable(PLUGIN_NAME).configNamespace(ADAPTER_KEY), { default: true }),
  [],
)
  .setting("basePath", {
    default: DEFAULT_BASE_PATH,
    validate: (value: string) =>
      (typeof value === "string" && BASE_PATH.test(value)) ||
      'expected "" or a path such as "/api" (segments of letters, digits, ".", "_", "~", "-"; no trailing slash)',
    description: "Path prefix of every route: POST {basePath}/{tool}/v{n}, GET {basePath}/openapi.json",
  })
  .setting("maxBodyBytes", {
    default: DEFAULT_MAX_BODY_BYTES,
    validate: (value: number) =>
      (Number.isSafeInteger(value) && value > 0) || "expected a positive integer number of bytes",
    description: "Largest request body accepted; a larger one is refused with 413 before it is parsed",
  })
  .setting("allowedHosts", {
    default: (): readonly string[] | null => null,
    validate: (value: readonly string[] | null) =>
      value === null ||
      (Array.isArray(value) && value.every((h) => typeof h === "string" && h !== "")) ||
      "expected null or a list of host names",
    description:
      "Host names the server answers (DNS-rebinding protection); null: loopback names when serving on loopback, else any",
  })
  .setting("cors", {
    default: (): HttpCorsSettings | null => null,
    validate: (value: HttpCorsSettings | null) =>
      value === null ||
      (typeof value === "object" && (typeof value.origin === "string" || Array.isArray(value.origin))) ||
      "expected null (no CORS) or an object with an origin",
    description: "CORS for the API routes; off unless configured",
  })
  .setting("referencePage", {
    default: (): boolean | null => null,
    validate: (value: boolean | null) =>
      value === null ||
      typeof value === "boolean" ||
      "expected true, false or null (on unless the app runs in production)",
    description:
      "The interactive API reference at GET {basePath}/docs; null: on unless the app runs in production (axn serve without --dev)",
  })
  .setting("requestStateKey", {
    default: (): string | null => null,
    validate: (value: string | null) =>
      value === null ||
      (typeof value === "string" && value.length >= MIN_ROUND_STATE_KEY_LENGTH) ||
      `expected null (a key of this process) or a secret of at least ${MIN_ROUND_STATE_KEY_LENGTH} characters, the same on every instance`,
    description:
      "HMAC key signing the requestState of a call that asks for input (428); null: one per process, so a retry must reach the same instance",
  })
  .setting("requestStateTtlSeconds", {
    default: DEFAULT_REQUEST_STATE_TTL_SECONDS,
    validate: (value: number) =>
      (Number.isSafeInteger(value) && value > 0) || "expected a positive whole number of seconds",
    description: "How long a caller has to answer a 428's questions before its requestState is refused",
  });

export type HttpConfig = typeof httpConfig;

declare module "@axn/core" {
  interface AdapterSettingsRegistry {
    http: OverridableSettingsOf<typeof httpConfig>;
  }
}
