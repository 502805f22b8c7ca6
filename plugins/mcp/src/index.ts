/**
 * axn-plugin-mcp — axn actions as Model Context Protocol tools, on the official
 * `@modelcontextprotocol/sdk`. The default export is the host plugin; the named exports wrap
 * actions and serve them over stdio or Streamable HTTP. See docs/plugins/mcp.md.
 *
 * Everything exported from this file is public API of axn-plugin-mcp, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * import { loadHost } from "@axn/sdk";
 * import { serveStdio } from "axn-plugin-mcp";
 *
 * await loadHost({ cwd: process.cwd() });            // axn.config.ts lists plugins: ["mcp"]
 * await serveStdio({ name: "acme", version: "1.0.0" }); // every `mcp` tool
 * ```
 */
import { mcpPlugin } from "./plugin.js";

export default mcpPlugin;
export { mcpPlugin };
export { McpAdapter } from "./adapter.js";
export {
  mcpConfig,
  ADAPTER_KEY,
  type McpActionSettings,
  type McpAnnotations,
  type McpSettings,
  type PresentAs,
} from "./settings/config.js";
export { TOOL_VERSION_META_KEY, type McpCallRequest, type McpTool, type WrapOptions } from "./tools/wrap.js";
export { ADAPTER_FAILURE_MESSAGE } from "./tools/map-result.js";
export {
  defaultServerContext,
  type McpEra,
  type McpRequestContext,
  type ServerContextBuilder,
} from "./protocol/server-context.js";
export { createMcpServer, type McpServerOptions } from "./server/server.js";
export { LIVE_REQUEST_TIMEOUT_MS } from "./tools/live.js";
export type { McpPeer } from "./protocol/peer.js";
export {
  serveStdio,
  MAX_STDIO_MESSAGE_BYTES,
  STDIO_OVERSIZED_EXIT_CODE,
  type StdioServeOptions,
} from "./stdio/serve-stdio.js";
export {
  createStreamableHttpHandler,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_SESSION_IDLE_MS,
  type McpHttpHandler,
  type StreamableHttpOptions,
} from "./http/handler.js";
export {
  createMemorySessionStore,
  SessionStoreUnavailable,
  type SessionChange,
  type SessionMessage,
  type SessionRecord,
  type SessionStore,
} from "./sessions/store.js";
export {
  createRedisSessionStore,
  DEFAULT_SESSION_STORE_TIMEOUT_MS,
  type RedisSessionStoreOptions,
} from "./sessions/redis-store.js";
export type { SessionStoreSetting } from "./sessions/store-setting.js";
export { LOCALHOST_NAMES } from "./http/json-error.js";
export {
  defineResource,
  type FixedResourceDefinition,
  type ListedResource,
  type McpResource,
  type ResourceBody,
  type ResourceReadContext,
  type TemplateResourceDefinition,
} from "./surface/resources.js";
export {
  definePrompt,
  type McpPrompt,
  type PromptContext,
  type PromptDefinition,
  type PromptMessageSpec,
} from "./surface/prompts.js";
export type {
  ArgumentDeclaration,
  ArgumentFields,
  ArgumentSchema,
  ArgumentSpec,
  ArgumentValues,
  NormalizedArgument,
} from "./surface/arguments.js";
export type { Completer, CompletionContext } from "./surface/completions.js";
export type { ConfigureServer } from "./settings/configure-server.js";
export { discoverSurface, type DiscoveredSurface } from "./server/discover-surface.js";
