/**
 * `createMcpServer`: an SDK `McpServer` serving the app's tools, resources and prompts, handed to
 * the app's `configureServer` before it connects; the low-level `Server` under it is returned.
 * Tools are attached to that low-level server directly (not `McpServer.registerTool`, which
 * accepts only zod schemas) so the reflected JSON Schema is advertised unchanged; resources and
 * prompts go through `McpServer`'s own API (surface/register.ts). The tool listing is built once per tool
 * set and answered as the same object every time, so `tools/list` is byte-identical across calls.
 *
 * Access: `tools/list` shows a caller only the tools its principal (the `principal` the server
 * context puts in the trusted ambient context) may call; `tools/call` of any other tool is refused
 * by the Invoker, before the tool runs, as a tool result with `isError: true` and the refusal's
 * sentence — as the SDK's own `McpServer` answers a tool that exists but cannot be called now.
 * A server with any restricted tool advertises `tools.listChanged`, and tells a session
 * (`notifications/tools/list_changed`) when its caller's grants changed since the last listing.
 */
import {
  isPublic,
  mayCall,
  PRINCIPAL_AMBIENT_KEY,
  reportException,
  principalFrom,
  type AmbientContextSource,
  type AxnPrincipal,
} from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE, reportAdapterError } from "@axn/sdk/adapter";
import { BUSY_MESSAGE, CallSlot } from "@axn/sdk/serving";
import {
  McpServer,
  MissingRequiredClientCapabilityError,
  ProtocolErrorCode,
  type ClientCapabilities,
  type CacheHint,
  type CallToolResult,
  type CreateTaskResult,
  type InputRequiredResult,
  type ListToolsResult,
  type RequestStateCodec,
  type Server,
  type ServerNotification,
  type TaskMetadata,
} from "@modelcontextprotocol/server";
import { z } from "zod/v4"; // any Standard Schema: the SDK validates the params of a custom-form handler with it
import { mcpConfig } from "../settings/config.js";
import { ProtocolError } from "../protocol/protocol-error.js";
import { runConfigureServer, type ConfigureServer } from "../settings/configure-server.js";
import { textResult } from "../tools/map-result.js";
import type { McpPrompt } from "../surface/prompts.js";
import type { McpResource } from "../surface/resources.js";
import { registerSurface, surface, type AskingRun, type Surface } from "../surface/register.js";
import {
  defaultServerContext,
  requestContext,
  type McpEra,
  type McpRequestContext,
  type McpRequestExtra,
  type ServerContextBuilder,
} from "../protocol/server-context.js";
import { attachPeer, envelopePeer, type McpPeer } from "../protocol/peer.js";
import { guardTransport, type Intercept } from "../protocol/guarded-transport.js";
import { registeredTools } from "../tools/registered.js";
import { toolDefinition, type McpCallRequest, type McpTool } from "../tools/wrap.js";
import { mcpLiveChannel } from "../tools/live.js";
import { roundStateCodec, type RoundState } from "../tools/round-state.js";
import { runWithRounds } from "../tools/rounds-call.js";
import { registerTaskHandlers, TASKS_CAPABILITY, TaskMessages } from "../tasks/handlers.js";
import { McpTaskStore, taskOwner } from "../tasks/task-store.js";
import { TASKS_EXTENSION, taskExtension } from "../tasks/extension.js";

/**
 * `tools/call` with its params left untouched: checked by hand below (a short `-32602` for a
 * missing name rather than a zod dump), the arguments validated by the Invoker. The other keys are
 * stripped, not passed through: only `params` is read, and zod 4 parses a stripping object on its
 * compiled path (a passthrough one walks every key on every call; bench: row 4, MCP tools/call).
 */
const ToolCallParams = { params: z.unknown() };

