/**
 * What a server is built from (`createMcpServer`, the HTTP handler, stdio): the app's name and
 * version, its tools, resources and prompts, and the seams it may replace.
 */
import type { AxnPrincipal } from "@axn/core";
import type { ServerContextBuilder } from "../protocol/server-context.js";
import type { ConfigureServer } from "../settings/configure-server.js";
import type { McpPrompt } from "../surface/prompts.js";
import type { McpResource } from "../surface/resources.js";
import type { McpTool } from "../tools/wrap.js";

export interface McpServerOptions {
  /** The server's name, as clients show it. */
  readonly name: string;
  readonly version: string;
  /** The tools to serve; default `McpAdapter.tools()` (every `mcp` member). */
  readonly tools?: readonly McpTool[];
  /** Builds each call's trusted ambient context from its request; default `defaultServerContext`. */
  readonly serverContext?: ServerContextBuilder;
  /** Server instructions sent at initialization. */
  readonly instructions?: string;
  /** The resources to serve; default the `resources` setting (`mcp: { resources }` in config). */
  readonly resources?: readonly McpResource[];
  /** The prompts to serve; default the `prompts` setting. */
  readonly prompts?: readonly McpPrompt[];
  /** Called with the SDK `McpServer` before it connects; default the `configureServer` setting. */
  readonly configureServer?: ConfigureServer;
  /**
   * The principal of every call when the transport has no request to authenticate (stdio: whoever
   * launched the process). A principal from the request's `authInfo` wins over it.
   */
  readonly principal?: AxnPrincipal | null;
}

/** What the HTTP handler adds to a server of its own: the slot of the server-wide concurrent-call cap. */
export interface ServerLimits {
  /** A slot for one call, or `undefined` when the server is at its cap (the call is answered busy). */
  readonly acquireCall: () => (() => void) | undefined;
}
