/**
 * A JSON-RPC error a handler answers with: the SDK's own `ProtocolError`, whose message goes out as
 * written (code and message, nothing prefixed). Every error axn answers with is one of these; any
 * other exception is reported and answered with a generic message, never its own.
 */
export { ProtocolError } from "@modelcontextprotocol/server";