export interface McpServerOptions {
  /** The server's name, as clients show it. */
  readonly name: string;
  readonly version: string;
  /** The tools to serve; default `McpAdapter.tools()` (every `mcp` member). */
  readonly tools?: readonly McpTool[];
  /** Builds each call's trusted ambient context from its request; default {@link defaultServerContext}. */
  readonly serverContext?: ServerContextBuilder;
  /** Server instructions sent at initialization. */
  readonly instructions?: string;
  /** The resources to serve; default the `resources` setting (`mcp: { resources }` in config). */
  readonly resources?: readonly McpResource[];
  /** The prompts to serve; default the `prompts` setting. */
  readonly prompts?: readonly McpPrompt[];
  /** Called with the SDK `McpServer` before it connects; default the `configureServer` setting. */
  readonly configureServer?: ConfigureServer;
  /**
   * The principal of every call when the transport has no request to authenticate (stdio: whoever
   * launched the process). A principal from the request's `authInfo` wins over it.
   */
  readonly principal?: AxnPrincipal | null;
}

/** What the HTTP handler adds to a server of its own: the slot of the server-wide concurrent-call cap. */
export interface ServerLimits {
  /** A slot for one call, or `undefined` when the server is at its cap (the call is answered busy). */
  readonly acquireCall: () => (() => void) | undefined;
}

export const McpMessages = {
  missingName: "Invalid params: tools/call needs params.name, the name of a tool from tools/list",
  protoKey: 'Invalid request: "__proto__" is not allowed as a key of params',
  internal: "Internal error",
  busy: BUSY_MESSAGE,
  badTask: 'Invalid params: "task" must be an object such as {} or { "ttl": 60000 } (ttl in milliseconds)',
  needs: (tool: string, capabilities: readonly string[]): string =>
    `${tool} needs a client that declares the ${capabilities.join(" and ")} capabilit${capabilities.length === 1 ? "y" : "ies"}; this one does not`,
} as const;

/**
 * The JSON-RPC code of a call refused because the server is at its concurrent-call cap
 * (implementation-defined range). Not -32002: the SDK sends that one as 2026-07-28's renumbered
 * resource-not-found, -32602.
 */
const SERVER_BUSY_CODE = -32010;

/** A tool set ready to serve: looked up by name, listed once. */
export interface ToolSet {
  readonly byName: ReadonlyMap<string, McpTool>;
  /** Every tool, in listing order. */
  readonly tools: readonly McpTool[];
  /** The listing of every tool: what a caller who may call them all is shown. */
  readonly listing: ListToolsResult;
  /** The resources and prompts served beside the tools. */
  readonly surface: Surface;
  /** The long-running tools' tasks (tasks/task-store.ts); `any` is false when no tool is long-running. */
  readonly tasks: McpTaskStore;
  /** Seals the answers of a 2026-07-28 call that asked for input (tools/round-state.ts). */
  readonly rounds: RequestStateCodec<RoundState>;
  /** `ttlMs` / `cacheScope` of the cacheable 2026-07-28 results (the `cacheTtlMs` / `cacheScope` settings). */
  readonly cache: CacheHint;
}

/** What one server serves, checked once: the tools (by name, listed once), resources and prompts. */
export function serverSet(options: McpServerOptions, caller = "createMcpServer"): ToolSet {
  return toolSet(
    options.tools ?? registeredTools(),
    surface(options.resources ?? mcpConfig.get("resources"), options.prompts ?? mcpConfig.get("prompts"), caller),
  );
}

function toolSet(tools: readonly McpTool[], served: Surface = { resources: [], prompts: [] }): ToolSet {
  const byName = new Map<string, McpTool>();
  for (const tool of tools) {
    const existing = byName.get(tool.name);
    if (existing !== undefined) {
      throw new TypeError(
        `createMcpServer: ${existing.action.name} and ${tool.action.name} are both served as tool "${tool.name}"; give one a distinct name`,
      );
    }
    byName.set(tool.name, tool);
  }
  return {
    byName,
    tools: Object.freeze([...tools]),
    listing: Object.freeze({ tools: Object.freeze(tools.map(toolDefinition)) }) as ListToolsResult,
    surface: served,
    tasks: new McpTaskStore(tools),
    rounds: roundStateCodec(mcpConfig.get("requestStateKey")),
    cache: { ttlMs: mcpConfig.get("cacheTtlMs"), cacheScope: mcpConfig.get("cacheScope") },
  };
}

/** The listing a caller is shown: the whole one when every tool is public, else the tools it may call. */
function listingFor(
  set: ToolSet,
  principal: AxnPrincipal | undefined,
): { readonly listing: ListToolsResult; readonly names: string } {
  if (set.tools.every((tool) => isPublic(tool.action))) return { listing: set.listing, names: "*" };
  const all = set.listing.tools;
  const visible = all.filter((_, index) => mayCall(set.tools[index]!.action, principal));
  return { listing: { tools: visible }, names: visible.map((tool) => tool.name).join("\u0000") };
}

