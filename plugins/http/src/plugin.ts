/**
 * The plugin object (`defineAdapterPlugin`): registers adapter key `http` with its tool roots, the
 * generated `tools()`, and in `apply` the HTTP API as a transport `axn serve` mounts at `basePath`
 * (`server/transport.ts`). Its settings live in the `http` config namespace; see `config.ts`.
 */
import { defineAdapterPlugin } from "@axn/sdk/adapter";
import { ADAPTER_KEY, httpConfig, PLUGIN_NAME } from "./config.js";
import { registerHttpTransport } from "./server/transport.js";
import { wrap, type HttpOperation } from "./operation/wrap.js";

export const httpPlugin = defineAdapterPlugin({
  name: PLUGIN_NAME,
  version: "0.1.0",
  host: "^0.1.0",
  key: ADAPTER_KEY,
  settings: httpConfig,
  wrap,
  allVersions: true,
  apply(host) {
    host.hooks.registerTransport.tap(PLUGIN_NAME, registerHttpTransport);
  },
});

/**
 * Every registered `http` tool, every version (sorted by name, then version): an HTTP client pins
 * a URL to one version forever, so each one is served, and none is blessed as a default.
 */
export const tools: () => readonly HttpOperation[] = httpPlugin.tools;

export const HttpAdapter = { tools, wrap } as const;
