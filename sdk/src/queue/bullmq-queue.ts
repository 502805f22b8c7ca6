/**
 * The BullMQ backend: jobs on Redis, run by `axn worker` processes anywhere that reach it. What
 * `queue: { connection: "redis://…" }` installs; the same wire forms as the embedded queue, so the
 * app's code does not change. The producer side lives here (add, status, wait, cancel); the
 * worker side in worker.ts.
 *
 * @example
 * ```ts
 * await Jobs.use(await createBullmqQueue({ connection: "redis://127.0.0.1:6379" }));
 * const job = await SendDigest.enqueue({ userId: "u1" });
 * ```
 */
import type {
  JobOptions,
  JobPayload,
  JobSnapshot,
  LocalJobOptions,
  ProgressUpdate,
  QueueBackend,
  SettledJob,
} from "@axn/core";
import { AxnError, ErrorCodes, QueueFullError, type QueueLimits } from "@axn/core";
import { DEFAULT_ATTEMPTS, ownerBucket } from "@axn/core/internal";
import { randomUUID } from "node:crypto";
import type { Job, Queue, QueueEvents } from "bullmq";
import type { Redis } from "ioredis";
import {
  cancelChannel,
  cancelledKey,
  loadBullmq,
  redisClient,
  resolveQueueSettings,
  waitingKeys,
  type QueueSettings,
  type ResolvedQueueSettings,
} from "./connection.js";
import {
  attemptsOf,
  CANCELLED,
  COUNTED_KEY,
  isDefaultBackoff,
  RELAY_PROGRESS_KEY,
  settledFromFailure,
  settledFromStored,
  stateOf,
} from "./wire.js";

/** How long `close()` waits for Redis to answer before it disconnects regardless. */
const CLOSE_GRACE_MS = 2_000;
/** The owner bucket of the app's own jobs (an `A.enqueue` without a principal): no caller's cap counts them. */
const APP = ownerBucket(undefined, false);
/** BullMQ's highest priority number: a fair-share rank past it runs at it. */
const MAX_PRIORITY = 2_097_152;
/**
 * A waiting-set member older than this is taken for one whose job went away without its worker
 * saying so (removed by hand, a worker killed between taking it and counting it out) and no longer counts.
 */
const WAITING_STALE_MS = 24 * 3600 * 1000;
/**
 * How long a capped job admitted without a deadline counts in the admitting set when its add never
 * shows (the producer gone between the two). One with a deadline counts until then: a store that
 * lands later is cancelled by its submission.
 */
const ADMITTING_MS = 60_000;

/**
 * Admission, in one step on Redis so concurrent submissions cannot both pass a cap — for every job
 * submitted in one tick at once (a batch costs one command, not one a job). Per job, in order: after
 * the enqueue deadline (in Redis's clock: a step replayed after an outage) -3; a job already stored
 * or admitted (the same idempotency key) is let through uncounted, 0; a job counted nowhere (owner
 * cap -1: the app's own of owner `app`, with an idempotency key) is checked for that alone, 1; at the owner's or the
 * global cap (0: none) -1 or -2; else the job id joins its owner's waiting set, and its reply is the
 * owner's waiting count with it — the job's fair-share rank.
 *
 * The owner's count is its waiting set. Before it is counted, the jobs at its front (the oldest,
 * which usually start first) that BullMQ has started (their hash has `processedOn`) leave it: the
 * front member first, then 16 at a time, removed in one call a read — the count is exact without
 * waiting for their worker's count-out, which comes within STEP_WITHIN_MS (worker.ts) for the rest.
 * Stale members (see WAITING_STALE_MS) go in the same pass: their scores are the oldest.
 *
 * The global count is BullMQ's own: its wait list and its prioritized, delayed and waiting-children
 * sets (what `Queue.count()` counts), so every job BullMQ stores counts, whoever enqueued it and
 * whether or not it came through here — plus the admitting set: the capped jobs admitted whose add
 * has not landed yet, each scored with the moment it stops counting (its deadline). Before it is
 * counted, its front members whose hash exists (stored: BullMQ's lists count them now) or whose
 * moment passed leave it. Only a batch with a global cap counts it, and so prunes it.
 *
 * A batch reads each count once and adds its members in one ZADD a set. KEYS: the admitting set,
 * BullMQ's wait, prioritized, delayed and waiting-children keys, then per job its owner's set and its
 * hash. ARGV: now, stale before, the job hashes' key prefix, then per job its id, owner cap, global
 * cap, deadline (0: none). The reply: one number a job.
 */