export function createMcpServer(options: McpServerOptions, era: McpEra = "legacy"): Server {
  return serverFor(options, serverSet(options), undefined, era);
}

/** The cacheable results of the 2026-07-28 revision, each given the set's hint. */
const CACHEABLE = [
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "server/discover",
] as const;

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
  // Visibility can change within a session only when some tool is restricted: advertise it then.
  const restricted = set.tools.some((tool) => !isPublic(tool.action));
  const cacheHints = Object.fromEntries(
    CACHEABLE.map((method) => [
      method,
      restricted && set.cache.cacheScope === "public" ? { ...set.cache, cacheScope: "private" as const } : set.cache,
    ]),
  );
  // No capabilities in the constructor: declaring `tools` there would install McpServer's own tool handlers.
  const mcp = new McpServer(
    { name: options.name, version: options.version },
    {
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
      requestState: { verify: set.rounds.verify },
      cacheHints,
    },
  );
  const server = mcp.server;
  // 2025-11-25 tasks; the 2026-07-28 Tasks extension is not served yet.
  const tasks = set.tasks.offered && era === "legacy" ? set.tasks : undefined;
  server.registerCapabilities({
    tools: restricted ? { listChanged: true } : {},
    logging: {},
    ...(tasks === undefined ? {} : { tasks: TASKS_CAPABILITY }),
  });
  const sessionPeer = era === "legacy" ? attachPeer(server) : undefined;
  const peerOf = (extra: McpRequestExtra): McpPeer => sessionPeer ?? envelopePeer(extra.mcpReq.envelope);
  const caller = (extra: McpRequestExtra): AxnPrincipal | undefined =>
    callerOf(build, requestContext(extra, peerOf(extra))) ?? options.principal ?? undefined;
  // What this session was last shown (the names, joined), so a change of grants can be announced.
  let listed: string | undefined;
  server.setRequestHandler("tools/list", (_request, extra) => {
    const { listing, names } = listingFor(set, caller(extra));
    listed = names;
    return listing;
  });
  // A task belongs to the caller that created it: the principal of the request, as for a tool call.
  const ownerOf = (extra: McpRequestExtra): string => taskOwner(caller(extra)?.id, extra.sessionId);
  if (tasks !== undefined) registerTaskHandlers(server, tasks, ownerOf);
  // Registered in the custom-params form, with a schema that leaves `arguments` exactly as the
  // client sent them: the SDK's own tools/call schema parses them as a zod record, which copies keys
  // by assignment (an own "__proto__" key silently becomes the object's prototype). The Invoker
  // then refuses such keys by name, as every other transport does.
  server.setRequestHandler(
    "tools/call",
    ToolCallParams,
    async (
      rawParams: unknown,
      extra: McpRequestExtra,
    ): Promise<CallToolResult | CreateTaskResult | InputRequiredResult> => {
      const params = checkedParams(rawParams);
      const tool = set.byName.get(params.name);
      // A tool the server never listed is the client's protocol mistake, not a tool result.
      if (tool === undefined) throw protocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
      const peer = peerOf(extra);
      const missing = missingCapabilities(tool, peer);
      if (missing !== undefined) {
        // 2026-07-28 names what is missing before anything runs; a 2025-11-25 client reads a tool error.
        if (peer.era === "modern") throw new MissingRequiredClientCapabilityError({ requiredCapabilities: missing });
        return textResult(McpMessages.needs(tool.name, Object.keys(missing)), true);
      }
      const request = requestContext(extra, peer);
      const ambientContext = trustedContext(build, request, tool, options.principal ?? null);
      if (ambientContext === undefined) return textResult(ADAPTER_FAILURE_MESSAGE, true);
      if (restricted && listed !== undefined) {
        const { names } = listingFor(set, principalOf(ambientContext));
        if (names !== listed) {
          listed = names;
          await extra.mcpReq.notify({ method: "notifications/tools/list_changed" }).catch(() => undefined);
        }
      }
      // Answered at its deadline while its body runs on, the call keeps its slot until the body ends.
      // A server without a cap (in memory, stdio) has no slot to keep.
      let slot: CallSlot | undefined;
      if (limits !== undefined) {
        const release = limits.acquireCall();
        if (release === undefined) throw protocolError(SERVER_BUSY_CODE, McpMessages.busy);
        slot = new CallSlot(release);
      }
      try {
        const call = callRequest(request, ambientContext, slot?.onOverdue);
        if (peer.era === "legacy") return await tool.call(params.arguments ?? {}, call);
        const args = params.arguments ?? {};
        return await runWithRounds(
          set.rounds,
          {
            bound: { owner: taskOwner(principalOf(ambientContext)?.id, undefined), tool: tool.name },
            args,
            state: extra.mcpReq.requestState(),
            responses: extra.mcpReq.inputResponses,
            signal: call.signal,
          },
          (rounds, signal) => tool.call(args, { ...call, signal, rounds }),
        );
      } catch (error) {
        // Only a mapping bug rethrown in development gets here, already reported: the client gets
        // the generic JSON-RPC error, never the exception's message (the SDK would send it).
        if (error instanceof ProtocolError) throw error;
        reportException(error, { action: tool.action.name ?? tool.name, phase: "mcp tools/call" });
        throw protocolError(ProtocolErrorCode.InternalError, McpMessages.internal);
      } finally {
        slot?.answered();
      }
    },
  );
  // A prompt asks its questions as a tool does: on the session (2025-11-25) or in rounds (2026-07-28).
  const asking: AskingRun = (extra, name, args, run) => {
    const peer = peerOf(extra);
    const request = requestContext(extra, peer);
    if (peer.era === "legacy") return run(mcpLiveChannel(request), extra.mcpReq.signal);
    return runWithRounds(
      set.rounds,
      {
        bound: { owner: taskOwner(caller(extra)?.id, undefined), tool: name },
        args,
        state: extra.mcpReq.requestState(),
        responses: extra.mcpReq.inputResponses,
        signal: extra.mcpReq.signal,
      },
      (rounds, signal) => run(mcpLiveChannel(request, rounds), signal),
    );
  };
  registerSurface(mcp, set.surface, caller, asking);
  runConfigureServer(options.configureServer ?? mcpConfig.get("configureServer"), mcp);
  // A 2025-11-25 task-augmented tools/call is answered before the SDK, which allows only a plain
  // CallToolResult out of a tools/call handler (protocol/guarded-transport.ts).
  // The request a task is created from, as the intercept sees it (before the SDK reads it).
  const taskRequest = (params: unknown, info: Parameters<Intercept>[1], peer: McpPeer): McpRequestContext => ({
    ...(info?.authInfo === undefined ? {} : { authInfo: info.authInfo }),
    ...(transportSession(server) === undefined ? {} : { sessionId: transportSession(server) }),
    ...(metaOf(params) === undefined ? {} : { _meta: metaOf(params) }),
    sendNotification: (notification) => server.notification(notification),
    peer,
  });
  // A caller the tool's access refuses gets no task: the request goes on as a waited call, which
  // the Invoker refuses before anything runs, with the same sentence as any refused call.
  const admitted = (params: unknown, request: McpRequestContext): boolean => {
    const name = (params as { name?: unknown } | undefined)?.name;
    const tool = typeof name === "string" ? set.byName.get(name) : undefined;
    if (tool === undefined) return true;
    const ambient = trustedContext(build, request, tool, options.principal ?? null);
    return ambient !== undefined && mayCall(tool.action, principalOf(ambient));
  };
  let intercept: Intercept | undefined;
  if (sessionPeer !== undefined) {
    intercept = (message, info) => {
      if (message.method !== "tools/call" || !isTaskCall(message.params)) return undefined;
      const request = taskRequest(message.params, info, sessionPeer);
      if (!admitted(message.params, request)) return undefined;
      return answered(() => createTask(message.params, request, taskParams(message.params)!));
    };
  } else if (set.tasks.offered) {
    server.registerCapabilities({ extensions: { [TASKS_EXTENSION]: {} } });
    const envelopeOf = (params: unknown) =>
      (params as { _meta?: Record<string, unknown> } | undefined)?._meta as Record<string, unknown> | undefined;
    const extension = taskExtension({
      store: set.tasks,
      serverInfo: { name: options.name, version: options.version },
      serves: (name) => {
        const tool = set.byName.get(name);
        return tool !== undefined && set.tasks.serves(tool);
      },
      create: async (params, info) => {
        const task = await createTask(params, taskRequest(params, info, envelopePeer(envelopeOf(params))), {});
        return { taskId: task.task.taskId };
      },
      ownerOf: (info) =>
        taskOwner(
          callerOf(build, taskRequest(undefined, info, envelopePeer(undefined)))?.id ?? options.principal?.id,
          undefined,
        ),
    });
    intercept = (message, info) => {
      if (
        message.method === "tools/call" &&
        !admitted(message.params, taskRequest(message.params, info, envelopePeer(envelopeOf(message.params))))
      )
        return undefined;
      const reply = extension(message, info);
      return reply === undefined ? undefined : reply.catch((error: unknown) => answered(() => Promise.reject(error)));
    };
  }
  const createTask = async (
    rawParams: unknown,
    request: McpRequestContext,
    task: TaskMetadata,
  ): Promise<CreateTaskResult> => {
    const params = checkedParams(rawParams);
    const tool = set.byName.get(params.name);
    if (tool === undefined) throw protocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    // A task takes no call slot: it is a job, and the queue's concurrency paces it.
    if (!set.tasks.serves(tool))
      throw protocolError(ProtocolErrorCode.MethodNotFound, TaskMessages.notATask(tool.name));
    const tasks = set.tasks;
    const ambientContext = trustedContext(build, request, tool, options.principal ?? null);
    if (ambientContext === undefined) throw protocolError(ProtocolErrorCode.InternalError, TaskMessages.notCreated);
    try {
      const owner = taskOwner(principalOf(ambientContext)?.id, request.sessionId);
      const channel = {
        progressToken: request._meta?.progressToken,
        notify: (notification: ServerNotification) => server.notification(notification),
        peer: request.peer,
      };
      return await tasks.create(tool, params.arguments ?? {}, ambientContext, { owner, task, channel });
    } catch (error) {
      // The queue's refusal (tasks/refusal.ts) is the caller's: answered as it is, nothing to report.
      if (error instanceof ProtocolError) throw error;
      // Refused at enqueue (an ambient value that is not plain data) or the queue is unreachable.
      reportException(error, { action: tool.action.name ?? tool.name, phase: "mcp task" });
      throw protocolError(ProtocolErrorCode.InternalError, TaskMessages.notCreated);
    }
  };
  const connect = server.connect.bind(server);
  server.connect = (transport) => connect(guardTransport(transport, intercept, validationSentence));
  return server;
}

