/**
 * What several specs ask of a real MCP SDK `Client`: the JSON-RPC error a request is answered with,
 * and the logs and resource updates a session receives.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  LoggingMessageNotificationSchema,
  McpError,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";

/** The JSON-RPC error a request is answered with; a request that succeeds fails the spec. */
export async function rpcError(request: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await request;
  } catch (error) {
    if (error instanceof McpError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a JSON-RPC error");
}

/** Records the client's log notifications (`level: data`) and updated resource URIs, in arrival order. */
export function recordNotifications(client: Client): { readonly logs: string[]; readonly updates: string[] } {
  const logs: string[] = [];
  client.setNotificationHandler(
    LoggingMessageNotificationSchema,
    (notification) => void logs.push(`${notification.params.level}: ${String(notification.params.data)}`),
  );
  const updates: string[] = [];
  client.setNotificationHandler(
    ResourceUpdatedNotificationSchema,
    (notification) => void updates.push(notification.params.uri),
  );
  return { logs, updates };
}
