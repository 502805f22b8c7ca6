/**
 * The plugin the host loads (`plugins: ["langchain"]` in `axn.config.*`): it registers the
 * `langchain` adapter key with its tool-root source so `Tools.for("langchain")` enumerates the
 * actions exposed to LangChain agents, and carries the adapter's pair, `wrap` and the
 * zero-argument `tools()`. The settings themselves are declared when this package is imported
 * (config.ts), so the host seals them with everyone else's.
 *
 * @example
 * ```ts
 * import { createAgent } from "langchain";
 * import { LangchainAdapter } from "axn-plugin-langchain";
 *
 * const agent = createAgent({ model, tools: LangchainAdapter.tools() });
 * await agent.invoke({ messages: [{ role: "user", content: "List acme's companies" }] }, { context: { userId } });
 * ```
 */
import { defineAdapterPlugin } from "@axn/sdk/adapter";
import type { AnyAxn } from "@axn/core";
import type { ActionTool } from "./action-tool.js";
import { ADAPTER_KEY, langchainConfig, PACKAGE_NAME } from "./config.js";
import { wrap, type ToolsOptions, type WrapOptions } from "./wrap.js";
import { jobStatusTool, type JobStatusTool, type JobStatusToolOptions } from "./job-status-tool.js";

export const VERSION = "0.1.0";

export const langchainPlugin = defineAdapterPlugin({
  name: PACKAGE_NAME,
  version: VERSION,
  host: "^0.1.0",
  key: ADAPTER_KEY,
  settings: langchainConfig,
  wrap,
});

/**
 * The adapter's public pair, `wrap(action, options?)` and `tools(options?)` (every option
 * defaults), and `jobStatusTool(tools)`: the companion that collects the jobs of tools wrapped with
 * `background: "handle"`.
 */
export const LangchainAdapter: {
  readonly wrap: (action: AnyAxn, options?: WrapOptions) => ActionTool;
  readonly tools: (options?: ToolsOptions) => ActionTool[];
  readonly jobStatusTool: (tools: readonly ActionTool[], options?: JobStatusToolOptions) => JobStatusTool;
} = Object.freeze({ wrap: langchainPlugin.wrap, tools: langchainPlugin.tools, jobStatusTool });
