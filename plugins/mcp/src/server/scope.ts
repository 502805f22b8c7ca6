/**
 * What the handlers of one server share: the options and tool set it serves, the app's
 * server-context builder, and how a request's peer and caller are read (per session in 2025-11-25,
 * per request in 2026-07-28).
 */
import type { AxnPrincipal } from "@axn/core";
import type { McpPeer } from "../protocol/peer.js";
import type { McpRequestExtra, ServerContextBuilder } from "../protocol/server-context.js";
import type { McpServerOptions } from "./options.js";
import type { ToolSet } from "./tool-set.js";

export interface ServerScope {
  readonly options: McpServerOptions;
  readonly set: ToolSet;
  readonly build: ServerContextBuilder;
  /** The client at the other end of a request. */
  readonly peerOf: (extra: McpRequestExtra) => McpPeer;
  /** The caller of a request: the principal its server context names, else the configured one. */
  readonly caller: (extra: McpRequestExtra) => AxnPrincipal | undefined;
}
