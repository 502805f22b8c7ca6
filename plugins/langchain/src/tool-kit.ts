/**
 * The LangChain side of the plugin: everything that imports `@langchain/core` (~270 modules, about
 * half of `axn tools`' start-up on Node 24). The plugin's own module (plugin.ts) loads this file on
 * the first `wrap` / `jobStatusTool`, so a process that only needs the plugin's registration — the
 * CLI listing, checking or serving an app — never loads LangChain.
 */
export { wrap } from "./wrap.js";
export { jobStatusTool } from "./job-status-tool.js";
