/**
 * A tool wrapped with `background: "handle"`: each call is enqueued as a tool call (run by
 * whichever process works the app's queue) and the tool answers at once with the job's handle —
 * its id and state as the content the model reads, `{ job: { id, tool, state } }` as the artifact.
 * The model then checks on it and collects the result with the companion `axn_job_status` tool
 * (job-status-tool.ts). The job belongs to the call's principal: only that principal finds it.
 */
import { Jobs, type AmbientContextSource, type AnyAxn, type JobState } from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE, reportAdapterError, toolInvoker } from "@axn/sdk/adapter";
import { failedReply, type ToolReply } from "./map-result.js";

/** The default name of the companion tool that checks on a job. */
export const JOB_STATUS_TOOL = "axn_job_status";

/** The artifact of a handle (and of a status check while the job is pending). */
export type JobHandleArtifact = {
  readonly job: { readonly id: string; readonly tool: string; readonly state: JobState };
};

/** What the model reads for a job it started: the id, and how to collect the result. */
function handleContent(id: string, tool: string, state: JobState): string {
  return `Started job "${id}" of ${tool} (${state}). Call ${JOB_STATUS_TOOL} with {"id":"${id}"} for its state, and for its result once it is done.`;
}

export async function startJob(
  action: AnyAxn,
  args: unknown,
  ambientContext: AmbientContextSource,
  tool: string,
): Promise<ToolReply> {
  let id: string;
  try {
    id = (await Jobs.enqueueToolCall(action, args, { ambientContext, invoker: toolInvoker.options })).id;
  } catch (error) {
    // The queue refused or could not be reached: an operator's problem, reported; never the model's.
    reportAdapterError(action, "langchain enqueue", error);
    return failedReply(ADAPTER_FAILURE_MESSAGE);
  }
  const artifact: JobHandleArtifact = { job: { id, tool, state: "waiting" } };
  return { ok: true, content: handleContent(id, tool, "waiting"), artifact };
}
