/**
 * The embedded queue: jobs in this process's memory, run by this process — the default when the
 * app configures no Redis, so `enqueue` works anywhere with the same API and the same rules
 * (plain-data payloads, retries with backoff on exceptions, the dead-letter state, `jobId`
 * deduplication, delay, priority). One machine only, and lost on restart: an app that needs jobs
 * to outlive the process or spread over machines configures `queue: { connection: "redis://…" }`.
 *
 * @example
 * ```ts
 * Jobs.use(createEmbeddedQueue({ concurrency: 2 }));
 * const job = await SendDigest.enqueue({ userId: "u1" }, { attempts: 5 });
 * (await job.result()).ok;
 * ```
 */
import { randomUUID } from "node:crypto";
import type { JobState } from "../action/job.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import type { JobOptions, JobPayload, JobSnapshot, LocalJobOptions, QueueBackend, SettledJob } from "./backend.js";
import { jobNotFound } from "./job.js";
import { runJob } from "./run-job.js";

export interface EmbeddedQueueOptions {
  /** Jobs run at once (default 4). */
  readonly concurrency?: number;
  /** Settled jobs remembered for `status()` / `result()` by id; the oldest are forgotten first (default 10,000). */
  readonly keepSettled?: number;
}

interface Entry {
  readonly id: string;
  readonly payload: JobPayload;
  readonly options: JobOptions;
  readonly local: LocalJobOptions | undefined;
  /** Enqueue order: the tie-breaker within a priority. */
  readonly order: number;
  /** `taken`: a slot holds it and it starts on the next turn (reported as waiting). */
  state: JobState | "taken";
  attemptsMade: number;
  settled: SettledJob | undefined;
  timer: NodeJS.Timeout | undefined;
  controller: AbortController | undefined;
  cancelRequested: boolean;
  readonly waiters: Set<() => void>;
}

const CANCELLED: SettledJob = {
  ok: false,
  outcome: "failure",
  message: "The job was cancelled",
  exposed: {},
  elapsedMs: 0,
};

function backoffDelay(options: JobOptions, attemptsMade: number): number {
  const { type, delay } = options.backoff;
  return type === "fixed" ? delay : delay * 2 ** (attemptsMade - 1);
}

export class EmbeddedQueue implements QueueBackend {
  readonly kind = "embedded";
  readonly #concurrency: number;
  readonly #keepSettled: number;
  readonly #jobs = new Map<string, Entry>();
  readonly #settledOrder: string[] = [];
  #active = 0;
  #order = 0;
  #closed = false;