const ADMIT = `
local admitting = KEYS[1]
local jobs = (#KEYS - 5) / 2
local stale = tonumber(ARGV[2])
local prefix = ARGV[3]
local clock = nil
local function redisNow()
  if clock == nil then
    local now = redis.call('TIME')
    clock = tonumber(now[1]) * 1000 + math.floor(tonumber(now[2]) / 1000)
  end
  return clock
end
local function started(id, score)
  return score < stale or redis.call('HEXISTS', prefix .. id, 'processedOn') == 1
end
local function stored(id, score)
  return score < redisNow() or redis.call('EXISTS', prefix .. id) == 1
end
-- The front member alone first: usually it is waiting (nothing to prune) or the set is empty, and a
-- read of 16 with their scores costs Redis more than the rest of the admission.
local function prune(set, gone)
  local take = 1
  for _ = 1, 64 do
    local front = redis.call('ZRANGE', set, 0, take - 1, 'WITHSCORES')
    local leaving = {}
    for i = 1, #front, 2 do
      if not gone(front[i], tonumber(front[i + 1])) then break end
      leaving[#leaving + 1] = front[i]
    end
    if #leaving > 0 then redis.call('ZREM', set, unpack(leaving)) end
    if #leaving < take then return end
    take = 16
  end
end
for j = 1, jobs do
  if tonumber(ARGV[4 * j + 2]) > 0 then
    prune(admitting, stored)
    break
  end
end
-- Each count is read once and counted on here; the batch's own members are added at the end, one
-- ZADD a set (in chunks: unpack has a limit), so a read above never sees them.
local read, pending, adds, order, admitted = {}, {}, {}, {}, {}
local function count(set)
  if read[set] == nil then read[set] = redis.call('ZCARD', set) end
  return read[set] + (pending[set] or 0)
end
local everyone = nil
local function countAll()
  if everyone == nil then
    everyone = redis.call('LLEN', KEYS[2]) + redis.call('ZCARD', KEYS[3]) + redis.call('ZCARD', KEYS[4])
      + redis.call('ZCARD', KEYS[5]) + redis.call('ZCARD', admitting)
  end
  return everyone + (pending[admitting] or 0)
end
local function add(set, score, id)
  if adds[set] == nil then
    adds[set] = {}
    order[#order + 1] = set
  end
  local list = adds[set]
  list[#list + 1] = score
  list[#list + 1] = id
  pending[set] = (pending[set] or 0) + 1
end
local pruned = {}
local ranks = {}
for j = 1, jobs do
  local mine, hash = KEYS[2 * j + 4], KEYS[2 * j + 5]
  local id, ownerCap, allCap, deadline = ARGV[4 * j], tonumber(ARGV[4 * j + 1]), tonumber(ARGV[4 * j + 2]), tonumber(ARGV[4 * j + 3])
  local rank = nil
  if deadline > 0 and redisNow() > deadline then rank = -3 end
  if rank == nil and (admitted[id] or redis.call('EXISTS', hash) == 1 or redis.call('ZSCORE', admitting, id)) then rank = 0 end
  if rank == nil and ownerCap < 0 then
    admitted[id] = true
    rank = 1
  end
  if rank == nil then
    if not pruned[mine] then
      prune(mine, started)
      pruned[mine] = true
    end
    local mineCount = count(mine)
    if ownerCap > 0 and mineCount >= ownerCap then rank = -1
    elseif allCap > 0 and countAll() >= allCap then rank = -2
    else
      add(mine, ARGV[1], id)
      if allCap > 0 then add(admitting, deadline > 0 and deadline or redisNow() + ${ADMITTING_MS}, id) end
      admitted[id] = true
      rank = mineCount + 1
    end
  end
  ranks[j] = rank
end
for _, set in ipairs(order) do
  local list = adds[set]
  for from = 1, #list, 2000 do redis.call('ZADD', set, unpack(list, from, math.min(from + 1999, #list))) end
end
return ranks
`;

/** One job's admission, waiting for its tick's ADMIT. */
interface Admission {
  readonly mine: string;
  readonly hash: string;
  readonly args: readonly (string | number)[];
  resolve(rank: number): void;
  reject(error: unknown): void;
}

