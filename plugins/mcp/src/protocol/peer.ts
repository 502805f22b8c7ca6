/**
 * What one server knows about the client at the other end, for the live capabilities of a tool
 * call: the capabilities it declared at initialization (can it be asked to elicit, to sample?) and
 * the lowest log level it asked for with `logging/setLevel`. One per `Server`, which is one per
 * session (stdio, in-memory, each Streamable HTTP session), so the level is per session; a
 * stateless HTTP server lives for one request and has no level to remember.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { SetLevelRequestSchema, type ClientCapabilities, type LoggingLevel } from "@modelcontextprotocol/sdk/types.js";
import { LOG_LEVELS } from "@axn/core";

export interface McpPeer {
  /** What the client declared at initialization (`undefined` before it has). */
  clientCapabilities(): ClientCapabilities | undefined;
  /** True when a message of `level` passes the session's `logging/setLevel` (every level, before one). */
  wantsLog(level: LoggingLevel): boolean;
}

const SEVERITY: ReadonlyMap<string, number> = new Map(LOG_LEVELS.map((level, index) => [level, index]));

/** The server's peer; also answers `logging/setLevel` (the server must declare `logging`). */
export function attachPeer(server: Server): McpPeer {
  let minimum = -1;
  // Replaces the SDK's own handler, whose level table is private: the level is kept here, where
  // each tool call's log messages are filtered (they go out on the call's own stream).
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    minimum = SEVERITY.get(request.params.level) ?? minimum;
    return {};
  });
  return Object.freeze({
    clientCapabilities: () => server.getClientCapabilities(),
    wantsLog: (level: LoggingLevel) => (SEVERITY.get(level) ?? 0) >= minimum,
  });
}
