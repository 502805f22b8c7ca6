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
import {
  Jobs,
  reportException,
  type AmbientContextSource,
  type JobSnapshot,
  type JsonValue,
  type Submission,
} from "@axn/core";
import { mapSettledResult, toolInvoker, type InputKind } from "@axn/sdk/adapter";
import type { CallToolResult, CreateTaskResult, Task, TaskMetadata } from "@modelcontextprotocol/server";
import { MAX_TASK_TTL_MS, mcpConfig } from "../settings/config.js";
import { textResult } from "../tools/map-result.js";
import { mappingOf, type McpTool } from "../tools/wrap.js";
import { taskLiveChannel, type TaskChannelTarget } from "./live.js";
import type { TaskRecord, TaskRecords } from "./records.js";
import { TaskRefused, taskRefused } from "./refusal.js";
import { answersOf } from "../tools/input-requests.js";
import { askedOf, installTaskAsking, type TaskAsking } from "./asking.js";
import { recordsFor } from "./records-for.js";
import { isTerminalStatus, taskOf, TaskStatusMessages } from "./status.js";

/** The shortest ttl a client may ask for. */
const MIN_TASK_TTL_MS = 1000;
/** `tasks/list` page size. */
const LIST_PAGE = 50;

/** A task and its job, as the caller who owns it may see them. */
export interface Found {
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
    // A task may ask (2026-07-28): this process runs such jobs with the rounds engine.
    if (this.offered) installTaskAsking();
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
      /** The kinds of question the client can answer while the task runs (2026-07-28); none: the task asks nothing. */
      readonly asks?: readonly InputKind[];
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
      ...(request.asks === undefined || request.asks.length === 0
        ? {}
        : { asking: { kinds: request.asks, args: (args ?? {}) as JsonValue } }),
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
        ...(record.asking === undefined ? {} : { asking: { kinds: record.asking.kinds } as unknown as JsonValue }),
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
    if (tool === undefined) return undefined;
    const snapshot = await Jobs.backend().snapshot(jobOf(record));
    // A resumed round whose job the queue has not stored yet (tasks/update is submitting it) is working.
    const job = snapshot ?? (record.jobId === undefined ? undefined : waitingJob(record.jobId, tool));
    if (job === undefined) return undefined;
    let task = taskOf(record, job);
    if (isTerminalStatus(task.status) && !record.settled) {
      // The first look at its end dates it (the job keeps no time the Jobs API shows).
      const settled = { ...record, settled: true, updatedAt: Date.now(), revision: (record.revision ?? 0) + 1 };
      await records.update(settled);
      task = taskOf(settled, job);
      return { record: settled, job, tool, task };
    }
    return { record, job, tool, task };
  }

  /** The waited call's result, once the task ends; `signal` abandons the wait. */
  async result(found: Found, signal: AbortSignal | undefined): Promise<CallToolResult> {
    if (found.task.status === "cancelled") return textResult(TaskStatusMessages.cancelled, true);
    const job = await Jobs.find(jobOf(found.record));
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
    // A new revision: a tasks/update racing the cancel finds the record changed and resumes nothing.
    const cancelled = {
      ...found.record,
      cancelled: true,
      settled: true,
      updatedAt: Date.now(),
      revision: (found.record.revision ?? 0) + 1,
    };
    await this.#records().update(cancelled);
    try {
      await Jobs.backend().cancel(jobOf(found.record));
    } catch (error) {
      // The task is cancelled for its client either way; a job that runs on is the operator's to see.
      reportException(error, { action: found.tool.action.name, phase: "mcp tasks/cancel" });
    }
    return taskOf(cancelled, found.job);
  }

  /**
   * Answers some or all of the questions an `input_required` task waits on (`tasks/update`):
   * the answers are kept with the task; once every open question has one, the call is submitted
   * again as a new job (`Jobs.submit`: the caller's access and the queue's caps checked again) whose
   * body starts with all the answers, and the task is working again. Of two updates racing, one
   * changes the record (compare-and-set on its revision); the other reads it again, so two
   * completing updates never both resubmit. Throws a {@link TaskRefused} for an answer that cannot
   * answer its question or a resubmission the queue refuses; `"not asking"` when the task waits on
   * nothing (the update changes nothing).
   */
  async answer(
    found: Found,
    responses: Readonly<Record<string, unknown>>,
    ambientContext: AmbientContextSource,
    channel: Omit<TaskChannelTarget, "taskId">,
  ): Promise<"answered" | "resumed" | "not asking"> {
    const records = this.#records();
    let current: Found | undefined = found;
    // A lost race re-reads the task; a handful of rounds is plenty for one caller's own updates.
    for (let attempt = 0; attempt < 8 && current !== undefined; attempt++) {
      const { record, job, tool } = current;
      const asked = askedOf(job.state === "completed" ? job.settled : undefined);
      if (asked === undefined || record.asking === undefined || record.cancelled) return "not asking";
      const known = record.answers ?? {};
      const open = Object.fromEntries(
        Object.entries(asked.carried.pending).filter(([key]) => !Object.hasOwn(known, key)),
      );
      const checked = answersOf(open, responses);
      if ("refused" in checked) throw new TaskRefused(INVALID_PARAMS, `Invalid params: ${checked.refused}`);
      const answers = { ...known, ...checked.answers };
      const complete = Object.keys(asked.carried.pending).every((key) => Object.hasOwn(answers, key));
      const revision = (record.revision ?? 0) + 1;
      const next: TaskRecord = complete
        ? { ...record, jobId: randomUUID(), answers: {}, revision, updatedAt: Date.now() }
        : { ...record, answers, revision, updatedAt: Date.now() };
      if (!(await records.swap(record, next))) {
        current = await this.find(record.taskId, record.owner);
        continue;
      }
      if (!complete) return "answered";
      await this.#resume(
        next,
        tool,
        ambientContext,
        channel,
        { kinds: record.asking.kinds, carried: asked.carried, answers },
        record,
      );
      return "resumed";
    }
    return "answered";
  }

  /** Submits the next round's job; a refusal puts the task back on its questions (the answers kept). */
  async #resume(
    record: TaskRecord,
    tool: McpTool,
    ambientContext: AmbientContextSource,
    channel: Omit<TaskChannelTarget, "taskId">,
    asking: TaskAsking,
    before: TaskRecord,
  ): Promise<void> {
    const records = this.#records();
    const restore = async (): Promise<void> => {
      const { jobId: _next, ...rest } = record;
      const back: TaskRecord = {
        ...rest,
        ...(before.jobId === undefined ? {} : { jobId: before.jobId }),
        answers: asking.answers ?? {},
        revision: (record.revision ?? 0) + 1,
      };
      await records.swap(record, back).catch(() => undefined);
    };
    let submitted: Submission;
    try {
      submitted = await Jobs.submit(tool.action, record.asking?.args ?? {}, {
        ambientContext,
        jobId: record.jobId!,
        invoker: toolInvoker.options,
        live: taskLiveChannel({ taskId: record.taskId, ...channel }),
        asking: asking as unknown as JsonValue,
      });
    } catch (error) {
      await restore();
      throw error;
    }
    if (!submitted.ok) {
      await restore();
      const text =
        submitted.reason === "refused"
          ? refusalText(await mapSettledResult(tool.action, submitted.result, mappingOf(tool)))
          : "";
      throw taskRefused(submitted, text);
    }
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

/** JSON-RPC invalid params: an answer that cannot answer its question. */
const INVALID_PARAMS = -32602;

/** The job of the task's current round. */
function jobOf(record: TaskRecord): string {
  return record.jobId ?? record.taskId;
}

/** A resumed round's job before the queue stored it: waiting. */
function waitingJob(id: string, tool: McpTool): JobSnapshot {
  return { id, action: tool.action.name, state: "waiting", attemptsMade: 0, attempts: 1, settled: undefined };
}

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
