/**
 * The plugin the host loads (`plugins: ["mcp"]`): registers the `mcp` adapter key with its tool
 * roots, the `openWorld` / `closedWorld` semantic hints, and the Streamable HTTP and stdio
 * transports `axn serve` runs (`transports.ts`). Its settings are declared in `config.ts` when the
 * package is imported, so they exist before any action is defined.
 */
import { definePlugin } from "@axn/sdk";
import { toolRootsSource } from "@axn/sdk/adapter";
import { MCP_KEY, mcpConfig, PLUGIN_NAME, PLUGIN_VERSION } from "./config.js";
import { registerMcpTransports } from "./transports.js";

export const mcpPlugin = definePlugin({
  name: PLUGIN_NAME,
  version: PLUGIN_VERSION,
  host: "^0.1.0",
  apply(host) {
    host.hooks.registerAdapter.tap(PLUGIN_NAME, (adapters) => adapters.add(MCP_KEY, toolRootsSource(mcpConfig)));
    host.hooks.registerSemanticHint.tap(PLUGIN_NAME, (hints) => hints.add("openWorld", "closedWorld"));
    host.hooks.registerTransport.tap(PLUGIN_NAME, registerMcpTransports);
  },
});
