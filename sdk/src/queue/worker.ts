/**
 * A BullMQ worker that runs axn jobs: each job through `Jobs.run` — the action called the way a
 * direct call runs, its business failure a completed job, its exception an attempt that throws
 * (BullMQ retries it with the job's backoff, then keeps it in the failed set: the dead letter).
 * A job whose worker died is taken over by another through BullMQ's stalled-job check.
 *
 * Shutdown is graceful: `close()` stops taking jobs and lets the running ones finish; after
 * `graceMs` the ones still running are returned to the queue (moved back to waiting, their attempt
 * not counted) for another worker — the body may have run partly, so jobs should be idempotent.
 *
 * @example
 * ```ts
 * const worker = await startQueueWorker({ connection: "redis://127.0.0.1:6379", concurrency: 4 });
 * process.on("SIGTERM", () => void worker.close({ graceMs: 10_000 }));
 * ```
 */
import { Jobs, type JobPayload } from "@axn/core";
import { DEFAULT_BACKOFF, endedPayload } from "@axn/core/internal";
import type { Job, Worker } from "bullmq";
import type { Redis } from "ioredis";
import {
  cancelChannel,
  loadBullmq,
  redisClient,
  resolveQueueSettings,
  waitingKeys,
  type QueueSettings,
  type ResolvedQueueSettings,
} from "./connection.js";
import { bucketOf } from "./bullmq-queue.js";
import { EndedTrimmer } from "./trim.js";
import {
  attemptsOf,
  CANCELLED_REASON,
  COUNTED_KEY,
  failedReasonFor,
  RELAY_PROGRESS_KEY,
  storedSettled,
} from "./wire.js";

export interface QueueWorkerOptions extends QueueSettings {
  readonly connection: string;
  /** Jobs run at once in this process (default 1). */
  readonly concurrency?: number;
}

export interface QueueWorkerEvents {
  /** A job settled (`ok` is the Result's) or an attempt threw (`retry`), or it was returned at shutdown. */
  onJob?(event: {
    readonly id: string;
    readonly action: string;
    readonly outcome: "completed" | "attempt-threw" | "returned" | "cancelled";
    readonly ok?: boolean;
  }): void;
}

export interface QueueWorker {
  readonly settings: ResolvedQueueSettings;
  /** Jobs running now. */
  readonly running: number;
  /** Stops taking jobs; waits up to `graceMs` (default: no limit) for running ones, then returns the rest to the queue. */
  close(options?: { readonly graceMs?: number }): Promise<{ readonly finished: number; readonly returned: number }>;
}

const SHUTDOWN = Symbol("axn.worker.shutdown");

/**
 * How long a worker gathers its steps on Redis (STEP) — the count-outs of the jobs it started, the
 * inputs of the ones that ended — before it sends them, in one command. A started job is counted out
 * sooner by the next admission when it is at the front of its set (bullmq-queue.ts ADMIT), as jobs
 * that start in order are; an ended job's input is gone at most this long after its end is stored.
 */
const STEP_WITHIN_MS = 20;

/**
 * One step of a worker on Redis, for every job that started in one tick and every ended job waiting:
 * the started ones leave their owners' waiting sets (the global count is BullMQ's own lists, which a
 * started job has left already), the ended ones' inputs are written over with their ended payloads
 * — a hash gone meanwhile (removed, trimmed) is not written back. ARGV[1]: how many started, S.
 * KEYS[1…S]: their owners' waiting sets, ARGV[2…S+1] their ids; KEYS[S+1…]: the ended jobs' hashes,
 * ARGV[S+2…] their ended payloads (JSON).
 */
const STEP = `
local started = tonumber(ARGV[1])
for i = 1, started do redis.call('ZREM', KEYS[i], ARGV[i + 1]) end
for i = started + 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then redis.call('HSET', KEYS[i], 'data', ARGV[i + 1]) end
end
`;

/** The worker's client with STEP defined on it (sent by SHA: EVALSHA). */
interface SteppingClient extends Redis {
  axnStep(keyCount: number, ...keysThenArgs: string[]): Promise<unknown>;
}

/**
 * How long a close with no job left running waits for BullMQ before it cuts the connections. After
 * Redis went away and came back, BullMQ's close can wait for ever on its fetch loop's command; with
 * no job running there is nothing left to finish, so the connections are cut (the pending command
 * rejects, the loop ends) — a job it had fetched but not started is returned by the stalled check.
 * With Redis still away the cut is not enough: BullMQ's close then waits for its blocking
 * connection's 'end', which an ioredis client between two reconnect attempts never emits (its
 * disconnect only cancels the next attempt). The close returns this long after the cut regardless:
 * every client has stopped dialling by then, and nothing of this worker is left running.
 */
const CLOSE_STUCK_MS = 2_000;

