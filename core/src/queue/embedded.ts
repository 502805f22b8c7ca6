/**
 * The embedded queue: jobs in this process's memory, run by this process — the default when the
 * app configures no Redis, so `enqueue` works anywhere with the same API and the same rules
 * (plain-data payloads, retries with backoff on exceptions, the dead-letter state, `jobId`
 * deduplication, delay, priority). One machine only, and lost on restart: an app that needs jobs
 * to outlive the process or spread over machines configures `queue: { connection: "redis://…" }`.
 *
 * Bounded like BullMQ (limits.ts): a transport's submission is refused past the waiting caps; a
 * job without a priority is ranked for fair share — the n-th waiting job of its owner runs at
 * priority n, so one owner's backlog never holds another's first job back; an ended job keeps its
 * settled call only, for `keepEnded` (count and age).
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
import { endedPayload } from "./ended.js";
import {
  DEFAULT_QUEUE_LIMITS,
  ownerBucket,
  resolveQueueLimits,
  type QueueLimits,
  type QueueLimitSettings,
} from "./limits.js";
import { QueueFullError } from "./queue-full.js";
import { runJob } from "./run-job.js";

export interface EmbeddedQueueOptions {
  /** Jobs run at once (default 4): the cap background calls run under, beside a server's `maxConcurrentCalls`. */
  readonly concurrency?: number;
  /** The queue's limits (limits.ts); each one unset keeps its default. */
  readonly limits?: QueueLimitSettings;
}

interface Entry {
  readonly id: string;
  /** Its arguments and ambient context are dropped once it ends (endedPayload). */
  payload: JobPayload;
  readonly options: JobOptions;
  local: LocalJobOptions | undefined;
  /** The owner its waiting count and fair share are kept under (limits.ts ownerBucket). */
  readonly bucket: string;
  /** The priority it runs at: the one given, else its fair-share rank. */
  readonly priority: number;
  /** Still counted as waiting under its bucket (until it is taken or cancelled). */
  counted: boolean;
  /** When it ended (ms since the epoch), for keepEnded.ageSeconds. */
  endedAt: number;
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
  readonly limits: QueueLimits;
  readonly #concurrency: number;
  readonly #jobs = new Map<string, Entry>();
  /** Ended job ids, the oldest first (each ends once, so this is also their end-time order). */
  readonly #endedOrder: string[] = [];
  /** Waiting jobs per owner bucket, and all together. */
  readonly #waiting = new Map<string, number>();
  #waitingTotal = 0;
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
    this.limits =
      options.limits === undefined ? DEFAULT_QUEUE_LIMITS : resolveQueueLimits(options.limits, "createEmbeddedQueue");
  }

  async add(payload: JobPayload, options: JobOptions, local?: LocalJobOptions): Promise<string> {
    if (this.#closed)
      throw new AxnError(ErrorCodes.JobInvalid, `Cannot enqueue ${payload.action}: the embedded queue is closed`);
    this.#forgetExpired();
    if (options.jobId !== undefined && this.#jobs.has(options.jobId)) return options.jobId;
    const bucket = ownerBucket(payload.owner, payload.invoker !== undefined || payload.capability !== undefined);
    const waiting = this.#waiting.get(bucket) ?? 0;
    if (options.admission !== undefined) {
      if (waiting >= options.admission.maxWaitingPerOwner)
        throw new QueueFullError(payload.action, "owner", options.admission);
      if (this.#waitingTotal >= options.admission.maxWaitingJobs)
        throw new QueueFullError(payload.action, "all", options.admission);
    }
    this.#waiting.set(bucket, waiting + 1);
    this.#waitingTotal++;
    const id = options.jobId ?? randomUUID();
    const entry: Entry = {
      id,
      payload,
      options,
      local,
      bucket,
      priority: options.priority ?? waiting + 1,
      counted: true,
      endedAt: 0,
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

  /** Jobs not ended yet — waiting, delayed or running: what a process stopping now would drop. */
  unfinished(): number {
    let count = 0;
    for (const entry of this.#jobs.values()) if (entry.settled === undefined) count++;
    return count;
  }

  async snapshot(id: string): Promise<JobSnapshot | undefined> {
    this.#forgetExpired();
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
      ...(entry.payload.capability === undefined ? {} : { capability: entry.payload.capability }),
    };
  }

  /** No longer waiting (taken by a slot, or cancelled): out of its owner's count. */
  #uncount(entry: Entry): void {
    if (!entry.counted) return;
    entry.counted = false;
    this.#waitingTotal--;
    const left = (this.#waiting.get(entry.bucket) ?? 1) - 1;
    if (left <= 0) this.#waiting.delete(entry.bucket);
    else this.#waiting.set(entry.bucket, left);
  }

  /** Forgets ended jobs past keepEnded's age (the count is kept as each one ends). */
  #forgetExpired(): void {
    const oldest = Date.now() - this.limits.keepEnded.ageSeconds * 1000;
    while (this.#endedOrder.length > 0) {
      const entry = this.#jobs.get(this.#endedOrder[0]!);
      if (entry !== undefined && entry.endedAt > oldest) return;
      this.#endedOrder.shift();
      if (entry !== undefined) this.#jobs.delete(entry.id);
    }
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

  /** The next waiting job: the highest priority (lowest number: given, or the fair-share rank), then enqueue order. */
  #next(): Entry | undefined {
    let best: Entry | undefined;
    for (const entry of this.#jobs.values()) {
      if (entry.state !== "waiting") continue;
      if (
        best === undefined ||
        entry.priority < best.priority ||
        (entry.priority === best.priority && entry.order < best.order)
      )
        best = entry;
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
    this.#uncount(entry);
    entry.controller = new AbortController();
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (entry.cancelRequested) return this.#settle(entry, "cancelled", CANCELLED);
      entry.state = "active";
      const attempt = await runJob(entry.payload, { signal: entry.controller.signal, live: entry.local?.live });
      entry.attemptsMade++;
      entry.controller = undefined;
      // A cancel asked for while it ran ends it cancelled, however the body settled: the one answer
      // `job.status()`, the HTTP job URL and an MCP task give alike.
      if (entry.cancelRequested) this.#settle(entry, "cancelled", CANCELLED);
      else if (!attempt.retry) this.#settle(entry, "completed", attempt.settled);
      else if (entry.attemptsMade >= entry.options.attempts || this.#closed)
        this.#settle(entry, "dead", attempt.settled);
      else this.#wake(entry, backoffDelay(entry.options, entry.attemptsMade));
    } finally {
      this.#active--;
      this.#pump();
    }
  }

  #settle(entry: Entry, state: JobState, settled: SettledJob): void {
    this.#uncount(entry);
    entry.state = state;
    entry.settled = settled;
    // Ended: its result stays readable for keepEnded; its input does not (nor a client's live channel).
    entry.payload = endedPayload(entry.payload);
    entry.local = undefined;
    entry.endedAt = Date.now();
    for (const waiter of entry.waiters) waiter();
    entry.waiters.clear();
    this.#endedOrder.push(entry.id);
    while (this.#endedOrder.length > this.limits.keepEnded.count) this.#jobs.delete(this.#endedOrder.shift()!);
  }
}

/** An embedded queue (see the module header). */
export function createEmbeddedQueue(options: EmbeddedQueueOptions = {}): EmbeddedQueue {
  return new EmbeddedQueue(options);
}