/** Waiters re-read their jobs this often, in case an event was missed while Redis was away. */
const RECHECK_MS = 5000;
/** A clock offset read over a longer round trip than this is used once and read again next time. */
const OFFSET_ROUND_TRIP_MS = 50;
/**
 * The most jobs this producer remembers as its own and not yet ended (see `ours`); past it the
 * memory is dropped whole — it only saves reads, so forgetting costs a read per waiter, nothing else.
 */
const OURS_MAX = 10_000;

/** The client with ADMIT defined on it: sent by its SHA (EVALSHA), not as its whole text every job. */
interface AdmittingClient extends Redis {
  axnAdmit(keyCount: number, ...keysThenArgs: (string | number)[]): Promise<number[]>;
}

interface RawJob {
  readonly id?: string | undefined;
  readonly name: string;
  readonly opts: { readonly attempts?: number };
  readonly attemptsMade: number;
  readonly returnvalue: unknown;
  readonly failedReason: string | undefined;
  readonly finishedOn?: number | undefined;
  readonly data: { readonly owner?: unknown; readonly capability?: unknown; readonly invoker?: unknown } | undefined;
  getState(): Promise<string>;
  remove(): Promise<void>;
}

export class BullmqQueue implements QueueBackend {
  readonly kind = "bullmq";
  readonly limits: QueueLimits;
  /** Job id → the waiters to wake on its next completed/failed event: one listener for all of them. */
  private readonly waiters = new Map<string, Set<(completed?: { readonly returnvalue: unknown }) => void>>();
  /** Job id → the live progress channel of the call that enqueued it here, until the job ends. */
  private readonly relays = new Map<string, (update: ProgressUpdate) => void>();
  /**
   * Jobs this producer stored, listening for their events since before they could end, whose end
   * it has not heard yet: job id → its action and owner bucket. A waiter on one of them needs no
   * read first (its end is still to come as an event). Dropped at the job's end event, or when a
   * waiter's recheck finds the event did not come (missed while Redis was away): the read path again.
   */
  private readonly ours = new Map<string, { readonly action: string; readonly bucket: string; started: boolean }>();
  /**
   * Owner bucket → how many of `ours` have not started (no `active` event heard yet): the fair-share
   * rank of the next `app` job, which no admission counts, and whether a job on a caller's behalf
   * can go with its admission as rank 1 (see `add`).
   */
  private readonly unstarted = new Map<string, number>();
  /** The admissions of this tick, sent together (ADMIT). */
  private admitting: Admission[] | undefined;
  /** ADMIT's first keys: the admitting set, and BullMQ's lists of the jobs not started (the global count). */
  private readonly countedKeys: readonly string[];
  private recheck: NodeJS.Timeout | undefined;
  /** Redis's clock minus this process's (ms), read once: a deadline is checked in Redis's time. */
  private offset: Promise<number> | undefined;

  /** The event reader, once the stream's last id is read (see `open`); undefined if closed first. */
  private readonly events: Promise<QueueEvents | undefined>;
  private closed = false;

  private constructor(
    readonly settings: ResolvedQueueSettings,
    private readonly queue: Queue,
    lastEventId: Promise<string>,
    QueueEventsClass: typeof QueueEvents,
    private readonly client: Redis,
    private readonly eventsClient: Redis,
  ) {
    this.limits = settings.limits;
    this.countedKeys = [
      waitingKeys(settings, APP)[1],
      ...["wait", "prioritized", "delayed", "waiting-children"].map((list) => queue.toKey(list)),
    ];
    const wake = (jobId: string, completed?: { readonly returnvalue: unknown }) => {
      const waiting = this.waiters.get(jobId);
      this.waiters.delete(jobId);
      this.forget(jobId);
      for (const waiter of waiting ?? []) waiter(completed);
      this.relays.delete(jobId);
    };
    this.events = lastEventId.then(
      (id) => {
        if (this.closed) return undefined;
        const events = new QueueEventsClass(settings.name, {
          connection: eventsClient,
          prefix: settings.prefix,
          lastEventId: id,
        });
        // Connection errors are retried by the client; without a listener Node would treat them as fatal.
        events.on("error", () => undefined);
        events.on("progress", ({ jobId, data }) => {
          if (isProgressUpdate(data)) this.relays.get(jobId)?.(data);
        });
        events.on("active", ({ jobId }) => this.started(jobId));
        events.on("completed", ({ jobId, returnvalue }) => wake(jobId, { returnvalue }));
        events.on("failed", ({ jobId }) => wake(jobId));
        // Removed (cancelled while waiting, here or elsewhere): its waiters read what it became.
        events.on("removed", ({ jobId }) => wake(jobId));
        return events;
      },
      () => undefined, // closed before Redis answered
    );
  }