/** What the guarded transport answers instead of the SDK's parser dump, where axn has a sentence of its own. */
function validationSentence(method: string, path: string | undefined): string | undefined {
  if (method === "tools/call" && (path === "params.name" || path === "params")) return McpMessages.missingName;
  if (method === "tools/call" && path?.startsWith("params.task") === true) return McpMessages.badTask;
  return undefined;
}

/** A result, or the JSON-RPC error a ProtocolError stands for (anything else: reported, generic). */
async function answered(
  run: () => Promise<object>,
): Promise<{ readonly result: object } | { readonly error: { code: number; message: string } }> {
  try {
    return { result: await run() };
  } catch (error) {
    if (error instanceof ProtocolError) return { error: { code: error.code, message: error.message } };
    reportException(error, { action: "axn-plugin-mcp", phase: "mcp task" });
    return { error: { code: ProtocolErrorCode.InternalError, message: McpMessages.internal } };
  }
}

function isTaskCall(params: unknown): boolean {
  return typeof params === "object" && params !== null && Object.hasOwn(params, "task");
}

function metaOf(params: unknown): McpRequestContext["_meta"] {
  const meta = (params as { _meta?: unknown } | undefined)?._meta;
  return typeof meta === "object" && meta !== null ? (meta as McpRequestContext["_meta"]) : undefined;
}

