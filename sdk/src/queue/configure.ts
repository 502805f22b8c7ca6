/**
 * The config's `queue` key at host load: with a `connection`, jobs go to BullMQ on that Redis —
 * opened on first use, so commands that never enqueue (`axn tools`) never connect; without one,
 * the embedded queue stays the default.
 */
import {
  createEmbeddedQueue,
  Jobs,
  type QueueLimits,
  type JobOptions,
  type JobPayload,
  type JobSnapshot,
  type LocalJobOptions,
  type QueueBackend,
} from "@axn/core";
import { BullmqQueue } from "./bullmq-queue.js";
import { queueLimitsOf, resolveQueueSettings, setsEmbeddedOptions, type ResolvedQueueSettings } from "./connection.js";

/** The BullMQ backend, opened by its first call. */
class LazyBullmqQueue implements QueueBackend {
  readonly kind = "bullmq";
  #opened: Promise<BullmqQueue> | undefined;

  constructor(readonly settings: ResolvedQueueSettings) {}

  get limits(): QueueLimits {
    return this.settings.limits;
  }

  #queue(): Promise<BullmqQueue> {
    return (this.#opened ??= BullmqQueue.open(this.settings));
  }

  async add(payload: JobPayload, options: JobOptions, local?: LocalJobOptions): Promise<string> {
    return (await this.#queue()).add(payload, options, local);
  }
  async snapshot(id: string): Promise<JobSnapshot | undefined> {
    return (await this.#queue()).snapshot(id);
  }
  async waitSettled(id: string, signal?: AbortSignal): Promise<JobSnapshot> {
    return (await this.#queue()).waitSettled(id, signal);
  }
  async cancel(id: string): Promise<boolean> {
    return (await this.#queue()).cancel(id);
  }
  /** The opened queue's Redis connection (BullmqQueue.redis). */
  async redis(): Promise<unknown> {
    return (await this.#queue()).redis();
  }
  async close(): Promise<void> {
    const opened = this.#opened;
    this.#opened = undefined;
    if (opened !== undefined) await (await opened).close();
  }
}

/**
 * Installs the backend the config's `queue` key selects; returns its settings (undefined: embedded).
 * Without a connection, limits or a concurrency it sets install an embedded queue with them.
 */
export async function applyQueueConfig(value: unknown, where: string): Promise<ResolvedQueueSettings | undefined> {
  const settings = resolveQueueSettings(value, where);
  if (settings !== undefined) await Jobs.use(new LazyBullmqQueue(settings));
  else if (setsEmbeddedOptions(value)) {
    const { concurrency } = value as { readonly concurrency?: number };
    const limits = queueLimitsOf(value, where);
    await Jobs.use(createEmbeddedQueue({ limits, ...(concurrency === undefined ? {} : { concurrency }) }));
  }
  return settings;
}

/** The settings of the BullMQ backend the config installed, or `undefined` when jobs stay embedded. */
export function configuredQueueSettings(): ResolvedQueueSettings | undefined {
  const backend = Jobs.backend();
  return backend instanceof LazyBullmqQueue ? backend.settings : undefined;
}
