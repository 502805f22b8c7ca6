/**
 * docs/plugins/mcp.md, "The API" — the plugin's exports as the page lists them, checked against the
 * real ones (the option lists too, below the listing). test/plugins/mcp/docs.spec.ts imports it.
 */
import mcpPlugin, { McpAdapter, createMcpServer, serveStdio, createStreamableHttpHandler, createRedisSessionStore, createMemorySessionStore } from "axn-plugin-mcp";
import type { McpEra, McpHttpHandler, McpServerOptions, McpTool, RedisSessionStoreOptions, SessionStore, StdioServeOptions, StreamableHttpOptions, WrapOptions } from "axn-plugin-mcp";
import type { Server } from "@modelcontextprotocol/server";
import type { StdioServerHandle } from "@modelcontextprotocol/server/stdio";
import type { AnyAxn } from "@axn/core";

mcpPlugin;                                                                                // defineAdapterPlugin(...): registers adapter key "mcp"
McpAdapter.tools satisfies () => McpTool[];                                               // every Tools.for("mcp") member, wrapped
McpAdapter.wrap satisfies (action: AnyAxn, options?: WrapOptions) => McpTool;             // { name?, description?, title?, annotations?, presentAs?, longRunning? }

createMcpServer satisfies (options: McpServerOptions, era?: McpEra) => Server;            // { name, version, tools?, serverContext?, instructions?, principal?, resources?, prompts?, configureServer? }: the SDK's low-level Server
serveStdio satisfies (options: StdioServeOptions) => Promise<StdioServerHandle>;          // the same, plus stdin?, stdout?, stderr?; either era, per connection
createStreamableHttpHandler satisfies (options: StreamableHttpOptions) => McpHttpHandler; // the same, plus path?, stateless?, serving?, hostname?, allowedHosts?, allowedOrigins?, maxBodyBytes?, maxSessions?, maxSessionsPerPrincipal?, sessionIdleMs?, sessionStore?, eventBus?
createRedisSessionStore satisfies (options: RedisSessionStoreOptions) => Promise<SessionStore>; // { connection, prefix?, timeoutMs? }: sessions every instance answers (scaling.md)
createMemorySessionStore satisfies () => SessionStore;                                   // the default store: this process's memory

// The option lists in the comments above are the options' keys.
type Is<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const optionLists: [
  Is<keyof WrapOptions, "name" | "description" | "title" | "annotations" | "presentAs" | "longRunning">,
  Is<keyof McpServerOptions, "name" | "version" | "tools" | "serverContext" | "instructions" | "principal" | "resources" | "prompts" | "configureServer">,
  Is<Exclude<keyof StdioServeOptions, keyof McpServerOptions>, "stdin" | "stdout" | "stderr">,
  Is<Exclude<keyof StreamableHttpOptions, keyof McpServerOptions>, "path" | "stateless" | "serving" | "hostname" | "allowedHosts" | "allowedOrigins" | "maxBodyBytes" | "maxSessions" | "maxSessionsPerPrincipal" | "sessionIdleMs" | "sessionStore" | "eventBus">,
] = [true, true, true, true];
