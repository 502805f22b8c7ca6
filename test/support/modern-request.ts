/**
 * One 2026-07-28 JSON-RPC request as a 2026 client writes it on the raw wire: the envelope headers
 * (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` for a tool, prompt or task) matching the body,
 * and the request's own `_meta` (protocol version, client info, client capabilities) — for specs
 * that drive the 2026 era below any client (a spawned `axn serve` through `fetch`, or a handler's
 * `fetch` in process).
 */
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from "@modelcontextprotocol/client";

const MODERN = "2026-07-28";

export interface ModernRequest {
  readonly id: number;
  readonly method: string;
  readonly params: Record<string, unknown>;
  readonly capabilities: object;
  /** The client's name in `_meta` (the spec's own). */
  readonly client: string;
}

export function modernRequest(url: string, { id, method, params, capabilities, client }: ModernRequest): Request {
  const name = params["name"] ?? params["taskId"];
  return new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id,
      method,
      params: {
        ...params,
        _meta: {
          [PROTOCOL_VERSION_META_KEY]: MODERN,
          [CLIENT_INFO_META_KEY]: { name: client, version: "1.0.0" },
          [CLIENT_CAPABILITIES_META_KEY]: capabilities,
        },
      },
    }),
  });
}
