/**
 * The MCP task store of one tool set, over the app's queue: a task-augmented `tools/call` becomes a
 * job through `Jobs.submit`, the path HTTP `?async=1` takes — the access policy and the arguments
 * checked as the worker's Invoker would, then the job's size, the waiting caps with their fair
 * share, and the enqueue deadline, all before anything is stored (a refusal is a `TaskRefused`
 * JSON-RPC error, refusal.ts) — and the task's id is the job's. The job
 * holds the call, its state and its result, on the embedded queue or on BullMQ; a small record
 * (records.ts) holds the rest. Nothing of a task is kept in a server object, so any server of the
 * process — and with `queue.connection`, any instance on the same Redis — answers for it.
 *
 * Why the Jobs API and not the SDK's own `TaskStore` seam: the SDK binds a task to the transport
 * session that created it (every `TaskStore` method receives only the session id), while an axn
 * task is bound to the caller's principal and must outlive its session (a stateless POST, another
 * instance behind a balancer). The protocol handlers here read the caller from each request.
 */
import { randomUUID } from "node:crypto";
import { Jobs, reportException, type AmbientContextSource, type JobSnapshot, type Submission } from "@axn/core";
import { mapSettledResult, toolInvoker } from "@axn/sdk/adapter";
import type { CallToolResult, CreateTaskResult, Task, TaskMetadata } from "@modelcontextprotocol/server";
import { MAX_TASK_TTL_MS, mcpConfig } from "../settings/config.js";
import { textResult } from "../tools/map-result.js";
import { mappingOf, type McpTool } from "../tools/wrap.js";
import { taskLiveChannel, type TaskChannelTarget } from "./live.js";
import type { TaskRecord, TaskRecords } from "./records.js";
import { taskRefused } from "./refusal.js";
import { recordsFor } from "./records-for.js";
import { isTerminalStatus, taskOf, TaskStatusMessages } from "./status.js";

/** The shortest ttl a client may ask for. */
const MIN_TASK_TTL_MS = 1000;
/** `tasks/list` page size. */
const LIST_PAGE = 50;

/** A task and its job, as the caller who owns it may see them. */
interface Found {
  readonly record: TaskRecord;
  readonly job: JobSnapshot;
  readonly tool: McpTool;
  readonly task: Task;
}

export class McpTaskStore {
  /** The long-running tools, by the action they wrap (a job names its action). */
  readonly #byAction = new Map<string, McpTool>();

  constructor(tools: readonly McpTool[]) {
    for (const tool of tools) if (tool.execution !== undefined) this.#byAction.set(tool.action.name, tool);
  }

  /** Whether some tool of the set runs as a task (the server then declares `tasks`). */
  get offered(): boolean {
    return this.#byAction.size > 0;
  }

  serves(tool: McpTool): boolean {
    return this.#byAction.get(tool.action.name) === tool;
  }

  /**
   * Submits the call as a task of `owner` and answers at once. Throws a {@link TaskRefused} when
   * the queue refuses it (nothing stored), anything else when the queue fails (the caller reports).
   */
  async create(
    tool: McpTool,
    args: unknown,
    ambientContext: AmbientContextSource,
    request: {
      readonly owner: string;
      readonly task: TaskMetadata;
      readonly channel: Omit<TaskChannelTarget, "taskId">;
    },
  ): Promise<CreateTaskResult> {
    const taskId = randomUUID();
    const now = Date.now();
    const record: TaskRecord = {
      taskId,
      owner: request.owner,
      tool: tool.name,
      createdAt: now,
      updatedAt: now,
      ttl: ttlFor(request.task.ttl),
      pollInterval: mcpConfig.get("taskPollIntervalMs"),
      cancelled: false,
      settled: false,
    };
    const records = this.#records();
    // The record first: a job that settles at once is then already a task someone can read.
    await records.put(record);
    const live = taskLiveChannel({ taskId, ...request.channel });
    let submitted: Submission;
    try {
      submitted = await Jobs.submit(tool.action, args, {
        ambientContext,
        jobId: taskId,
        invoker: toolInvoker.options,
        live,
      });
    } catch (error) {
      await records.delete(record).catch(() => undefined);
      throw error;
    }
    if (!submitted.ok) {
      // Nothing of the task outlives its refusal.
      await records.delete(record);
      const text =
        submitted.reason === "refused"
          ? refusalText(await mapSettledResult(tool.action, submitted.result, mappingOf(tool)))
          : "";
      throw taskRefused(submitted, text);
    }
    return {
      task: taskOf(record, {
        id: taskId,
        action: tool.action.name,
        state: "waiting",
        attemptsMade: 0,
        attempts: 1,
        settled: undefined,
      }),
    };
  }

