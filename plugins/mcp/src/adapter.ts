/**
 * `McpAdapter`: the pair every axn adapter exposes — `tools()` and `wrap(action, options)`, the
 * plugin's own (`defineAdapterPlugin`, plugin.ts). A tool's live capabilities are on the action's
 * call context (`ctx.progress`, `ctx.signal`, `ctx.notify`, `ctx.elicit`, `ctx.sample`; tools/live.ts
 * maps them), the same on every transport.
 *
 * @example
 * ```ts
 * const tools = McpAdapter.tools(); // every `mcp` member, wrapped
 * const add = McpAdapter.wrap(AddNumbers, { name: "add" });
 * ```
 */
import type { AnyAxn } from "@axn/core";
import type { ToolsOptions } from "@axn/sdk/adapter";
import { mcpPlugin } from "./plugin.js";
import type { McpTool, WrapOptions } from "./tools/wrap.js";

export const McpAdapter: {
  /**
   * Every `Tools.for("mcp")` member, wrapped with its defaults — with `{ principal }`, only those
   * that caller may call (as `tools/list` shows them); other options apply to every tool.
   */
  readonly tools: (options?: ToolsOptions<WrapOptions>) => McpTool[];
  /** One action → an MCP tool (definition + handler). The action is not changed. */
  readonly wrap: (action: AnyAxn, options?: WrapOptions) => McpTool;
} = Object.freeze({ tools: mcpPlugin.tools, wrap: mcpPlugin.wrap });
