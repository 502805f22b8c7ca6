/**
 * axn-plugin-http — actions as a versioned HTTP API with an OpenAPI 3.1 document. Every version of
 * every `http` tool is served at `POST {basePath}/{tool}/v{n}`; `GET {basePath}/openapi.json`
 * describes them. Built on hono: `createHttpApp` is a standard `fetch` handler, `serve` runs it on
 * Node through `@hono/node-server`.
 *
 * Everything exported from this file is public API of axn-plugin-http, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * // axn.config.ts
 * export default defineConfig({ plugins: ["http"], http: { basePath: "/api" } });
 *
 * // server.ts
 * import { serve } from "axn-plugin-http";
 * await loadHost();
 * const server = await serve({ port: 8787 });
 * // curl -X POST http://127.0.0.1:8787/api/approve_loan/v2 -H 'content-type: application/json' -d '{"amount":100}'
 * ```
 */
import type { SettingsOf } from "@axn/core";
import { httpPlugin } from "./plugin.js";
import type { httpConfig } from "./config.js";
// Brings `@axn/sdk` into the program for the `AppSettingsRegistry` augmentation below.
import type {} from "@axn/sdk";

export default httpPlugin;
export { httpPlugin, HttpAdapter, tools } from "./plugin.js";
export {
  httpConfig,
  ADAPTER_KEY,
  DEFAULT_BASE_PATH,
  DEFAULT_MAX_BODY_BYTES,
  type HttpConfig,
  type HttpCorsSettings,
} from "./config.js";
export { wrap, type HttpOperation, type InvokeHttpOptions, type WrapOptions } from "./operation/wrap.js";
export { createHttpApp, type HttpApp, type HttpAppEnv, type HttpAppOptions, type MountedHandler } from "./hono/app.js";
export { serve, DEFAULT_HOSTNAME, DEFAULT_PORT, type HttpServerHandle, type ServeOptions } from "./server/serve.js";
export { buildOpenApiDocument, type OpenApiInfo, type OpenApiOptions, type OpenApiServer } from "./openapi/document.js";
export { LOOPBACK_HOSTS } from "@axn/sdk/adapter";
export { Messages as HttpMessages, type HttpReply } from "./replies.js";
export { SSE_EVENTS } from "./hono/sse.js";

declare module "@axn/sdk" {
  interface AppSettingsRegistry {
    http: SettingsOf<typeof httpConfig>;
  }
}
