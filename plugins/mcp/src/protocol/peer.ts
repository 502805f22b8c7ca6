/**
 * What the server knows about the client at the other end of one request, for the live
 * capabilities of a tool call: the capabilities it declared (can it be asked to elicit, to sample?)
 * and the lowest log level it asked for; and, for the call's span, the protocol version it speaks.
 *
 * The two eras say it differently. A 2025-11-25 client declares its capabilities once, at
 * `initialize`, and its level with `logging/setLevel`, both for the session (one `Server` per
 * session: stdio, in-memory, each Streamable HTTP session). A 2026-07-28 request carries both in
 * its own `_meta` — `clientCapabilities` and `logLevel`, with its `protocolVersion` — and a request
 * without a `logLevel` asked for no log messages at all.
 */
import { LOG_LEVELS } from "@axn/core";
import {
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  type ClientCapabilities,
  type LoggingLevel,
  type Server,
} from "@modelcontextprotocol/server";
import type { McpEra } from "./era.js";

export interface McpPeer {
  /** The protocol era of the request. */
  readonly era: McpEra;
  /** The protocol version the request is served in (`undefined` when nothing has said which). */
  protocolVersion(): string | undefined;
  /** What the client declared (`undefined` before it has). */
  clientCapabilities(): ClientCapabilities | undefined;
  /** True when a message of `level` passes what the client asked for. */
  wantsLog(level: LoggingLevel): boolean;
}

const SEVERITY: ReadonlyMap<string, number> = new Map(LOG_LEVELS.map((level, index) => [level, index]));

/** A 2025-11-25 session's peer; also answers `logging/setLevel` (the server must declare `logging`). */
export function attachPeer(server: Server): McpPeer {
  const level = { minimum: -1 };
  // Replaces the SDK's own handler, whose level table is private: the level is kept here, where
  // each tool call's log messages are filtered (they go out on the call's own stream).
  server.setRequestHandler("logging/setLevel", (request) => {
    level.minimum = SEVERITY.get(request.params.level) ?? level.minimum;
    return {};
  });
  return Object.freeze({
    era: "legacy" as const,
    // What `initialize` negotiated: a 2025-11-25 request carries no version of its own.
    protocolVersion: () => server.getNegotiatedProtocolVersion(),
    clientCapabilities: () => server.getClientCapabilities(),
    wantsLog: (wanted: LoggingLevel) => (SEVERITY.get(wanted) ?? 0) >= level.minimum,
  });
}

/**
 * A 2026-07-28 request's peer, read from its `_meta` envelope: one object with its methods on the
 * prototype, built per request (closures over the envelope were three functions and their context).
 */
export function envelopePeer(envelope: Readonly<Record<string, unknown>> | undefined): McpPeer {
  return new EnvelopePeer(envelope);
}

class EnvelopePeer implements McpPeer {
  readonly era = "modern" as const;
  private readonly minimum: number | undefined;
  private readonly capabilities: ClientCapabilities | undefined;
  private readonly version: string | undefined;

  constructor(envelope: Readonly<Record<string, unknown>> | undefined) {
    const level = envelope?.[LOG_LEVEL_META_KEY];
    this.minimum = typeof level === "string" ? SEVERITY.get(level) : undefined;
    this.capabilities = envelope?.[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
    const version = envelope?.[PROTOCOL_VERSION_META_KEY];
    this.version = typeof version === "string" ? version : undefined;
  }

  protocolVersion(): string | undefined {
    return this.version;
  }

  clientCapabilities(): ClientCapabilities | undefined {
    return this.capabilities;
  }

  wantsLog(wanted: LoggingLevel): boolean {
    return this.minimum !== undefined && (SEVERITY.get(wanted) ?? 0) >= this.minimum;
  }
}
