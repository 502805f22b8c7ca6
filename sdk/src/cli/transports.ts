/**
 * The transport plugins' serving factories, as the CLI uses them. @axn/sdk cannot depend on the
 * plugins (they depend on it), so the CLI imports each plugin module from the file the host loaded
 * it from — the same module instance, with the same settings the app's config applied — and
 * checks that the exports it needs are there. The types below are the slice of each plugin's
 * public API the CLI relies on.
 */
import { pathToFileURL } from "node:url";
import { CliError, ExitCode } from "./errors.js";
import { findPlugin, type LoadedApp } from "./load-app.js";

export const HTTP_PLUGIN = "axn-plugin-http";
export const MCP_PLUGIN = "axn-plugin-mcp";

export type FetchHandler = (request: Request) => Response | Promise<Response>;

export interface HttpPluginModule {
  createHttpApp(options?: {
    readonly mount?: readonly { readonly path: string; readonly handler: FetchHandler }[];
    readonly openapi?: { readonly title?: string; readonly version?: string; readonly description?: string };
  }): { fetch: FetchHandler };
  serve(options: { readonly port?: number; readonly hostname?: string; readonly app?: { fetch: FetchHandler } }): Promise<{
    readonly url: string;
    readonly port: number;
    close(): Promise<void>;
  }>;
  readonly HttpAdapter: { tools(): readonly HttpOperationLike[] };
  readonly httpConfig: { get(name: "basePath"): string };
}

export interface HttpOperationLike {
  readonly toolName: string;
  readonly toolVersion: number;
  readonly route: string;
  readonly inputSchema: { readonly required?: readonly string[] };
  readonly semanticHints: readonly string[];
}

export interface McpHttpHandlerLike {
  fetch(request: Request): Promise<Response>;
  readonly listener: (request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => Promise<void>;
  close(): Promise<void>;
}

export interface McpPluginModule {
  createStreamableHttpHandler(options: { readonly name: string; readonly version: string; readonly path?: string }): McpHttpHandlerLike;
  serveStdio(options: { readonly name: string; readonly version: string }): Promise<{ close(): Promise<void> }>;
  readonly McpAdapter: { tools(): readonly { readonly name: string }[] };
}

const HTTP_EXPORTS = ["createHttpApp", "serve", "HttpAdapter", "httpConfig"] as const;
const MCP_EXPORTS = ["createStreamableHttpHandler", "serveStdio", "McpAdapter"] as const;

export function httpPlugin(app: LoadedApp): Promise<HttpPluginModule | undefined> {
  return pluginModule<HttpPluginModule>(app, HTTP_PLUGIN, HTTP_EXPORTS);
}

export function mcpPlugin(app: LoadedApp): Promise<McpPluginModule | undefined> {
  return pluginModule<McpPluginModule>(app, MCP_PLUGIN, MCP_EXPORTS);
}

async function pluginModule<T>(app: LoadedApp, name: string, needed: readonly string[]): Promise<T | undefined> {
  const plugin = findPlugin(app, name);
  if (plugin === undefined) return undefined;
  if (plugin.source === "inline") {
    throw new CliError(
      ExitCode.config,
      `${name} is listed as a plugin object; the CLI needs its package to serve it`,
      `List it by name in the config (plugins: ["${name.replace("axn-plugin-", "")}"]).`,
    );
  }
  const namespace = (await import(pathToFileURL(plugin.source).href)) as Record<string, unknown>;
  const missing = needed.filter((key) => namespace[key] === undefined);
  if (missing.length > 0) {
    throw new CliError(
      ExitCode.config,
      `${name} (${plugin.source}) does not export ${missing.join(", ")}`,
      `Install a version of ${name} made for @axn/sdk 0.1 (npm install ${name}@^0.1.0).`,
    );
  }
  return namespace as T;
}