  /** The task, when `owner` may see it; `undefined` for an unknown, expired or someone else's id alike. */
  async find(taskId: string, owner: string): Promise<Found | undefined> {
    const records = this.#records();
    const record = await records.get(taskId);
    if (record === undefined || record.owner !== owner) return undefined;
    const tool = [...this.#byAction.values()].find((candidate) => candidate.name === record.tool);
    const job = tool === undefined ? undefined : await Jobs.backend().snapshot(taskId);
    if (tool === undefined || job === undefined) return undefined;
    let task = taskOf(record, job);
    if (isTerminalStatus(task.status) && !record.settled) {
      // The first look at its end dates it (the job keeps no time the Jobs API shows).
      const settled = { ...record, settled: true, updatedAt: Date.now() };
      await records.update(settled);
      task = taskOf(settled, job);
      return { record: settled, job, tool, task };
    }
    return { record, job, tool, task };
  }

  /** The waited call's result, once the task ends; `signal` abandons the wait. */
  async result(found: Found, signal: AbortSignal | undefined): Promise<CallToolResult> {
    if (found.task.status === "cancelled") return textResult(TaskStatusMessages.cancelled, true);
    const job = await Jobs.find(found.record.taskId);
    if (job === undefined) return textResult(TaskStatusMessages.cancelled, true);
    const result = await job.result(signal === undefined ? {} : { signal });
    // Cancelled meanwhile (perhaps through another instance): the cancel is what the client asked for last.
    const record = await this.#records().get(found.record.taskId);
    if (record?.cancelled === true || (await job.status()).state === "cancelled")
      return textResult(TaskStatusMessages.cancelled, true);
    return mapSettledResult(found.tool.action, result, mappingOf(found.tool));
  }

  /** Marks the task cancelled and cancels its job (a running body sees `ctx.signal` abort). */
  async cancel(found: Found): Promise<Task> {
    const cancelled = { ...found.record, cancelled: true, settled: true, updatedAt: Date.now() };
    await this.#records().update(cancelled);
    try {
      await Jobs.backend().cancel(found.record.taskId);
    } catch (error) {
      // The task is cancelled for its client either way; a job that runs on is the operator's to see.
      reportException(error, { action: found.tool.action.name, phase: "mcp tasks/cancel" });
    }
    return taskOf(cancelled, found.job);
  }

  /** One page of `owner`'s tasks; an anonymous caller without a session has no list. */
  async list(
    owner: string,
    cursor: string | undefined,
  ): Promise<{ readonly tasks: Task[]; readonly nextCursor?: string }> {
    if (owner === ANONYMOUS_OWNER) return { tasks: [] };
    const offset = cursor === undefined ? 0 : Number.parseInt(cursor, 10);
    const page = await this.#records().list(owner, Number.isInteger(offset) && offset >= 0 ? offset : 0, LIST_PAGE);
    const tasks: Task[] = [];
    for (const record of page.records) {
      const found = await this.find(record.taskId, owner);
      if (found !== undefined) tasks.push(found.task);
    }
    return page.next === undefined ? { tasks } : { tasks, nextCursor: String(page.next) };
  }

  #records(): TaskRecords {
    return recordsFor(Jobs.backend());
  }
}

const ANONYMOUS_OWNER = "anonymous";

/** The text of the synchronous call's refusal (a tool error result). */
function refusalText(result: CallToolResult): string {
  const text = result.content.find((block) => block.type === "text");
  return text?.type === "text" ? text.text : "The call was refused";
}

/** Who a task belongs to: the principal; for an anonymous caller, the session (or nobody in particular). */
export function taskOwner(principalId: string | undefined, sessionId: string | undefined): string {
  if (principalId !== undefined) return `principal:${principalId}`;
  return sessionId === undefined ? ANONYMOUS_OWNER : `session:${sessionId}`;
}

/** The ttl a task gets: the client's, between 1 s and 24 h, else the `taskTtlMs` setting. */
function ttlFor(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return mcpConfig.get("taskTtlMs");
  return Math.min(MAX_TASK_TTL_MS, Math.max(MIN_TASK_TTL_MS, Math.round(requested)));
}