  static async open(settings: ResolvedQueueSettings): Promise<BullmqQueue> {
    const { Queue, QueueEvents } = (await loadBullmq()) as typeof import("bullmq");
    const client = (await redisClient(settings.connection)) as Redis;
    const eventsClient = (await redisClient(settings.connection)) as Redis;
    client.defineCommand("axnAdmit", { lua: ADMIT });
    const queue = new Queue(settings.name, { connection: client, prefix: settings.prefix });
    queue.on("error", () => undefined);
    // The event reader starts at the stream's newest entry as it is now, not at BullMQ's default "$"
    // (whatever comes after its first XREAD runs): read on the producer's connection before any of
    // its adds, it precedes every event of this producer's jobs, so a job that ends before the reader's
    // first read — at startup, or while its connection is away before it has heard an event — is still
    // heard; a waiter on a job of this producer relies on that (see `ours`). Not awaited: a producer
    // opens while Redis is away, as before, and the reader starts when Redis answers.
    const lastEventId = client
      .xrevrange(queue.toKey("events"), "+", "-", "COUNT", 1)
      .then(([newest]) => newest?.[0] ?? "0-0");
    return new BullmqQueue(settings, queue, lastEventId, QueueEvents, client, eventsClient);
  }

  async add(payload: JobPayload, options: JobOptions, local?: LocalJobOptions): Promise<string> {
    // Never BullMQ's own ids: they count up (1, 2, …), and a job's id must not be guessable from another's.
    const jobId = options.jobId ?? randomUUID();
    const bucket = ownerBucket(payload.owner, payload.invoker !== undefined || payload.capability !== undefined);
    const [mine, all] = waitingKeys(this.settings, bucket);
    const admission = options.admission;
    const progress = local?.live?.progress;
    // Counted in its owner's waiting set: a caller's submission, or the app's own job on a caller's
    // behalf (the embedded queue counts those under the caller too). The app's own job without a
    // principal is counted nowhere but in BullMQ's lists: no caller's cap reads its owner's count.
    const counted = admission !== undefined || bucket !== APP;
    const data =
      progress === undefined && !counted
        ? payload
        : {
            ...payload,
            ...(progress === undefined ? {} : { [RELAY_PROGRESS_KEY]: true }),
            ...(counted ? { [COUNTED_KEY]: true } : {}),
          };
    const store = (rank: number) =>
      this.queue.add(payload.action, data, {
        jobId,
        ...(options.delay > 0 ? { delay: options.delay } : {}),
        // Priority 1 is BullMQ's wait list (no priority): it is taken before any prioritized job,
        // which is what the highest priority means — and the cheaper list (no priority counter).
        ...bullmqPriority(options.priority ?? rank),
        // axn's defaults are left out (the worker applies them, worker.ts `withDefaults`), as are
        // removeOnComplete / removeOnFail (the worker's keepEnded trims ended jobs): options BullMQ
        // would pack, store and parse back on every job.
        ...(options.attempts === DEFAULT_ATTEMPTS ? {} : { attempts: options.attempts }),
        ...(isDefaultBackoff(options.backoff) ? {} : { backoff: options.backoff }),
      });
    const admit = (deadline: number, now: boolean, ownerCap = admission?.maxWaitingPerOwner ?? 0) =>
      this.admit(mine, this.queue.toKey(jobId), [jobId, ownerCap, admission?.maxWaitingJobs ?? 0, deadline], now);
    const uncount = async () => {
      await this.client.zrem(mine, jobId).catch(() => undefined);
      await this.client.zrem(all, jobId).catch(() => undefined);
    };
    // Known as ours before BullMQ can store it: its end event may come before this call returns.
    this.remember(jobId, payload.action, bucket);
    let job: { readonly id?: string | undefined };
    try {
      if (!counted && options.jobId === undefined) {
        // No cap can refuse it and no caller's cap counts its owner (the app's own code): no
        // admission. It counts toward the global cap once BullMQ stores it (the admission counts
        // BullMQ's own lists), and its fair-share rank is its place among this producer's jobs of
        // its owner not started yet.
        job = await store(this.unstarted.get(bucket) ?? 1);
      } else if (admission === undefined && (!counted || this.unstarted.get(bucket) === 1)) {
        // No cap can refuse it: its admission and its add go at once, one round trip instead of two;
        // Redis runs the admission first (one connection, commands in order). For the app's own job
        // with an idempotency key the admission checks that key alone (owner cap -1), its rank is
        // this producer's count as above. For one on a caller's behalf with none of this producer's
        // jobs of that owner waiting, the admission counts it (uncapped) and its rank is most likely
        // 1; a rank found higher (another producer's jobs of that owner waiting) is set right after.
        this.oneWrite();
        const [rank, stored] = await Promise.allSettled([
          admit(0, true, counted ? 0 : -1),
          store(counted ? 1 : (this.unstarted.get(bucket) ?? 1)),
        ]);
        if (stored.status === "rejected") {
          if (counted && rank.status === "fulfilled" && rank.value > 0) await uncount();
          throw stored.reason;
        }
        job = stored.value;
        if (rank.status === "fulfilled" && rank.value === 0) {
          // Already stored (the same idempotency key): BullMQ kept the existing job, not this one.
          this.forget(jobId);
          return jobId;
        }
        // A job counted nowhere is answered 1: only a counted one's rank can be found higher.
        if (rank.status === "fulfilled" && rank.value > 1 && options.priority === undefined)
          await (stored.value as Job)
            .changePriority({ priority: Math.min(rank.value, MAX_PRIORITY) })
            .catch(() => undefined); // taken by a worker meanwhile: it runs now
      } else {
        const deadline = admission?.notAfter === undefined ? 0 : admission.notAfter + (await this.clockOffset());
        const rank = await admit(deadline, false);
        if (rank <= 0) this.forget(jobId);
        // Refusals (-1, -2) come only from caps, which only a submission has.
        if (rank === -1) throw new QueueFullError(payload.action, "owner", admission!);
        if (rank === -2) throw new QueueFullError(payload.action, "all", admission!);
        if (rank === -3)
          throw new AxnError(
            ErrorCodes.EnqueueTimeout,
            `Cannot enqueue ${payload.action}: Redis answered after the enqueue deadline (queue.enqueueTimeoutMs); the job was not stored`,
          );
        // 0: already stored or counted (the same idempotency key) — or this admission itself, run
        // once already: a connection that drops after Redis ran it and before its answer came makes
        // the client send it again. Stored anyway: the add of an id BullMQ has is a no-op that hands
        // back the existing job, and a job counted but not stored would otherwise be lost, its id
        // returned to a caller told it was accepted.
        try {
          job = await store(Math.max(rank, 1));
        } catch (error) {
          if (rank > 0) await uncount();
          throw error;
        }
        if (rank === 0) return jobId;
      }
    } catch (error) {
      this.forget(jobId);
      throw error;
    }
    if (job.id === undefined)
      throw new AxnError(ErrorCodes.JobInvalid, `Cannot enqueue ${payload.action}: BullMQ returned no job id`);
    if (progress !== undefined) this.relays.set(job.id, progress);
    return job.id;
  }