/** The session id of the transport a server is connected to (Streamable HTTP sessions have one). */
function transportSession(server: Server): string | undefined {
  return server.transport?.sessionId;
}

/** The client capability each live need is asked through. */
const CAPABILITY_OF = { elicit: "elicitation", sample: "sampling", roots: "roots" } as const;

/** The client capabilities `tool`'s action `requires` that the client did not declare, or `undefined`. */
function missingCapabilities(tool: McpTool, peer: McpPeer): ClientCapabilities | undefined {
  const needs = tool.action.requires;
  if (needs.length === 0) return undefined;
  const declared = peer.clientCapabilities() ?? {};
  const missing: Record<string, object> = {};
  for (const need of needs) {
    const capability = CAPABILITY_OF[need];
    if (declared[capability] === undefined) missing[capability] = {};
  }
  return Object.keys(missing).length === 0 ? undefined : (missing as ClientCapabilities);
}

/** A JSON-RPC error whose message goes out as written (protocol/protocol-error.ts, shared with resources and prompts). */
function protocolError(code: number, message: string): Error {
  return new ProtocolError(code, message);
}

/**
 * The params of a `tools/call`, checked as the protocol requires. The SDK parses every message
 * with zod, which copies keys by assignment: an own `__proto__` key in params becomes the copy's
 * prototype, and `params.name` would read a tool name a gateway parsing the same bytes never
 * sees — so a params object with any prototype but Object's is refused as a malformed request.
 */