/**
 * One running job's stop request: the reason it was stopped (a cancel, the shutdown), and the
 * `AbortController` the body's `ctx.signal` comes from — built only when the body first reads it,
 * since most jobs never do (an `AbortSignal` is among the costlier objects a job would allocate).
 */
class JobStop {
  reason: unknown = undefined;
  #controller: AbortController | undefined;
  /** Handed to `Jobs.run` as the lazy signal. */
  readonly signal = (): AbortSignal => {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.reason !== undefined) this.#controller.abort(this.reason);
    }
    return this.#controller.signal;
  };
  abort(reason: unknown): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    this.#controller?.abort(reason);
  }
}

/** Starts a worker (see the module header). */
export async function startQueueWorker(
  options: QueueWorkerOptions,
  events: QueueWorkerEvents = {},
): Promise<QueueWorker> {
  // A resolved settings object (`axn worker` passes the config's) carries its limits resolved: flattened back.
  const { concurrency = 1, limits, ...queueSettings } = options as QueueWorkerOptions & { readonly limits?: object };
  const settings = resolveQueueSettings(
    Object.fromEntries(Object.entries({ ...queueSettings, ...limits }).filter(([, value]) => value !== undefined)),
    "startQueueWorker",
  )!;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new TypeError(`startQueueWorker: concurrency must be an integer ≥ 1 (got ${String(concurrency)})`);
  const { Queue, Worker, WaitingError, UnrecoverableError } = (await loadBullmq()) as typeof import("bullmq");
  const connection = (await redisClient(settings.connection)) as SteppingClient;
  connection.defineCommand("axnStep", { lua: STEP });
  const subscriber = (await redisClient(settings.connection)) as Redis;
  const signals = new Map<string, JobStop>();
  // Jobs whose attempt ended for good, whose input goes once BullMQ has stored that end. Not before:
  // a crash between the two (Redis restarting, the lock lost) hands the job to another attempt,
  // which needs its input — stripped first, it would run with none and fail, an accepted job lost.
  // An end BullMQ never stored leaves its id here until the job comes back to this worker.
  const endsRecorded = new Set<string>();
  const stepping = new Set<Promise<unknown>>();
  // What the next step (STEP) sends, within STEP_WITHIN_MS: the jobs started (owner set, id), and
  // the ended jobs' hashes and payloads.
  let starts: string[] = [];
  let strips: string[] = [];
  let stepTimer: NodeJS.Timeout | undefined;
  const stepSoon = (): void => {
    stepTimer ??= setTimeout(step, STEP_WITHIN_MS);
  };
  const step = (): void => {
    clearTimeout(stepTimer);
    stepTimer = undefined;
    if (starts.length === 0 && strips.length === 0) return;
    const keys: string[] = [];
    const args: string[] = [String(starts.length / 2)];
    for (const list of [starts, strips]) {
      for (let i = 0; i < list.length; i += 2) {
        keys.push(list[i]!);
        args.push(list[i + 1]!);
      }
    }
    starts = [];
    strips = [];
    const sent = connection
      .axnStep(keys.length, ...keys, ...args)
      .catch(() => undefined)
      .finally(() => stepping.delete(sent));
    stepping.add(sent);
  };
  const dropInput = (job: Job | undefined): void => {
    if (job?.id === undefined || !endsRecorded.delete(job.id)) return;
    trimmer.ended();
    strips.push(worker.toKey(job.id), JSON.stringify(endedPayload(job.data as JobPayload)));
    stepSoon();
  };
  let running = 0;
  let finished = 0;
  let returned = 0;

  const processor = async (job: Job, token?: string): Promise<unknown> => {
    withDefaults(job);
    const stop = new JobStop();
    const id = job.id!;
    signals.set(id, stop);
    running++;
    const fields = job.data as Record<string, unknown> | undefined;
    // Started: no longer waiting, so out of its owner's count (the producer's admission reads it), if
    // an admission counted it there. In the next step (within STEP_WITHIN_MS), never waited for: the
    // body does not wait a round trip, and the jobs started meanwhile cost one command together.
    if (fields?.[COUNTED_KEY] === true) {
      starts.push(waitingKeys(settings, bucketOf(job.data))[0], id);
      stepSoon();
    }
    endsRecorded.delete(id); // a job taken over after a crash starts again with its input
    try {
      // Progress travels as BullMQ job progress only for a producer that relays it (an MCP task's client).
      const relay = fields?.[RELAY_PROGRESS_KEY] === true;
      const live = relay
        ? { progress: (update: object) => void job.updateProgress(update).catch(() => undefined) }
        : undefined;
      const attempt = await Jobs.run(
        job.data,
        live === undefined ? { signal: stop.signal } : { signal: stop.signal, live },
      );
      // An abort the body honoured ends the attempt in a throw; one it ignored lets it settle as usual.
      if (attempt.retry && stop.reason === SHUTDOWN) {
        // Back to waiting for another worker; BullMQ does not count the attempt.
        await job.moveToWait(token);
        returned++;
        events.onJob?.({ id, action: job.name, outcome: "returned" });
        throw new WaitingError();
      }
      // A cancel ends it cancelled however the body settled (the embedded queue's rule too).
      if (stop.reason !== undefined && stop.reason !== SHUTDOWN) {
        endsRecorded.add(id);
        events.onJob?.({ id, action: job.name, outcome: "cancelled" });
        throw new UnrecoverableError(CANCELLED_REASON);
      }
      if (attempt.retry) {
        if (job.attemptsMade + 1 >= job.opts.attempts!) endsRecorded.add(id);
        events.onJob?.({ id, action: job.name, outcome: "attempt-threw" });
        throw new Error(failedReasonFor(attempt.settled));
      }
      endsRecorded.add(id);
      finished++;
      events.onJob?.({ id, action: job.name, outcome: "completed", ok: attempt.settled.ok });
      return storedSettled(attempt.settled);
    } finally {
      running--;
      signals.delete(id);
    }
  };

  // keepEnded is the worker's (`axn worker` reads the app's config, as the producer does), trimmed in
  // batches after the ends are stored (trim.ts), not by BullMQ inside every job's finish: the worker
  // sets no removeOnComplete / removeOnFail, so BullMQ keeps every end it stores.
  const trimmer = new EndedTrimmer(
    new Queue(settings.name, { connection, prefix: settings.prefix }),
    connection,
    settings.limits.keepEnded,
  );
  const worker: Worker = new Worker(settings.name, processor, {
    connection,
    prefix: settings.prefix,
    concurrency,
    ...(settings.lockDuration === undefined ? {} : { lockDuration: settings.lockDuration }),
    ...(settings.stalledInterval === undefined ? {} : { stalledInterval: settings.stalledInterval }),
  });
  // Connection errors are retried by the client; without a listener Node would treat them as fatal.
  worker.on("error", () => undefined);
  worker.on("completed", (job) => dropInput(job));
  worker.on("failed", (job) => dropInput(job));
  subscriber.on("message", (_channel: string, id: string) =>
    signals.get(id)?.abort(new Error(`Job "${id}" was cancelled`)),
  );
  await subscriber.subscribe(cancelChannel(settings));
  await worker.waitUntilReady();

  let closing: Promise<{ finished: number; returned: number }> | undefined;
  return {
    settings,
    get running() {
      return running;
    },
    close({ graceMs }: { readonly graceMs?: number } = {}) {
      closing ??= (async () => {
        const closed = worker.close();
        let timer: NodeJS.Timeout | undefined;
        if (graceMs !== undefined) {
          timer = setTimeout(() => {
            for (const controller of signals.values()) controller.abort(SHUTDOWN);
          }, graceMs);
        }
        await untilClosed(
          closed,
          () => running === 0,
          () => connection.disconnect(),
        );
        clearTimeout(timer);
        step();
        await settleWithin(trimmer.close(), CLOSE_STUCK_MS);
        await settleWithin(Promise.allSettled(stepping), CLOSE_STUCK_MS);
        // Gracefully while Redis answers; a QUIT to a Redis that is away would wait for its return.
        await settleWithin(Promise.allSettled([subscriber.quit(), connection.quit()]), CLOSE_STUCK_MS);
        subscriber.disconnect();
        connection.disconnect();
        return { finished, returned };
      })();
      return closing;
    },
  };
}