  /**
   * The job's admission (ADMIT), sent with every other one of this tick — or `now`, with those
   * waiting so far: a job whose add is sent right behind its admission needs it on the wire first.
   */
  private admit(mine: string, hash: string, args: readonly (string | number)[], now: boolean): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      if (this.admitting === undefined) {
        this.admitting = [];
        if (!now) process.nextTick(() => this.sendAdmissions());
      }
      this.admitting.push({ mine, hash, args, resolve, reject });
      if (now) this.sendAdmissions();
    });
  }

  private sendAdmissions(): void {
    const batch = this.admitting;
    this.admitting = undefined;
    if (batch === undefined || batch.length === 0) return;
    const keys: string[] = [...this.countedKeys];
    const args: (string | number)[] = [Date.now(), Date.now() - WAITING_STALE_MS, this.queue.toKey("")];
    for (const admission of batch) {
      keys.push(admission.mine, admission.hash);
      args.push(...admission.args);
    }
    (this.client as AdmittingClient).axnAdmit(keys.length, ...keys, ...args).then(
      (ranks) => {
        for (const [i, admission] of batch.entries()) admission.resolve(Number(ranks[i]));
      },
      (error: unknown) => {
        for (const admission of batch) admission.reject(error);
      },
    );
  }

  /**
   * The commands sent from here to the end of this tick leave in one socket write: the admission and
   * the add that follows it (BullMQ sends it a few promise turns later) would otherwise be two
   * write system calls, each costing about as much CPU as a small script on Redis. Node's own
   * cork-then-uncork-on-next-tick; only on a connection that is up (before, ioredis queues them).
   */
  private oneWrite(): void {
    const stream = this.client.stream;
    if (this.client.status !== "ready" || stream.writableCorked > 0) return;
    stream.cork();
    process.nextTick(() => stream.uncork());
  }

  /** Marks a job as this producer's, not started nor ended yet (see `ours`). */
  private remember(id: string, action: string, bucket: string): void {
    if (this.ours.size >= OURS_MAX) {
      this.ours.clear();
      this.unstarted.clear();
    }
    if (this.ours.has(id)) return;
    this.ours.set(id, { action, bucket, started: false });
    this.unstarted.set(bucket, (this.unstarted.get(bucket) ?? 0) + 1);
  }

  /** One of ours started (BullMQ's `active` event; again for a retry): no longer waiting. */
  private started(id: string): void {
    const known = this.ours.get(id);
    if (known === undefined || known.started) return;
    known.started = true;
    const left = (this.unstarted.get(known.bucket) ?? 1) - 1;
    if (left <= 0) this.unstarted.delete(known.bucket);
    else this.unstarted.set(known.bucket, left);
  }

  /** The job ended, or is no longer known to be pending (see `ours`). */
  private forget(id: string): void {
    this.started(id);
    this.ours.delete(id);
  }

  async snapshot(id: string): Promise<JobSnapshot | undefined> {
    // The state first: the job read after it is at least as new (a completed state with the
    // returnvalue not yet read would otherwise be possible).
    const rawState = await this.queue.getJobState(id);
    const job = (await this.queue.getJob(id)) as RawJob | undefined;
    if (job === undefined) {
      const cancelled = await this.client.get(cancelledKey(this.settings, id));
      return cancelled === null ? undefined : cancelledSnapshot(id, cancelled);
    }
    const state = stateOf(rawState === "unknown" ? await job.getState() : rawState, job.failedReason);
    if (state === undefined) return undefined;
    let settled: SettledJob | undefined;
    if (state === "completed") settled = settledFromStored(job.returnvalue);
    else if (state === "dead") settled = settledFromFailure(job.failedReason);
    else if (state === "cancelled") settled = CANCELLED;
    return {
      id,
      action: job.name,
      state,
      attemptsMade: job.attemptsMade,
      attempts: attemptsOf(job.opts),
      settled,
      ...ownerOf(job),
    };
  }

  async waitSettled(id: string, signal?: AbortSignal): Promise<JobSnapshot> {
    for (;;) {
      signal?.throwIfAborted();
      // Listening before reading: a job that settles in between still wakes this waiter.
      const next = this.nextEvent(id, signal);
      // One of ours whose end this producer has not heard: still pending, no read needed (its end
      // comes as an event; the recheck reads it should the event be missed).
      const action = this.ours.get(id)?.action;
      const snapshot =
        action !== undefined
          ? pendingSnapshot(id, action)
          : await this.settledSnapshot(id).catch((error: unknown) => {
              next.stop();
              throw error;
            });
      if (snapshot === undefined || snapshot.settled !== undefined) next.stop();
      if (snapshot === undefined) throw notFound(id);
      if (snapshot.settled !== undefined) return snapshot;
      const completed = await next.woken;
      // Woken without its end (the recheck, a failure, an abort): read it next time round.
      if (completed === undefined) this.forget(id);
      // The completed event carries the settled call: no second read (the wait's usual cost).
      // Only `result()` reads this snapshot, and not its attempt count.
      const settled = completed === undefined ? undefined : settledFromStored(completed.returnvalue);
      if (settled !== undefined)
        return { ...snapshot, state: "completed", attemptsMade: snapshot.attemptsMade + 1, settled };
    }
  }

  private clockOffset(): Promise<number> {
    if (this.offset !== undefined) return this.offset;
    // Taken against the moment TIME was sent, not the moment its answer was read: Redis read its clock
    // somewhere in between, so this is the largest offset the answer allows, and Redis's deadline is
    // never earlier than this process's. (Against the read, a busy event loop slow to read the answer
    // made Redis refuse a job the caller's own timer had not given up on yet.) Kept only when the
    // round trip was short: a TIME queued while the connection opens would make it lenient for good.
    const sent = Date.now();
    const offset = this.client.time().then(([seconds, micros]) => {
      if (Date.now() - sent > OFFSET_ROUND_TRIP_MS && this.offset === offset) this.offset = undefined;
      return Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) - sent;
    });
    this.offset = offset;
    offset.catch(() => {
      if (this.offset === offset) this.offset = undefined;
    });
    return offset;
  }

  /**
   * What a waiter needs in one read (the job hash alone, not its state as well): settled or not.
   * A finished job with a return value completed (every axn attempt that completes returns its
   * settled call); one without failed — dead, or cancelled while running.
   */
  private async settledSnapshot(id: string): Promise<JobSnapshot | undefined> {
    // Two fields first: a waiter usually reads a job it has just enqueued, not finished yet, and then
    // needs nothing else — the whole hash (data, options, progress…, parsed into a Job) only once it
    // is finished. One round trip either way for a pending job, as BullMQ's own waitUntilFinished.
    const [name = null, finishedOn = null] = await this.client.hmget(this.queue.toKey(id), "name", "finishedOn");
    // Not finished: its exact state, attempts and owner do not matter to a waiter (only result() reads it).
    if (name !== null && finishedOn === null) return pendingSnapshot(id, name);
    const job = (await this.queue.getJob(id)) as RawJob | undefined;
    if (job === undefined || job.finishedOn === undefined || job.finishedOn === null)
      return job === undefined ? this.snapshot(id) : pending(id, job);
    const completed = settledFromStored(job.returnvalue);
    const state = completed !== undefined ? "completed" : stateOf("failed", job.failedReason)!;
    const settled =
      completed !== undefined ? completed : state === "cancelled" ? CANCELLED : settledFromFailure(job.failedReason);
    return {
      id,
      action: job.name,
      state,
      attemptsMade: job.attemptsMade,
      attempts: attemptsOf(job.opts),
      settled,
      ...ownerOf(job),
    };
  }

  /**
   * Resolves on the job's next completed/failed event, or at the next recheck: one interval for
   * every waiter (a timer per wait would be set and cleared for every job), running while any waits.
   */
  private nextEvent(
    id: string,
    signal: AbortSignal | undefined,
  ): { readonly woken: Promise<{ readonly returnvalue: unknown } | undefined>; stop(): void } {
    let stop!: () => void;
    const woken = new Promise<{ readonly returnvalue: unknown } | undefined>((resolve) => {
      const done = (completed?: { readonly returnvalue: unknown }) => {
        const waiting = this.waiters.get(id);
        if (waiting?.delete(done) === true && waiting.size === 0) this.waiters.delete(id);
        signal?.removeEventListener("abort", onAbort);
        resolve(completed);
      };
      const onAbort = () => done();
      let waiting = this.waiters.get(id);
      if (waiting === undefined) this.waiters.set(id, (waiting = new Set()));
      waiting.add(done);
      signal?.addEventListener("abort", onAbort, { once: true });
      stop = () => done();
      this.recheck ??= setInterval(() => this.wakeAll(), RECHECK_MS).unref();
    });
    return { woken, stop };
  }

  /** The recheck: every waiter re-reads its job (an event may have been missed while Redis was away). */
  private wakeAll(): void {
    const waiting = [...this.waiters.values()].flatMap((set) => [...set]);
    this.waiters.clear();
    for (const waiter of waiting) waiter();
    if (this.waiters.size === 0) {
      clearInterval(this.recheck);
      this.recheck = undefined;
    }
  }

  /**
   * The producer's Redis connection (an ioredis client, typed `unknown` so this package's types never
   * name an optional peer), for the little state a transport keeps beside the jobs — MCP task
   * records — under `settings.prefix`. It closes with the queue.
   */
  redis(): unknown {
    return this.client;
  }

  async cancel(id: string): Promise<boolean> {
    const job = (await this.queue.getJob(id)) as RawJob | undefined;
    if (job === undefined) return false;
    const state = await job.getState();
    if (state === "active") {
      // The worker holding it aborts its signal (worker.ts listens on this channel).
      await this.client.publish(cancelChannel(this.settings), id);
      return true;
    }
    if (stateOf(state, job.failedReason) !== "waiting" && state !== "delayed") return false;
    try {
      await job.remove();
    } catch {
      return false; // a worker took it meanwhile: it is running now
    }
    await this.client.set(
      cancelledKey(this.settings, id),
      cancelledMarker(job),
      "EX",
      this.limits.keepEnded.ageSeconds,
    );
    const [mine, all] = waitingKeys(this.settings, bucketOf(job.data));
    await this.client.zrem(mine, id);
    await this.client.zrem(all, id);
    this.relays.delete(id);
    this.forget(id);
    return true;
  }

  async close(): Promise<void> {
    clearInterval(this.recheck);
    this.recheck = undefined;
    // Gracefully while Redis answers. A close that does not finish in CLOSE_GRACE_MS (Redis went away
    // meanwhile: the clients are reconnecting, and would retry forever) ends in disconnect(), which
    // stops the retries — a closed queue never leaves a client dialling a server that is gone.
    this.closed = true;
    const graceful = (async () => {
      await (await this.events)?.close();
      await this.queue.close();
      await Promise.allSettled([this.client.quit(), this.eventsClient.quit()]);
    })().catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_GRACE_MS);
      timer.unref();
    });
    await Promise.race([graceful, grace]);
    clearTimeout(timer);
    this.client.disconnect();
    this.eventsClient.disconnect();
  }
}

