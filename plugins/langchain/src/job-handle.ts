/**
 * A tool wrapped with `background: "handle"`: each call is enqueued as a tool call (run by
 * whichever process works the app's queue) and the tool answers at once with the job's handle —
 * its id and state as the content the model reads, `{ job: { id, tool, state } }` as the artifact.
 * The model then checks on it and collects the result with the companion `axn_job_status` tool
 * (job-status-tool.ts). The call is submitted (`Jobs.submit`): a caller the access policy refuses, or
 * arguments the Invoker would refuse, get the synchronous call's answer and no job. The job belongs
 * to the call's principal: only that principal finds it. An anonymous run's job is opened by the
 * capability token its submission returned, which stays in this process (`anonymousTokens`) for the
 * companion tool — the model only ever sees the id.
 */
import { Jobs, type AmbientContextSource, type AnyAxn, type JobState } from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE, mapSettledResult, reportAdapterError, toolInvoker } from "@axn/sdk/adapter";
import { failedReply, replyMapping, type ToolReply } from "./map-result.js";

/** The most anonymous jobs whose tokens are remembered (the oldest forgotten first): the queue's own default retention. */
const MAX_REMEMBERED = 1_000;
const tokens = new Map<string, string>();

/** The capability tokens of the anonymous jobs this process started, by job id, for `axn_job_status`. */
export const anonymousTokens = {
  get(id: string): string | undefined {
    return tokens.get(id);
  },
  remember(id: string, token: string): void {
    tokens.set(id, token);
    if (tokens.size > MAX_REMEMBERED) tokens.delete(tokens.keys().next().value!);
  },
};

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
    const submitted = await Jobs.submit(action, args, { ambientContext, invoker: toolInvoker.options });
    if (!submitted.ok)
      return submitted.reason === "refused"
        ? await mapSettledResult(action, submitted.result, replyMapping(action, undefined))
        : failedReply(submitted.message);
    id = submitted.job.id;
    if (submitted.token !== undefined) anonymousTokens.remember(id, submitted.token);
  } catch (error) {
    // The queue failed: an operator's problem, reported; never the model's.
    reportAdapterError(action, "langchain enqueue", error);
    return failedReply(ADAPTER_FAILURE_MESSAGE);
  }
  const artifact: JobHandleArtifact = { job: { id, tool, state: "waiting" } };
  return { ok: true, content: handleContent(id, tool, "waiting"), artifact };
}
