/**
 * The 2026-07-28 Tasks extension (`io.modelcontextprotocol/tasks`, SEP-2663) over the same task
 * store as the 2025-11-25 tasks (task-store.ts: the app's queue, any instance). A client that
 * declares the extension in its request's capabilities gets a task for a long-running tool
 * (`tools/call` → `resultType: "task"`, the server decides); it polls `tasks/get` (the result or
 * the error inlined once the task ends) and may `tasks/cancel`. A client that did not declare it
 * gets the waited call, and `-32021` naming the extension for a `tasks/*` request.
 *
 * The SDK has no Tasks server and, on this revision, refuses `tasks/*` as unknown methods and any
 * `tools/call` result but a plain tool result; so these requests are answered before it, through
 * the guarded transport (protocol/guarded-transport.ts), with the fields its encoder would add
 * (`resultType`, the server's identity in `_meta`).
 *
 * What differs from 2025-11-25 on the wire: `ttlMs` / `pollIntervalMs`; a tool that ran and
 * reported a failure is `completed` with `result.isError`, and `failed` is kept for a call that
 * could not finish (an exception), with a JSON-RPC `error`; there is no `tasks/result` or
 * `tasks/list`. A task asks (asking.ts): a body's `ctx.elicit` / `ctx.sample` / `ctx.roots()` ends
 * its round's job on the question, `tasks/get` shows `input_required` with the open `inputRequests`,
 * and `tasks/update` answers them (some or all; once all, the call resumes as a new job). In 2025
 * a task asks nothing (`ctx.elicit` is `unavailable`, as before).
 */
import { CLIENT_CAPABILITIES_META_KEY, ProtocolErrorCode, SERVER_INFO_META_KEY } from "@modelcontextprotocol/server";
import type { Implementation } from "@modelcontextprotocol/server";
import type { Intercept } from "../protocol/guarded-transport.js";
import { TaskMessages } from "./handlers.js";
import { isTerminalStatus } from "./status.js";
import { inputRequestsOf } from "../tools/input-requests.js";
import { askedOf } from "./asking.js";
import type { Found, McpTaskStore } from "./task-store.js";

export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

type Reply = Awaited<NonNullable<ReturnType<Intercept>>>;

/** What the extension needs from the server it serves on. */
export interface TaskExtensionHost {
  readonly store: McpTaskStore;
  readonly serverInfo: Implementation;
  /** Whether `name` is a long-running tool served as a task. */
  serves(name: string): boolean;
  /** Creates the task for a `tools/call` (the same path as a 2025-11-25 task); throws a ProtocolError to refuse. */
  create(params: unknown, authInfo: Parameters<Intercept>[1]): Promise<{ readonly taskId: string }>;
  /** Who is asking (task-store.ts `taskOwner`). */
  ownerOf(authInfo: Parameters<Intercept>[1]): string;
  /**
   * Answers the questions a task waits on (`tasks/update`: `McpTaskStore.answer` with the caller's
   * trusted context); throws a ProtocolError to refuse.
   */
  answer(found: Found, params: unknown, authInfo: Parameters<Intercept>[1]): Promise<unknown>;
}

/** Did this request's client declare the Tasks extension (2026-07-28: in the request's own `_meta`)? */
function declaresTasks(params: unknown): boolean {
  const meta = (params as { _meta?: Record<string, unknown> } | undefined)?._meta;
  const capabilities = meta?.[CLIENT_CAPABILITIES_META_KEY] as { extensions?: Record<string, unknown> } | undefined;
  return capabilities?.extensions?.[TASKS_EXTENSION] !== undefined;
}

function taskIdOf(params: unknown): string | undefined {
  const id = (params as { taskId?: unknown } | undefined)?.taskId;
  return typeof id === "string" && id !== "" ? id : undefined;
}

