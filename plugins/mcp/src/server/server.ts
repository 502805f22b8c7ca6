/**
 * `createMcpServer`: an SDK `McpServer` serving the app's tools, resources and prompts, handed to
 * the app's `configureServer` before it connects; the low-level `Server` under it is returned.
 * Tools are attached to that low-level server directly (not `McpServer.registerTool`, which
 * accepts only zod schemas) so the reflected JSON Schema is advertised unchanged; resources and
 * prompts go through `McpServer`'s own API (surface/register.ts).
 *
 * Access: `tools/list` shows a caller only the tools its principal (the `principal` the server
 * context puts in the trusted ambient context) may call; `tools/call` of any other tool is refused
 * by the Invoker (tool-call.ts). A server with any restricted tool advertises `tools.listChanged`,
 * and tells a session (`notifications/tools/list_changed`) when its caller's grants changed since
 * the last listing.
 */
import type { AxnPrincipal } from "@axn/core";
import { McpServer, type Server } from "@modelcontextprotocol/server";
import { guardTransport } from "../protocol/guarded-transport.js";
import { attachPeer, envelopePeer, type McpPeer } from "../protocol/peer.js";
import { defaultServerContext, requestContext, type McpEra, type McpRequestExtra } from "../protocol/server-context.js";
import { mcpConfig } from "../settings/config.js";
import { runConfigureServer } from "../settings/configure-server.js";
import { registerSurface, type AskingRun } from "../surface/register.js";
import { taskOwner } from "../tasks/task-store.js";
import { mcpLiveChannel } from "../tools/live.js";
import { askInRounds } from "../tools/ask-rounds.js";
import { callerOf } from "./caller.js";
import type { McpServerOptions, ServerLimits } from "./options.js";
import { ToolCallParams, validationSentence } from "./params.js";
import type { ServerScope } from "./scope.js";
import { serveTasks } from "./task-entry.js";
import { toolCallHandler, type Listed } from "./tool-call.js";
import { listingFor, serverSet, type ToolSet } from "./tool-set.js";

export type { McpServerOptions, ServerLimits } from "./options.js";
export { McpMessages } from "./params.js";
export { serverSet, type ToolSet } from "./tool-set.js";

export function createMcpServer(options: McpServerOptions, era: McpEra = "legacy"): Server {
  return serverFor(options, serverSet(options), undefined, era);
}

/**
 * One server over a prepared tool set (the HTTP handler shares one set across its sessions), for
 * one protocol era: a 2025-11-25 session (stdio, in memory, a Streamable HTTP session) or the
 * 2026-07-28 requests the SDK's serving entries hand it (one request over HTTP, one connection
 * over stdio). The handlers are the same for both; what differs is read per request.
 */
export function serverFor(
  options: McpServerOptions,
  set: ToolSet,
  limits?: ServerLimits,
  era: McpEra = "legacy",
): Server {
  const build = options.serverContext ?? defaultServerContext;
  // No capabilities in the constructor: declaring `tools` there would install McpServer's own tool handlers.
  const mcp = new McpServer(
    { name: options.name, version: options.version },
    {
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      requestState: { verify: set.rounds.verify },
      cacheHints: set.cacheHints,
    },
  );
  const server = mcp.server;
  // Visibility can change within a session only when some tool is restricted: advertise it then.
  server.registerCapabilities({ tools: set.restricted ? { listChanged: true } : {}, logging: {} });
  const sessionPeer = era === "legacy" ? attachPeer(server) : undefined;
  const peerOf = (extra: McpRequestExtra): McpPeer => sessionPeer ?? envelopePeer(extra.mcpReq.envelope);
  const caller = (extra: McpRequestExtra): AxnPrincipal | undefined =>
    callerOf(build, requestContext(extra, peerOf(extra))) ?? options.principal ?? undefined;
  const scope: ServerScope = { options, set, build, peerOf, caller };
  const listed: Listed = { names: undefined };
  server.setRequestHandler("tools/list", (_request, extra) => {
    const { listing, names } = listingFor(set, caller(extra));
    listed.names = names;
    return listing;
  });
  // Registered in the custom-params form, with a schema that leaves `arguments` exactly as the
  // client sent them: the SDK's own tools/call schema parses them as a zod record, which copies keys
  // by assignment (an own "__proto__" key silently becomes the object's prototype). The Invoker
  // then refuses such keys by name, as every other transport does.
  server.setRequestHandler("tools/call", ToolCallParams, toolCallHandler(scope, listed, limits));
  // Nothing to register or guard for a set with no resource or prompt (most tool servers).
  if (set.surface.resources.length > 0 || set.surface.prompts.length > 0)
    registerSurface(mcp, set.surface, caller, asking(scope));
  const intercept = serveTasks(scope, server, sessionPeer);
  runConfigureServer(options.configureServer ?? mcpConfig.get("configureServer"), mcp);
  // Every transport the server connects to is guarded (protocol/guarded-transport.ts): the SDK's
  // parser dumps become one line, and task requests are answered before the SDK sees them.
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(guardTransport(transport, intercept, validationSentence));
  return server;
}

/** A prompt asks its questions as a tool does: on the session (2025-11-25) or in rounds (2026-07-28). */
function asking({ set, peerOf, caller }: ServerScope): AskingRun {
  return (extra, name, args, run) => {
    const peer = peerOf(extra);
    const request = requestContext(extra, peer);
    if (peer.era === "legacy") return run(mcpLiveChannel(request), extra.mcpReq.signal);
    const owner = { owner: taskOwner(caller(extra)?.id, undefined), tool: name };
    return askInRounds(set.rounds, extra, owner, args, (rounds, signal) =>
      run(mcpLiveChannel(request, rounds), signal()),
    );
  };
}
