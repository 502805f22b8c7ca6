/**
 * The plugin object: registers adapter key `http` with its tool roots, and the HTTP API as a
 * transport `axn serve` mounts at `basePath` (`transport.ts`). Its settings live in the `http`
 * config namespace (`http: { basePath: "/v1" }` in `axn.config.ts`); see `config.ts`.
 */
import { definePlugin } from "@axn/sdk";
import { toolRootsSource } from "@axn/sdk/adapter";
import { HTTP_KEY, httpConfig, PLUGIN_NAME } from "./config.js";
import { registerHttpTransport } from "./transport.js";

export const httpPlugin = definePlugin({
  name: PLUGIN_NAME,
  version: "0.1.0",
  host: "^0.1.0",
  apply(host) {
    host.hooks.registerAdapter.tap(PLUGIN_NAME, (adapters) => adapters.add(HTTP_KEY, toolRootsSource(httpConfig)));
    host.hooks.registerTransport.tap(PLUGIN_NAME, registerHttpTransport);
  },
});
