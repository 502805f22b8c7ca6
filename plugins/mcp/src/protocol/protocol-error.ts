/**
 * A JSON-RPC error a handler answers with, its message sent as written. The SDK's `McpError`
 * puts "MCP error <code>: " in front of its own message, and the client's `McpError` does it again
 * on receipt, so a client would read the prefix twice; the SDK's transport sends any thrown
 * error's `code` and `message`, so this plain class is enough.
 */
export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}