function isProgressUpdate(data: unknown): data is ProgressUpdate {
  return typeof data === "object" && data !== null && typeof (data as { progress?: unknown }).progress === "number";
}

/** What a waiter knows of a job not finished yet (its exact state, attempts and owner do not matter to it). */
function pendingSnapshot(id: string, action: string): JobSnapshot {
  return { id, action, state: "waiting", attemptsMade: 0, attempts: 0, settled: undefined };
}

/** BullMQ's priority option for an axn priority (1 highest): none — the wait list — for 1. */
function bullmqPriority(priority: number): { readonly priority?: number } {
  const capped = Math.min(priority, MAX_PRIORITY);
  return capped <= 1 ? {} : { priority: capped };
}

/** A job not finished yet: its exact state does not matter to a waiter. */
function pending(id: string, job: RawJob): JobSnapshot {
  return {
    id,
    action: job.name,
    state: "waiting",
    attemptsMade: job.attemptsMade,
    attempts: attemptsOf(job.opts),
    settled: undefined,
    ...ownerOf(job),
  };
}

/** Who may read the job, from its payload (`JobPayload.owner` / `capability`), as snapshot fields. */
function ownerOf(job: RawJob): { readonly owner?: string; readonly capability?: string } {
  const owner = job.data?.owner;
  const capability = job.data?.capability;
  return {
    ...(typeof owner === "string" ? { owner } : {}),
    ...(typeof capability === "string" ? { capability } : {}),
  };
}

