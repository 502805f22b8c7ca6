/**
 * The seam `A.enqueue` goes through: the runtime knows no queue (core/src/queue sits above it and
 * installs its enqueuer in the kernel state as it loads), the way it knows no host and reports to
 * the result sink the host installed.
 */
import type { AnyAxn } from "../action/types.js";
import type { EnqueueOptions, JobHandle } from "../action/job.js";
import { kernel } from "../kernel/state.js";

export function enqueueCall(action: AnyAxn, args: unknown, options: EnqueueOptions | undefined): Promise<JobHandle> {
  const enqueue = kernel.queue.enqueue;
  if (enqueue === undefined) {
    // Only reachable by importing core's modules past its entry point, which loads the queue.
    return Promise.reject(
      new TypeError(`${action.name}.enqueue: the queue is not loaded; import @axn/core through its package entry`),
    );
  }
  return enqueue(action, args, options);
}
