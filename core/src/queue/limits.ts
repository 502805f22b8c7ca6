/**
 * How much background work a queue holds, and for how long — the bounds that keep a background
 * call from being a free way to fill the server's memory or Redis: the size of one job, the jobs
 * waiting at once (all callers together, and per owner), how long ended jobs stay readable (count
 * and age; an ended job keeps its result, never its input), and how long a transport waits for the
 * backend to take a job. Both backends read the same limits (the embedded queue from its options,
 * BullMQ from the config's `queue` key), so a switch changes nothing.
 *
 * @example
 * ```ts
 * Jobs.use(createEmbeddedQueue({ limits: { maxWaitingPerOwner: 20, keepEnded: { count: 500, ageSeconds: 600 } } }));
 * ```
 */
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";

export interface QueueLimits {
  /** The largest job: its arguments and ambient context as JSON, in bytes (default 65,536). */
  readonly maxJobBytes: number;
  /** Jobs waiting to start, every owner together, beyond which a transport refuses another (default 1,000). */
  readonly maxWaitingJobs: number;
  /**
   * Jobs of one owner waiting to start, beyond which a transport refuses that owner another (default
   * 100). The owner is the caller's principal; every anonymous caller shares one owner, `anonymous`.
   */
  readonly maxWaitingPerOwner: number;
  /** Ended jobs kept readable by id: at most the newest `count`, none older than `ageSeconds` (default 1,000 and 86,400). */
  readonly keepEnded: { readonly count: number; readonly ageSeconds: number };
  /** How long a transport waits for the backend to store a job before it answers 503 (ms, default 5,000). */
  readonly enqueueTimeoutMs: number;
}

export type QueueLimitSettings = Partial<Omit<QueueLimits, "keepEnded">> & {
  readonly keepEnded?: Partial<QueueLimits["keepEnded"]>;
};

export const DEFAULT_QUEUE_LIMITS: QueueLimits = Object.freeze({
  maxJobBytes: 64 * 1024,
  maxWaitingJobs: 1_000,
  maxWaitingPerOwner: 100,
  keepEnded: Object.freeze({ count: 1_000, ageSeconds: 24 * 3600 }),
  enqueueTimeoutMs: 5_000,
});

function positive(where: string, name: string, value: unknown, unit: string): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `${where}: "${name}" must be a positive integer (${unit}; got ${JSON.stringify(value) ?? String(value)})`,
    );
  }
  return value;
}

/**
 * The limits `settings` sets, the defaults for the rest; throws naming the setting for a bad value.
 * `where` and `prefix` name it in the message (`axn.config.ts: "queue.maxJobBytes" …`).
 */
export function resolveQueueLimits(settings: QueueLimitSettings | undefined, where: string, prefix = ""): QueueLimits {
  if (settings === undefined) return DEFAULT_QUEUE_LIMITS;
  const d = DEFAULT_QUEUE_LIMITS;
  const read = (name: Exclude<keyof QueueLimits, "keepEnded">, unit: string, fallback: number): number => {
    const value = (settings as Record<string, unknown>)[name];
    return value === undefined ? fallback : positive(where, `${prefix}${name}`, value, unit);
  };
  const keep = settings.keepEnded;
  if (keep !== undefined && (typeof keep !== "object" || keep === null || Array.isArray(keep))) {
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `${where}: "${prefix}keepEnded" must be an object such as { count: 1000, ageSeconds: 86400 }`,
    );
  }
  for (const key of Object.keys(keep ?? {})) {
    if (key !== "count" && key !== "ageSeconds")
      throw new AxnError(
        ErrorCodes.ConfigInvalid,
        `${where}: unknown setting "${prefix}keepEnded.${key}"; keepEnded takes count and ageSeconds`,
      );
  }
  return Object.freeze({
    maxJobBytes: read("maxJobBytes", "bytes", d.maxJobBytes),
    maxWaitingJobs: read("maxWaitingJobs", "jobs", d.maxWaitingJobs),
    maxWaitingPerOwner: read("maxWaitingPerOwner", "jobs", d.maxWaitingPerOwner),
    keepEnded: Object.freeze({
      count:
        keep?.count === undefined ? d.keepEnded.count : positive(where, `${prefix}keepEnded.count`, keep.count, "jobs"),
      ageSeconds:
        keep?.ageSeconds === undefined
          ? d.keepEnded.ageSeconds
          : positive(where, `${prefix}keepEnded.ageSeconds`, keep.ageSeconds, "seconds"),
    }),
    enqueueTimeoutMs: read("enqueueTimeoutMs", "milliseconds", d.enqueueTimeoutMs),
  });
}

/** What a transport's caller is told when the queue is full, and when to try again (seconds). */
export const QUEUE_FULL_RETRY_AFTER_SECONDS = 5;

/**
 * The owner a job's waiting count and fair share are kept under: the principal's id, every
 * anonymous caller of a transport together, or the app's own code (an `A.enqueue` without a principal).
 */
export function ownerBucket(owner: string | undefined, anonymous: boolean): string {
  return owner !== undefined ? `principal:${owner}` : anonymous ? "anonymous" : "app";
}
