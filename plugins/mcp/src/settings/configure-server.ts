/**
 * The raw seam to the SDK: `configureServer(server)` receives each SDK `McpServer` the plugin
 * builds — after the app's tools, resources and prompts are registered, before it connects — so
 * an app can add what axn does not model (a custom request handler, `server.server.setNotificationHandler`,
 * extra capabilities) without leaving `axn serve`. Set in code (`createMcpServer({ configureServer })`,
 * `serveStdio`, `createStreamableHttpHandler`) or in config (`mcp: { configureServer }`); the code
 * option wins. Called once per server: once for stdio, once per session over Streamable HTTP
 * (once per request when stateless).
 *
 * Tools stay axn's: `server.registerTool` throws (the SDK refuses a second `tools/list` handler).
 */
import { errorMessage } from "@axn/sdk/adapter";
import type { McpServer } from "@modelcontextprotocol/server";

/** The hook: synchronous, since it runs before the server connects. */
export type ConfigureServer = (server: McpServer) => void;

/** Runs the hook; a throw becomes an error that names the hook and keeps the cause. */
export function runConfigureServer(configure: ConfigureServer | undefined, server: McpServer): void {
  if (configure === undefined) return;
  let returned: unknown;
  try {
    returned = configure(server);
  } catch (error) {
    // The app's own error, shown to the app's developer (never to a client): its message helps.
    throw new Error(`axn-plugin-mcp: configureServer threw: ${errorMessage(error)}`, { cause: error });
  }
  if (returned instanceof Promise) {
    returned.catch(() => undefined);
    throw new TypeError(
      "axn-plugin-mcp: configureServer must be synchronous (it runs before the server connects); register handlers without awaiting",
    );
  }
}
