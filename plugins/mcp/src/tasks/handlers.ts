/**
 * The protocol's task requests — `tasks/get`, `tasks/result`, `tasks/cancel`, `tasks/list` — on one
 * server, over the tool set's task store. Each request is answered for the caller it comes from
 * (its principal, from the same server context as a tool call), so a task id of someone else's is
 * `Task not found` exactly as an unknown one. Registered only on a server that declares the `tasks` capability.
 */
import { reportException } from "@axn/core";
import {
  CancelTaskRequestSchema,
  GetTaskPayloadRequestSchema,
  GetTaskRequestSchema,
  ListTasksRequestSchema,
} from "@modelcontextprotocol/core";
import {
  ProtocolErrorCode,
  RELATED_TASK_META_KEY,
  type Server,
  type ServerCapabilities,
} from "@modelcontextprotocol/server";
import { ProtocolError } from "../protocol/protocol-error.js";
import type { McpRequestExtra } from "../protocol/server-context.js";
import { isTerminalStatus } from "./status.js";
import type { McpTaskStore } from "./task-store.js";

/** What a server with long-running tools declares: task-augmented `tools/call`, `tasks/list`, `tasks/cancel`. */
export const TASKS_CAPABILITY: NonNullable<ServerCapabilities["tasks"]> = Object.freeze({
  list: {},
  cancel: {},
  requests: { tools: { call: {} } },
});

export const TaskMessages = {
  notFound: (taskId: string): string =>
    `Task not found: ${taskId} (it was never created for this caller, or it expired)`,
  terminal: (taskId: string, status: string): string => `Cannot cancel task ${taskId}: it is already ${status}`,
  notATask: (tool: string): string =>
    `Tool ${tool} does not run as a task (its tools/list entry has no execution.taskSupport); call it without "task"`,
  onlyAsTask: (tool: string): string =>
    `Tool ${tool} runs only as a task (its tools/list entry has execution.taskSupport "required"); call it with "task"`,
  notCreated: "Internal error: the task could not be created",
  badResponses:
    "Invalid params: tasks/update needs params.inputResponses, an object of answers by the keys of the task's inputRequests",
  internal: "Internal error",
} as const;

/** Who is asking, as the task store keys tasks (task-store.ts `taskOwner`). */
export type TaskCaller = (extra: McpRequestExtra) => string;

export function registerTaskHandlers(server: Server, store: McpTaskStore, ownerOf: TaskCaller): void {
  const found = async (taskId: string, extra: McpRequestExtra) => {
    const task = await store.find(taskId, ownerOf(extra));
    if (task === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, TaskMessages.notFound(taskId));
    return task;
  };
  // The 2025-11-25 task methods are no spec methods of the SDK's typed maps any more (2026-07-28
  // moved tasks to an extension): registered in the custom-method form, with the wire's own schemas.
  server.setRequestHandler("tasks/get", { params: GetTaskRequestSchema.shape.params }, (params, extra) =>
    guarded("tasks/get", extra, async () => (await found(params.taskId, extra)).task),
  );
  server.setRequestHandler("tasks/result", { params: GetTaskPayloadRequestSchema.shape.params }, (params, extra) =>
    guarded("tasks/result", extra, async () => {
      const taskId = params.taskId;
      const result = await store.result(await found(taskId, extra), extra.mcpReq.signal);
      return { ...result, _meta: { ...result._meta, [RELATED_TASK_META_KEY]: { taskId } } };
    }),
  );
  server.setRequestHandler("tasks/cancel", { params: CancelTaskRequestSchema.shape.params }, (params, extra) =>
    guarded("tasks/cancel", extra, async () => {
      const task = await found(params.taskId, extra);
      if (isTerminalStatus(task.task.status))
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          TaskMessages.terminal(params.taskId, task.task.status),
        );
      return store.cancel(task);
    }),
  );
  server.setRequestHandler("tasks/list", { params: ListTasksRequestSchema.shape.params }, (params, extra) =>
    guarded("tasks/list", extra, () => store.list(ownerOf(extra), params?.cursor)),
  );
}

/** A fault of the store (Redis away) is reported and answered as the generic internal error, never its message. */
async function guarded<T>(phase: string, extra: McpRequestExtra, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    // An abandoned tasks/result (the client cancelled the request) is answered by nobody.
    if (extra.mcpReq.signal.aborted) throw error;
    reportException(error, { action: "axn-plugin-mcp", phase: `mcp ${phase}` });
    throw new ProtocolError(ProtocolErrorCode.InternalError, TaskMessages.internal);
  }
}
