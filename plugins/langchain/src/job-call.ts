/**
 * A tool wrapped with `background: true`: each call is enqueued as a tool call (run by whichever
 * process works the app's queue — `axn worker` with `queue.connection`, else this one) and the tool
 * awaits the job's `Result`, mapped exactly as a direct tool call's. The run's abort signal stops
 * the wait and cancels the job. For long tools whose work should survive on a worker, not in the
 * agent's process.
 */
import { Jobs, type AmbientContextSource, type AnyAxn } from "@axn/core";
import { mapSettledResult, toolInvoker } from "@axn/sdk/adapter";
import type { ToolMapping } from "@axn/sdk/adapter";
import type { ToolReply } from "./map-result.js";

export async function runAsJob(
  action: AnyAxn,
  mapping: ToolMapping<ToolReply, ToolReply>,
  args: unknown,
  ambientContext: AmbientContextSource,
  signal: AbortSignal | undefined,
): Promise<ToolReply> {
  const job = await Jobs.enqueueToolCall(action, args, { ambientContext, invoker: toolInvoker.options });
  const cancel = () => void job.cancel().catch(() => undefined);
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    const result = await job.result(signal === undefined ? {} : { signal });
    return await mapSettledResult(action, result, mapping);
  } finally {
    signal?.removeEventListener("abort", cancel);
  }
}
