/**
 * The plugin the host loads (`plugins: ["langchain"]` in `axn.config.*`): it registers the
 * `langchain` adapter key with its tool-root source so `Tools.for("langchain")` enumerates the
 * actions exposed to LangChain agents, and carries the adapter's pair, `wrap` and the
 * zero-argument `tools()`. The settings themselves are declared when this package is imported
 * (config.ts), so the host seals them with everyone else's.
 *
 * This module is also the package's `./plugin` export, the one the host loads for a config entry
 * (docs/plugin-authoring.md, "A light entry for the host"): it imports nothing of LangChain.
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
import { createRequire } from "node:module";
import { defineAdapterPlugin } from "@axn/sdk/adapter";
import type { AnyAxn } from "@axn/core";
import type { ActionTool } from "./action-tool.js";
import { ADAPTER_KEY, langchainConfig, PACKAGE_NAME } from "./config.js";
import type { JobStatusTool, JobStatusToolOptions } from "./job-status-tool.js";
import type * as ToolKit from "./tool-kit.js";
import type { ToolsOptions, WrapOptions } from "./wrap.js";

export const VERSION = "0.1.0";

// The peer is checked where it always was, when the plugin loads — resolved, not loaded — so an app
// without it hears "needs @langchain/core … npm install" from the host at start-up, not at the
// first wrap.
import.meta.resolve("@langchain/core/tools");

const require = createRequire(import.meta.url);
let toolKit: typeof ToolKit | undefined;
/**
 * The LangChain side (tool-kit.ts), loaded on first use and synchronously, since `wrap` answers a
 * tool: Node's `require` of an ES module (Node 20.19+, this package's `engines`) joins the same
 * module graph as an `import`, so the tool's `StructuredTool` is the app's own `@langchain/core`.
 */
const kit = (): typeof ToolKit => (toolKit ??= require("./tool-kit.js") as typeof ToolKit);

const langchainPlugin = defineAdapterPlugin({
  name: PACKAGE_NAME,
  version: VERSION,
  host: "^0.1.0",
  key: ADAPTER_KEY,
  settings: langchainConfig,
  wrap: (action: AnyAxn, options?: WrapOptions): ActionTool => kit().wrap(action, options),
});

export default langchainPlugin;

/**
 * The adapter's public pair, `wrap(action, options?)` and `tools(options?)` (every option
 * defaults), and `jobStatusTool(tools)`: the companion that collects the jobs of tools wrapped with
 * `background: "handle"`.
 */
export const LangchainAdapter: {
  readonly wrap: (action: AnyAxn, options?: WrapOptions) => ActionTool;
  readonly tools: (options?: ToolsOptions) => ActionTool[];
  readonly jobStatusTool: (tools: readonly ActionTool[], options?: JobStatusToolOptions) => JobStatusTool;
} = Object.freeze({
  wrap: langchainPlugin.wrap,
  tools: langchainPlugin.tools,
  jobStatusTool: (tools: readonly ActionTool[], options?: JobStatusToolOptions): JobStatusTool =>
    kit().jobStatusTool(tools, options),
});