export function taskExtension(host: TaskExtensionHost): Intercept {
  const stamped = (result: Record<string, unknown>, resultType: string): Reply => ({
    result: { ...result, resultType, _meta: { [SERVER_INFO_META_KEY]: host.serverInfo } },
  });
  const missing: Reply = {
    error: {
      code: ProtocolErrorCode.MissingRequiredClientCapability,
      message: `Missing required client capability: extensions.${TASKS_EXTENSION}`,
      data: { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } },
    } as Reply extends { error: infer E } ? E : never,
  };
  const notFound = (taskId: string): Reply => ({
    error: { code: ProtocolErrorCode.InvalidParams, message: TaskMessages.notFound(taskId) },
  });

  /** The task as 2026-07-28 shows it, with its outcome once it ended. */
  const detailed = async (taskId: string, owner: string): Promise<Reply> => {
    const found = await host.store.find(taskId, owner);
    if (found === undefined) return notFound(taskId);
    const { task, job } = found;
    const base = {
      taskId,
      createdAt: task.createdAt,
      lastUpdatedAt: task.lastUpdatedAt,
      ttlMs: task.ttl,
      pollIntervalMs: task.pollInterval,
    };
    if (task.status === "cancelled") return stamped({ ...base, status: "cancelled" }, "complete");
    if (job.state === "dead")
      return stamped(
        { ...base, status: "failed", error: { code: ProtocolErrorCode.InternalError, message: TaskMessages.internal } },
        "complete",
      );
    const asked = task.status === "input_required" ? askedOf(job.settled) : undefined;
    if (asked !== undefined) {
      // Only the questions still open: those a partial tasks/update answered are kept with the task.
      const answered = found.record.answers ?? {};
      const open = Object.fromEntries(Object.entries(asked.questions).filter(([key]) => !Object.hasOwn(answered, key)));
      return stamped({ ...base, status: "input_required", inputRequests: inputRequestsOf(open) }, "complete");
    }
    if (!isTerminalStatus(task.status)) return stamped({ ...base, status: "working" }, "complete");
    // The call ran: its tool result, a business failure included (`isError`), is the outcome.
    const result = await host.store.result(found, undefined);
    return stamped({ ...base, status: "completed", result }, "complete");
  };

  return (message, info) => {
    const { method, params } = message;
    if (method === "tools/call") {
      const name = (params as { name?: unknown } | undefined)?.name;
      if (typeof name !== "string" || !host.serves(name) || !declaresTasks(params)) return undefined;
      return (async () => {
        const { taskId } = await host.create(params, info);
        const found = await host.store.find(taskId, host.ownerOf(info));
        const task = found?.task;
        return stamped(
          {
            taskId,
            // Just created: working, however fast the job is; the next tasks/get tells its end.
            status: "working",
            createdAt: task?.createdAt ?? new Date().toISOString(),
            lastUpdatedAt: task?.lastUpdatedAt ?? new Date().toISOString(),
            ttlMs: task?.ttl ?? null,
            pollIntervalMs: task?.pollInterval,
          },
          "task",
        );
      })();
    }
    if (method !== "tasks/get" && method !== "tasks/cancel" && method !== "tasks/update") return undefined;
    if (!declaresTasks(params)) return Promise.resolve(missing);
    const taskId = taskIdOf(params);
    if (taskId === undefined)
      return Promise.resolve({
        error: { code: ProtocolErrorCode.InvalidParams, message: `Invalid params: ${method} needs params.taskId` },
      });
    const owner = host.ownerOf(info);
    if (method === "tasks/get") return detailed(taskId, owner);
    return (async (): Promise<Reply> => {
      const found = await host.store.find(taskId, owner);
      if (found === undefined) return notFound(taskId);
      // tasks/cancel of an ended task is the same empty acknowledgement; tasks/update of a task
      // that waits on nothing changes nothing, and is acknowledged alike.
      if (method === "tasks/cancel" && !isTerminalStatus(found.task.status)) await host.store.cancel(found);
      if (method === "tasks/update") await host.answer(found, params, info);
      return stamped({}, "complete");
    })();
  };
}
