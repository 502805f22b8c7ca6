/**
 * The plugin the host loads (`plugins: ["langchain"]` in `axn.config.*`): it registers the
 * `langchain` adapter key with its tool-root source so `Tools.for("langchain")` enumerates the
 * actions exposed to LangChain agents. The settings themselves are declared when this package is
 * imported (config.ts), so the host seals them with everyone else's.
 */
import { definePlugin } from "@axn/sdk";
import { toolRootsSource } from "@axn/sdk/adapter";
import { ADAPTER_KEY, langchainConfig, PACKAGE_NAME } from "./config.js";

export const VERSION = "0.1.0";

export const langchainPlugin = definePlugin({
  name: PACKAGE_NAME,
  version: VERSION,
  host: "^0.1.0",
  apply(host) {
    host.hooks.registerAdapter.tap(PACKAGE_NAME, (adapters) => adapters.add(ADAPTER_KEY, toolRootsSource(langchainConfig)));
  },
});