/**
 * The options a job's stored form leaves out when they are axn's defaults (bullmq-queue.ts `add`),
 * set on the job BullMQ handed this worker before anything reads them: BullMQ's retry of an attempt
 * that threw reads `job.opts.attempts` and `job.opts.backoff` from this object.
 */
function withDefaults(job: Job): void {
  job.opts.attempts = attemptsOf(job.opts);
  job.opts.backoff ??= { ...DEFAULT_BACKOFF };
}

/**
 * Waits for BullMQ's close; once no job runs and it is still pending after {@link CLOSE_STUCK_MS},
 * cuts the connection, and returns at most {@link CLOSE_STUCK_MS} after that (see there).
 */
async function untilClosed(closed: Promise<void>, idle: () => boolean, cut: () => void): Promise<void> {
  let settled = false;
  const done = closed.finally(() => (settled = true));
  const within = async (ms: number): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const tick = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
    await Promise.race([done, tick]);
    clearTimeout(timer);
  };
  for (;;) {
    await within(CLOSE_STUCK_MS);
    if (settled) return done;
    if (idle()) {
      cut();
      await within(CLOSE_STUCK_MS);
      // Still pending: Redis is away, and BullMQ waits for an event that will not come.
      if (!settled) done.catch(() => undefined);
      return settled ? done : undefined;
    }
  }
}

/** Waits for `promise`, or `ms`, whichever comes first. */
async function settleWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const tick = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([promise, tick]);
  clearTimeout(timer);
}
