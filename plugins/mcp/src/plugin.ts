/**
 * The plugin the host loads (`plugins: ["mcp"]`), by `defineAdapterPlugin`: registers the `mcp`
 * adapter key with its tool roots and the `openWorld` / `closedWorld` semantic hints, generates
 * `tools()`, and in `apply` registers the Streamable HTTP and stdio transports (`transports.ts`) and
 * the runner of tasks that ask (tasks/asking.ts).
 * Its settings are declared in `settings/config.ts` when the package is imported, so they exist before any
 * action is defined.
 */
import { defineAdapterPlugin } from "@axn/sdk/adapter";
import { ADAPTER_KEY, mcpConfig, PLUGIN_NAME, PLUGIN_VERSION } from "./settings/config.js";
import { installTaskAsking } from "./tasks/asking.js";
import { registerMcpTransports } from "./transports.js";
import { wrap } from "./tools/wrap.js";

export const mcpPlugin = defineAdapterPlugin({
  name: PLUGIN_NAME,
  version: PLUGIN_VERSION,
  host: "^0.1.0",
  key: ADAPTER_KEY,
  settings: mcpConfig,
  wrap,
  semanticHints: ["openWorld", "closedWorld"],
  apply(host) {
    host.hooks.registerTransport.tap(PLUGIN_NAME, registerMcpTransports);
    // An `axn worker` serves nothing but runs the tasks that ask: it needs their runner too.
    installTaskAsking();
  },
});
