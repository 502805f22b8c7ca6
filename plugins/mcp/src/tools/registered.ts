/**
 * `registeredTools()`: every `Tools.for("mcp")` member, wrapped with its defaults — what
 * `McpAdapter.tools()` returns (defineAdapterPlugin's `tools()` with no options), here in the
 * tools layer so the servers that serve it by default need not import the plugin: plugin.ts
 * registers the transports, and a server importing it back would close a cycle.
 */
import { Tools } from "@axn/core";
import { ADAPTER_KEY } from "../settings/config.js";
import { wrap, type McpTool } from "./wrap.js";

export function registeredTools(): McpTool[] {
  return Tools.for(ADAPTER_KEY).map((action) => wrap(action));
}