  constructor(options: EmbeddedQueueOptions = {}) {
    const concurrency = options.concurrency ?? 4;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new AxnError(
        ErrorCodes.JobInvalid,
        `createEmbeddedQueue: concurrency must be an integer ≥ 1 (got ${String(concurrency)})`,
      );
    }
    this.#concurrency = concurrency;
    this.#keepSettled = options.keepSettled ?? 10_000;
  }

  async add(payload: JobPayload, options: JobOptions, local?: LocalJobOptions): Promise<string> {
    if (this.#closed)
      throw new AxnError(ErrorCodes.JobInvalid, `Cannot enqueue ${payload.action}: the embedded queue is closed`);
    if (options.jobId !== undefined && this.#jobs.has(options.jobId)) return options.jobId;
    const id = options.jobId ?? randomUUID();
    const entry: Entry = {
      id,
      payload,
      options,
      local,
      order: this.#order++,
      state: options.delay > 0 ? "delayed" : "waiting",
      attemptsMade: 0,
      settled: undefined,
      timer: undefined,
      controller: undefined,
      cancelRequested: false,
      waiters: new Set(),
    };
    this.#jobs.set(id, entry);
    if (entry.state === "delayed") this.#wake(entry, options.delay);
    else this.#pump();
    return id;
  }

  async snapshot(id: string): Promise<JobSnapshot | undefined> {
    const entry = this.#jobs.get(id);
    return entry === undefined ? undefined : this.#snapshotOf(entry);
  }

  waitSettled(id: string, signal?: AbortSignal): Promise<JobSnapshot> {
    const entry = this.#jobs.get(id);
    if (entry === undefined) return Promise.reject(jobNotFound(id, this));
    if (entry.settled !== undefined) return Promise.resolve(this.#snapshotOf(entry));
    return new Promise((resolve, reject) => {
      if (signal?.aborted === true) return reject(signal.reason);
      const onAbort = () => {
        entry.waiters.delete(done);
        reject(signal!.reason);
      };
      const done = () => {
        signal?.removeEventListener("abort", onAbort);
        resolve(this.#snapshotOf(entry));
      };
      entry.waiters.add(done);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  async cancel(id: string): Promise<boolean> {
    const entry = this.#jobs.get(id);
    if (entry === undefined || entry.settled !== undefined) return false;
    if (entry.state === "taken") {
      entry.cancelRequested = true;
      return true;
    }
    if (entry.state === "active") {
      // The body sees it on ctx.signal; whatever it then settles with, it is not retried.
      entry.cancelRequested = true;
      entry.controller?.abort(new AxnError(ErrorCodes.JobCancelled, `Job "${id}" was cancelled`));
      return true;
    }
    clearTimeout(entry.timer);
    this.#settle(entry, "cancelled", CANCELLED);
    return true;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const entry of this.#jobs.values()) {
      clearTimeout(entry.timer);
      entry.controller?.abort(
        new AxnError(ErrorCodes.JobCancelled, `Job "${entry.id}" was stopped: the embedded queue closed`),
      );
    }
  }

  #snapshotOf(entry: Entry): JobSnapshot {
    return {
      id: entry.id,
      action: entry.payload.action,
      state: entry.state === "taken" ? "waiting" : entry.state,
      attemptsMade: entry.attemptsMade,
      attempts: entry.options.attempts,
      settled: entry.settled,
      ...(entry.payload.owner === undefined ? {} : { owner: entry.payload.owner }),
    };
  }

  #wake(entry: Entry, delay: number): void {
    entry.state = "delayed";
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (entry.state !== "delayed") return;
      entry.state = "waiting";
      this.#pump();
    }, delay);
  }

  /** The next waiting job: the highest priority (lowest number; unset last), then enqueue order. */
  #next(): Entry | undefined {
    let best: Entry | undefined;
    for (const entry of this.#jobs.values()) {
      if (entry.state !== "waiting") continue;
      if (best === undefined) best = entry;
      else {
        const a = entry.options.priority ?? Number.MAX_SAFE_INTEGER;
        const b = best.options.priority ?? Number.MAX_SAFE_INTEGER;
        if (a < b || (a === b && entry.order < best.order)) best = entry;
      }
    }
    return best;
  }

  #pump(): void {
    while (!this.#closed && this.#active < this.#concurrency) {
      const entry = this.#next();
      if (entry === undefined) return;
      void this.#run(entry);
    }
  }

  async #run(entry: Entry): Promise<void> {
    this.#active++;
    // Taken (no other slot picks it), but "waiting" until it starts, a turn later: the enqueuing
    // code runs on first, as it would with a worker elsewhere.
    entry.state = "taken";
    entry.controller = new AbortController();
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (entry.cancelRequested) return this.#settle(entry, "cancelled", CANCELLED);
      entry.state = "active";
      const attempt = await runJob(entry.payload, { signal: entry.controller.signal, live: entry.local?.live });
      entry.attemptsMade++;
      entry.controller = undefined;
      if (!attempt.retry) this.#settle(entry, "completed", attempt.settled);
      else if (entry.cancelRequested) this.#settle(entry, "cancelled", CANCELLED);
      else if (entry.attemptsMade >= entry.options.attempts || this.#closed)
        this.#settle(entry, "dead", attempt.settled);
      else this.#wake(entry, backoffDelay(entry.options, entry.attemptsMade));
    } finally {
      this.#active--;
      this.#pump();
    }
  }

  #settle(entry: Entry, state: JobState, settled: SettledJob): void {
    entry.state = state;
    entry.settled = settled;
    for (const waiter of entry.waiters) waiter();
    entry.waiters.clear();
    this.#settledOrder.push(entry.id);
    while (this.#settledOrder.length > this.#keepSettled) this.#jobs.delete(this.#settledOrder.shift()!);
  }
}

/** An embedded queue (see the module header). */
export function createEmbeddedQueue(options: EmbeddedQueueOptions = {}): EmbeddedQueue {
  return new EmbeddedQueue(options);
}