/**
 * A cancelled job is removed from BullMQ; a marker (JSON) keeps its action and who may read it, so
 * it still reads as cancelled — for its owner only.
 */
function cancelledMarker(job: RawJob): string {
  return JSON.stringify({ action: job.name, ...ownerOf(job) });
}

function cancelledSnapshot(id: string, marker: string): JobSnapshot {
  let read: { action?: unknown; owner?: unknown; capability?: unknown } = {};
  try {
    read = JSON.parse(marker) as typeof read;
  } catch {
    // not ours: read as a cancelled job nobody but trusted code sees
  }
  return {
    id,
    action: typeof read.action === "string" ? read.action : "(unknown)",
    state: "cancelled",
    attemptsMade: 0,
    attempts: 0,
    settled: CANCELLED,
    ...(typeof read.owner === "string" ? { owner: read.owner } : {}),
    ...(typeof read.capability === "string" ? { capability: read.capability } : {}),
  };
}

/** The owner bucket a job's waiting count is kept under (the worker counts it out with the same). */
export function bucketOf(data: unknown): string {
  const payload = (typeof data === "object" && data !== null ? data : {}) as {
    readonly owner?: unknown;
    readonly capability?: unknown;
    readonly invoker?: unknown;
  };
  return ownerBucket(
    typeof payload.owner === "string" ? payload.owner : undefined,
    payload.invoker !== undefined || payload.capability !== undefined,
  );
}

function notFound(id: string): AxnError {
  return new AxnError(
    ErrorCodes.JobNotFound,
    `No job "${id}" in the bullmq queue; it was never enqueued there, or it expired`,
  );
}

/** Opens the BullMQ backend for these settings (see the module header). */
export async function createBullmqQueue(
  settings: QueueSettings & { readonly connection: string },
): Promise<BullmqQueue> {
  return BullmqQueue.open(resolveQueueSettings(settings, "createBullmqQueue")!);
}
