/**
 * `McpAdapter`: the pair every axn adapter exposes — `tools()` and `wrap(action, options)` — plus
 * the deprecated `serverContext()`, the MCP-only handle of the call running now (progress,
 * cancellation), reachable only in a tool with the `serverContext` setting on. An action uses its
 * call context instead (`ctx.progress`, `ctx.signal`, `ctx.notify`, `ctx.elicit`, `ctx.sample`;
 * live.ts maps them), which works on every transport. `tools` and `wrap` are the plugin's own
 * (`defineAdapterPlugin`, plugin.ts).
 *
 * @example
 * ```ts
 * const tools = McpAdapter.tools(); // every `mcp` member, wrapped
 * const add = McpAdapter.wrap(AddNumbers, { name: "add" });
 * ```
 */
import type { AnyAxn } from "@axn/core";
import { mcpPlugin } from "./plugin.js";
import { currentServerContext, type McpServerContext } from "./server-context.js";
import type { McpTool, WrapOptions } from "./wrap.js";

export const McpAdapter: {
  /** Every `Tools.for("mcp")` member, wrapped with its defaults. */
  readonly tools: () => McpTool[];
  /** One action → an MCP tool (definition + handler). The action is not changed. */
  readonly wrap: (action: AnyAxn, options?: WrapOptions) => McpTool;
  /**
   * The running MCP call's handle (progress, cancellation); `undefined` outside one and in a tool
   * without the `serverContext` setting.
   * @deprecated Use the call context (`ctx.progress`, `ctx.signal`): it needs no setting and works on every transport.
   */
  readonly serverContext: () => McpServerContext | undefined;
} = Object.freeze({ tools: mcpPlugin.tools, wrap: mcpPlugin.wrap, serverContext: currentServerContext });