function checkedParams(params: unknown): { readonly name: string; readonly arguments?: unknown } {
  if (typeof params !== "object" || params === null || Array.isArray(params))
    throw protocolError(ProtocolErrorCode.InvalidParams, McpMessages.missingName);
  if (Object.getPrototypeOf(params) !== Object.prototype || Object.hasOwn(params, "__proto__"))
    throw protocolError(ProtocolErrorCode.InvalidRequest, McpMessages.protoKey);
  const name: unknown = Object.hasOwn(params, "name") ? (params as { name?: unknown }).name : undefined;
  if (typeof name !== "string" || name === "")
    throw protocolError(ProtocolErrorCode.InvalidParams, McpMessages.missingName);
  return params as { name: string; arguments?: unknown };
}

/** The `task` of a task-augmented `tools/call` (`{ ttl? }`), or `undefined` for a waited call. */
function taskParams(params: unknown): TaskMetadata | undefined {
  const task = (params as { task?: unknown }).task;
  if (task === undefined) return undefined;
  if (typeof task !== "object" || task === null || Array.isArray(task))
    throw protocolError(ProtocolErrorCode.InvalidParams, McpMessages.badTask);
  const ttl = (task as { ttl?: unknown }).ttl;
  if (ttl !== undefined && (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl < 0))
    throw protocolError(ProtocolErrorCode.InvalidParams, McpMessages.badTask);
  return ttl === undefined ? {} : { ttl };
}

/** The request as a tool call reads it, with the trusted context and the call slot's overdue hook. */
function callRequest(
  request: McpRequestContext,
  ambientContext: AmbientContextSource,
  onOverdue?: McpCallRequest["onOverdue"],
): McpCallRequest {
  return { ...request, onOverdue, ambientContext };
}

/** The principal of a trusted context; a source that throws when read counts as no caller. */
function principalOf(context: AmbientContextSource): AxnPrincipal | undefined {
  try {
    return principalFrom(context);
  } catch {
    return undefined;
  }
}

/** The caller of a request: the principal the server context builds for it. */
function callerOf(build: ServerContextBuilder, request: McpRequestContext): AxnPrincipal | undefined {
  try {
    return principalFrom(build(request));
  } catch (error) {
    // Shown the public tools only; the fault is the app's, reported as any builder fault is.
    reportException(error, { action: "axn-plugin-mcp", phase: "mcp server context" });
    return undefined;
  }
}

/** The app's builder is app code: a throw there is reported (and loud in development), never shown to the client. */
function trustedContext(
  build: ServerContextBuilder,
  request: McpRequestContext,
  tool: McpTool,
  principal: AxnPrincipal | null,
): AmbientContextSource | undefined {
  try {
    const context = build(request);
    // The configured principal (stdio) only where the request established none.
    if (principal === null || (context as Record<string, unknown>)[PRINCIPAL_AMBIENT_KEY] !== undefined) return context;
    return { ...context, [PRINCIPAL_AMBIENT_KEY]: principal };
  } catch (error) {
    reportAdapterError(tool.action, "mcp server context", error);
    return undefined;
  }
}
