/**
 * Long-running tools as tasks on one server, in each era. 2025-11-25: the server declares `tasks`
 * and a task-augmented `tools/call` is answered before the SDK sees it — the SDK allows only a plain
 * `CallToolResult` out of a `tools/call` handler (protocol/guarded-transport.ts). 2026-07-28: the
 * server declares the Tasks extension and its methods are answered the same way (tasks/extension.ts).
 * A caller the tool's access refuses gets no task: its request goes on as a waited call, which the
 * Invoker refuses before anything runs, with the same sentence as any refused call. A server with
 * no long-running tool declares neither, and a `task` sent to it anyway is served as a waited call
 * (a receiver without task support ignores the augmentation).
 */
import { mayCall, reportException } from "@axn/core";
import {
  ProtocolErrorCode,
  type CreateTaskResult,
  type Server,
  type ServerNotification,
  type TaskMetadata,
} from "@modelcontextprotocol/server";
import type { Intercept } from "../protocol/guarded-transport.js";
import { envelopePeer, type McpPeer } from "../protocol/peer.js";
import { ProtocolError } from "../protocol/protocol-error.js";
import type { McpRequestContext, McpRequestExtra } from "../protocol/server-context.js";
import { TASKS_EXTENSION, taskExtension } from "../tasks/extension.js";
import { registerTaskHandlers, TASKS_CAPABILITY, TaskMessages } from "../tasks/handlers.js";
import { taskOwner } from "../tasks/task-store.js";
import { askableKinds } from "../tools/live.js";
import { callerOf, principalOf, trustedContext } from "./caller.js";
import { checkedParams, isTaskCall, McpMessages, metaOf, protocolError, taskParams } from "./params.js";
import type { ServerScope } from "./scope.js";

/**
 * Declares and serves the set's tasks on `server` for its era (`sessionPeer`: a 2025-11-25
 * session's peer; `undefined` on a 2026-07-28 server); the intercept the guarded transport runs,
 * or `undefined` when the server has no long-running tool.
 */
export function serveTasks(
  scope: ServerScope,
  server: Server,
  sessionPeer: McpPeer | undefined,
): Intercept | undefined {
  const { options, set, build, caller } = scope;
  if (!set.tasks.offered) return undefined;
  const createTask = taskCreator(scope, server);
  // The request a task is created from, as the intercept sees it (before the SDK reads it).
  const taskRequest = (params: unknown, info: Parameters<Intercept>[1], peer: McpPeer): McpRequestContext => ({
    ...(info?.authInfo === undefined ? {} : { authInfo: info.authInfo }),
    ...(server.transport?.sessionId === undefined ? {} : { sessionId: server.transport.sessionId }),
    ...(metaOf(params) === undefined ? {} : { _meta: metaOf(params) }),
    sendNotification: (notification) => server.notification(notification),
    peer,
  });
  const admitted = (params: unknown, request: McpRequestContext): boolean => {
    const name = (params as { name?: unknown } | undefined)?.name;
    const tool = typeof name === "string" ? set.byName.get(name) : undefined;
    if (tool === undefined) return true;
    const ambient = trustedContext(build, request, tool, options.principal ?? null);
    return ambient !== undefined && mayCall(tool.action, principalOf(ambient));
  };
  if (sessionPeer !== undefined) {
    server.registerCapabilities({ tasks: TASKS_CAPABILITY });
    // A task belongs to the caller that created it: the principal of the request, as for a tool call.
    const ownerOf = (extra: McpRequestExtra): string => taskOwner(caller(extra)?.id, extra.sessionId);
    registerTaskHandlers(server, set.tasks, ownerOf);
    return (message, info) => {
      if (message.method !== "tools/call" || !isTaskCall(message.params)) return undefined;
      const request = taskRequest(message.params, info, sessionPeer);
      if (!admitted(message.params, request)) return undefined;
      return answered(() => createTask(message.params, request, taskParams(message.params)!));
    };
  }
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
    answer: async (found, params, info) => {
      const responses = (params as { inputResponses?: unknown }).inputResponses;
      if (typeof responses !== "object" || responses === null || Array.isArray(responses))
        throw protocolError(ProtocolErrorCode.InvalidParams, TaskMessages.badResponses);
      const request = taskRequest(params, info, envelopePeer(envelopeOf(params)));
      // The resumed job runs for whoever answers, as a call would: their trusted context, checked again at submit.
      const ambientContext = trustedContext(build, request, found.tool, options.principal ?? null);
      if (ambientContext === undefined) throw protocolError(ProtocolErrorCode.InternalError, TaskMessages.internal);
      try {
        return await set.tasks.answer(found, responses as Record<string, unknown>, ambientContext, {
          progressToken: request._meta?.progressToken,
          notify: (notification: ServerNotification) => server.notification(notification),
          peer: request.peer,
        });
      } catch (error) {
        if (error instanceof ProtocolError) throw error;
        reportException(error, { action: found.tool.action.name ?? found.tool.name, phase: "mcp tasks/update" });
        throw protocolError(ProtocolErrorCode.InternalError, TaskMessages.internal);
      }
    },
  });
  return (message, info) => {
    if (
      message.method === "tools/call" &&
      !admitted(message.params, taskRequest(message.params, info, envelopePeer(envelopeOf(message.params))))
    )
      return undefined;
    const reply = extension(message, info);
    return reply === undefined ? undefined : reply.catch((error: unknown) => answered(() => Promise.reject(error)));
  };
}

/** Creates the task of one task-augmented call: the tool's job on the app's queue, owned by its caller. */
function taskCreator(
  { options, set, build }: ServerScope,
  server: Server,
): (rawParams: unknown, request: McpRequestContext, task: TaskMetadata) => Promise<CreateTaskResult> {
  return async (rawParams, request, task) => {
    const params = checkedParams(rawParams);
    const tool = set.byName.get(params.name);
    if (tool === undefined) throw protocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    // A task takes no call slot: it is a job, and the queue's concurrency paces it.
    if (!set.tasks.serves(tool))
      throw protocolError(ProtocolErrorCode.MethodNotFound, TaskMessages.notATask(tool.name));
    const ambientContext = trustedContext(build, request, tool, options.principal ?? null);
    if (ambientContext === undefined) throw protocolError(ProtocolErrorCode.InternalError, TaskMessages.notCreated);
    try {
      const owner = taskOwner(principalOf(ambientContext)?.id, request.sessionId);
      const channel = {
        progressToken: request._meta?.progressToken,
        notify: (notification: ServerNotification) => server.notification(notification),
        peer: request.peer,
      };
      // A 2026-07-28 task may ask what its client can answer (tasks/asking.ts); a 2025-11-25 one asks nothing.
      const asks = request.peer?.era === "modern" ? askableKinds(request.peer.clientCapabilities()) : undefined;
      return await set.tasks.create(tool, params.arguments ?? {}, ambientContext, {
        owner,
        task,
        channel,
        ...(asks === undefined ? {} : { asks }),
      });
    } catch (error) {
      // The queue's refusal (tasks/refusal.ts) is the caller's: answered as it is, nothing to report.
      if (error instanceof ProtocolError) throw error;
      // Refused at enqueue (an ambient value that is not plain data) or the queue is unreachable.
      reportException(error, { action: tool.action.name ?? tool.name, phase: "mcp task" });
      throw protocolError(ProtocolErrorCode.InternalError, TaskMessages.notCreated);
    }
  };
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
