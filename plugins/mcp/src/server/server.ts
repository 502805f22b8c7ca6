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
import { McpServer, Server, type ListToolsResult } from "@modelcontextprotocol/server";
import { guardTransport } from "../protocol/guarded-transport.js";
import { attachPeer, envelopePeer, type McpPeer } from "../protocol/peer.js";
import { defaultServerContext, requestContext, type McpEra, type McpRequestExtra } from "../protocol/server-context.js";
import { mcpConfig } from "../settings/config.js";
import { runConfigureServer, type ConfigureServer } from "../settings/configure-server.js";
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
  const bare = bareServer(options, set);
  const sessionPeer = era === "legacy" ? attachPeer(bare.server) : undefined;
  return completed(set, bare, handlersFor(options, set, limits, sessionPeer, true), sessionPeer);
}

/**
 * The factory of the 2026-07-28 servers of one set, one server per request (the Streamable HTTP
 * handler's): the scope and the tool handlers — which no request changes, since each reads its
 * client from its own envelope — are built once for all of them, not for every request (bench row 4f).
 */
export function modernServers(options: McpServerOptions, set: ToolSet, limits: ServerLimits): () => Server {
  const handlers = handlersFor(options, set, limits, undefined, false);
  return () => completed(set, bareServer(options, set), handlers, undefined);
}

/** A server's own handlers: `tools/list` and `tools/call`, over their scope. */
interface Handlers {
  readonly scope: ServerScope;
  readonly listTools: (request: unknown, extra: McpRequestExtra) => ListToolsResult;
  readonly callTool: ReturnType<typeof toolCallHandler>;
}

/**
 * The handlers of one server, a 2025-11-25 session's (`sessionPeer`: its client) or a 2026-07-28
 * one (`undefined`: each request's client is in its envelope), or of every 2026-07-28 server of a
 * set. A server `records` what it was last listed, so a change of its caller's grants can be
 * announced; handlers shared by servers of one request each record nothing (a request's server
 * never serves a listing and a call both, so there was never anything to announce).
 */
function handlersFor(
  options: McpServerOptions,
  set: ToolSet,
  limits: ServerLimits | undefined,
  sessionPeer: McpPeer | undefined,
  records: boolean,
): Handlers {
  const build = options.serverContext ?? defaultServerContext;
  const peerOf = (extra: McpRequestExtra): McpPeer => sessionPeer ?? envelopePeer(extra.mcpReq.envelope);
  const caller = (extra: McpRequestExtra): AxnPrincipal | undefined =>
    callerOf(build, requestContext(extra, peerOf(extra))) ?? options.principal ?? undefined;
  const scope: ServerScope = { options, set, build, peerOf, caller };
  const listed: Listed = { names: undefined };
  const listTools = (_request: unknown, extra: McpRequestExtra): ListToolsResult => {
    const { listing, names } = listingFor(set, caller(extra));
    if (records) listed.names = names;
    return listing;
  };
  return { scope, listTools, callTool: toolCallHandler(scope, listed, limits) };
}

/**
 * The SDK's server, its capabilities declared, before any handler is registered. No capabilities in the constructor:
 * declaring `tools` there would install McpServer's own tool handlers. The `McpServer` around it is
 * built only when something needs it — resources or prompts registered through it, or the app's
 * `configureServer` hook, which is handed it; without either (most tool servers, and every
 * 2026-07-28 request of one) the low-level server is the same without it.
 */
function bareServer(options: McpServerOptions, set: ToolSet): BareServer {
  const info = { name: options.name, version: options.version };
  const serverOptions = {
    ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    requestState: { verify: set.rounds.verify },
    cacheHints: set.cacheHints,
  };
  const configure = options.configureServer ?? mcpConfig.get("configureServer");
  const mcp =
    set.surface.resources.length === 0 && set.surface.prompts.length === 0 && configure === undefined
      ? undefined
      : new McpServer(info, serverOptions);
  const server = mcp?.server ?? new Server(info, serverOptions);
  // Declared before any handler is registered (the SDK checks each against them).
  // Visibility can change within a session only when some tool is restricted: advertise it then.
  server.registerCapabilities({ tools: set.restricted ? { listChanged: true } : {}, logging: {} });
  return { mcp, server, configure };
}

interface BareServer {
  readonly mcp: McpServer | undefined;
  readonly server: Server;
  readonly configure: ConfigureServer | undefined;
}

function completed(
  set: ToolSet,
  { mcp, server, configure }: BareServer,
  { scope, listTools, callTool }: Handlers,
  sessionPeer: McpPeer | undefined,
): Server {
  server.setRequestHandler("tools/list", listTools);
  // Registered in the custom-params form, with a schema that leaves `arguments` exactly as the
  // client sent them: the SDK's own tools/call schema parses them as a zod record, which copies keys
  // by assignment (an own "__proto__" key silently becomes the object's prototype). The Invoker
  // then refuses such keys by name, as every other transport does.
  server.setRequestHandler("tools/call", ToolCallParams, callTool);
  // Nothing to register or guard for a set with no resource or prompt (most tool servers).
  if (mcp !== undefined && (set.surface.resources.length > 0 || set.surface.prompts.length > 0))
    registerSurface(mcp, set.surface, scope.caller, asking(scope));
  const intercept = serveTasks(scope, server, sessionPeer);
  if (mcp !== undefined) runConfigureServer(configure, mcp);
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
