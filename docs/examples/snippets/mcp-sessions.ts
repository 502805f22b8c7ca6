/**
 * docs/scaling.md, "MCP sessions in Redis": the config that keeps `/mcp` sessions on the app's
 * Redis, and the same store handed to a Streamable HTTP handler an app mounts itself.
 * test/plugins/mcp/session-store.spec.ts runs both against a real Redis.
 */
import { defineConfig } from "@axn/sdk";
import { createRedisSessionStore, createStreamableHttpHandler } from "axn-plugin-mcp";

// axn.config.ts — every `axn serve` instance answers every MCP session:
export const config = defineConfig({
  plugins: ["mcp", "http"],
  mcp: { sessionStore: "redis" }, // or a redis:// URL of its own
  queue: { connection: "redis://127.0.0.1:6379" },
});

// An app that mounts /mcp itself passes the store to the handler:
export async function sharedMcpHandler(connection: string) {
  const sessionStore = await createRedisSessionStore({ connection, prefix: "helpdesk" });
  const handler = createStreamableHttpHandler({ name: "helpdesk", version: "1.0.0", sessionStore });
  // Stopping: the handler's sessions first, then the store it was given.
  const close = async () => {
    await handler.close();
    await sessionStore.close();
  };
  return { handler, close };
}
