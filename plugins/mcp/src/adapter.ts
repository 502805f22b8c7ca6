/**
 * `McpAdapter`: the pair every axn adapter exposes — `tools()` and `wrap(action, options)` — plus
 * `serverContext()`, the MCP-only handle of the call running now (progress, cancellation). An
 * action that should work on every transport uses its call context instead (`ctx.progress`,
 * `ctx.notify`, `ctx.elicit`, `ctx.sample`; live.ts maps them). `tools` and `wrap` are the
 * plugin's own (`defineAdapterPlugin`, plugin.ts).
 *
 * @example
 * ```ts
 * const progress = McpAdapter.serverContext();
 * await progress?.reportProgress(1, 3, "fetched invoices");
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
  /** The running MCP call's handle (progress, cancellation), or `undefined` outside one. */
  readonly serverContext: () => McpServerContext | undefined;
} = Object.freeze({ tools: mcpPlugin.tools, wrap: mcpPlugin.wrap, serverContext: currentServerContext });
