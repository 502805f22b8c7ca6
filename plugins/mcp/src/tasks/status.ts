/**
 * A task as the protocol shows it (`Task`: status, timestamps, ttl, pollInterval), from its record
 * and its job. The job's state maps to the task's: waiting, delayed or running is `working`; a
 * completed job is `completed` when the call succeeded and `failed` when it settled a business
 * failure (its `tasks/result` is the waited call's `isError` result — MCP 2025-11-25 counts a tool
 * result with `isError` as a failed task), and `input_required` when its run ended on a question
 * (a task that asks, asking.ts); a dead job is `failed`; a cancel is `cancelled`.
 */
import type { JobSnapshot } from "@axn/core";
import type { Task } from "@modelcontextprotocol/server";
import type { TaskRecord } from "./records.js";

export const TaskStatusMessages = {
  cancelled: "The task was cancelled",
} as const;

export function isTerminalStatus(status: Task["status"]): boolean {
  return status === "completed" || status === "failed" || status === "cancelled";
}

/** The task's status and message, from its record and its job's snapshot. */
function statusOf(record: TaskRecord, job: JobSnapshot): Pick<Task, "status" | "statusMessage"> {
  if (record.cancelled || job.state === "cancelled")
    return { status: "cancelled", statusMessage: TaskStatusMessages.cancelled };
  // A job that ended on a question: the task waits for its answers (asking.ts).
  if (job.state === "completed" && job.settled?.asked !== undefined) return { status: "input_required" };
  if (job.state === "completed")
    return job.settled?.ok === true
      ? { status: "completed" }
      : { status: "failed", statusMessage: job.settled?.message ?? "" };
  // The message of a dead job is the action's user-facing error, never the exception's.
  if (job.state === "dead") return { status: "failed", statusMessage: job.settled?.message ?? "" };
  return { status: "working" };
}

export function taskOf(record: TaskRecord, job: JobSnapshot): Task {
  const { status, statusMessage } = statusOf(record, job);
  return {
    taskId: record.taskId,
    status,
    ...(statusMessage === undefined ? {} : { statusMessage }),
    ttl: record.ttl,
    createdAt: new Date(record.createdAt).toISOString(),
    lastUpdatedAt: new Date(record.updatedAt).toISOString(),
    pollInterval: record.pollInterval,
  };
}
