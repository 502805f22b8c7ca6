/**
 * axn-plugin-langchain — axn actions as LangChain tools. The default export is the plugin (list it
 * in `axn.config.*`); `LangchainAdapter.tools()` / `LangchainAdapter.wrap(action)` give real
 * `@langchain/core` `StructuredTool`s for `createAgent`, `bindTools` or LangGraph's `ToolNode`.
 *
 * Everything exported from this file is public API of axn-plugin-langchain, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * // axn.config.ts
 * export default defineConfig({ plugins: ["langchain"] });
 *
 * // agent.ts
 * import { createAgent } from "langchain";
 * import { LangchainAdapter } from "axn-plugin-langchain";
 * const agent = createAgent({ model: "openai:gpt-4.1", tools: LangchainAdapter.tools() });
 * await agent.invoke({ messages: [{ role: "user", content: "hi" }] }, { context: { userId: "u_1" } });
 * ```
 */
import langchainPlugin from "./plugin.js";

export default langchainPlugin;
export { langchainPlugin };
export { LangchainAdapter, VERSION } from "./plugin.js";
export type { WrapOptions, ToolsOptions } from "./wrap.js";
export { ActionTool, type ActionToolOutput, type ToolArguments } from "./action-tool.js";
export { ADAPTER_KEY, langchainConfig, type PresentAs, type LangchainActionSettings } from "./config.js";
export { ADAPTER_FAILURE_MESSAGE, type InvalidArgumentsArtifact, type ToolArtifact } from "./map-result.js";
export type { AmbientContextOption } from "./ambient.js";
export { LIVE_EVENTS } from "./live.js";
export { INTERRUPTED_REASON, type AxnInterrupt, type AxnResume } from "./graph-questions.js";
export { JOB_STATUS_TOOL, type JobHandleArtifact } from "./job-handle.js";
export { JobStatusTool, type JobStatusArguments, type JobStatusToolOptions } from "./job-status-tool.js";
