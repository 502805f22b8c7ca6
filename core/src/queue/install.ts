/**
 * Which queue backend jobs go to: the one the app installed (`Jobs.use`, or the config's
 * `queue: { connection }` through @axn/sdk), else an embedded queue created on first use. Kept in
 * the kernel state, so every copy of @axn/core in the process enqueues to the same place.
 */
import { kernel } from "../kernel/state.js";
import type { QueueBackend } from "./backend.js";
import { createEmbeddedQueue } from "./embedded.js";

export function queueBackend(): QueueBackend {
  return (kernel.queue.backend ??= createEmbeddedQueue()) as QueueBackend;
}

/** Installs `backend`; the previous one is closed. */
export async function useQueueBackend(backend: QueueBackend): Promise<void> {
  const previous = kernel.queue.backend;
  kernel.queue.backend = backend;
  if (previous !== undefined && previous !== backend) await previous.close();
}
