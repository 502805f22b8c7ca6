/**
 * `keepEnded` on BullMQ: the ended jobs a worker keeps (completed, dead, cancelled), trimmed in a
 * batch shortly after the jobs end instead of inside BullMQ's finish of every job. BullMQ's own
 * `removeOnComplete: { count }` removes the oldest ended job as each job finishes — in the script
 * that stores the end, so every job's result waits for another job's removal (~15–35 µs of Redis a
 * job, the larger share of the finish). Here the finish only stores; within TRIM_WITHIN_MS of the
 * first end since the last trim, the sets past `count` lose their oldest members and, at most every
 * AGE_EVERY_MS, those older than `ageSeconds` go — through BullMQ's `Queue.clean`, so BullMQ still
 * removes its own jobs (hash, logs, dependencies, deduplication key).
 *
 * So a set can hold `count` plus the jobs ended in the last TRIM_WITHIN_MS; with several workers
 * trimming at the same moment each removes what it counted, and a set can end a few below `count`.
 */
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";

/** How long after the first end since the last trim the ended sets are trimmed. */
const TRIM_WITHIN_MS = 100;
/**
 * The age trim runs at most this often, and at most every tenth of `ageSeconds`: a day's age does not
 * need a scan every trim, and a short one is not kept ten times over.
 */
const AGE_EVERY_MS = 10_000;
/** The most jobs one `clean` removes: Redis runs one script at a time, so a large trim goes in parts. */
const CLEAN_CHUNK = 500;

const ENDED_SETS = ["completed", "failed"] as const;

export class EndedTrimmer {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #lastAgeTrim = 0;
  #closed = false;

  constructor(
    private readonly queue: Queue,
    private readonly client: Redis,
    private readonly keep: { readonly count: number; readonly ageSeconds: number },
  ) {
    // The queue shares the worker's connection, whose errors BullMQ re-emits on every queue of it
    // and prints when nobody listens: the worker already answers them (a failed trim is retried at
    // the next end), so they are not printed twice.
    queue.on("error", () => undefined);
  }

  /** A job ended (its end stored by BullMQ): a trim runs within TRIM_WITHIN_MS. */
  ended(): void {
    if (this.#closed) return;
    this.#timer ??= setTimeout(() => {
      this.#timer = undefined;
      // One trim at a time: ends that come during a trim are trimmed by the next one.
      this.#running ??= this.#trim().finally(() => (this.#running = undefined));
    }, TRIM_WITHIN_MS);
  }

  /**
   * Stops trimming: waits for a trim under way (one still to come is dropped: the next trim of any
   * worker on the queue finds the same excess), then closes the cleaning queue (not the connection).
   */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.#running;
    await this.queue.close().catch(() => undefined);
  }

  async #trim(): Promise<void> {
    const now = Date.now();
    const byAge = now - this.#lastAgeTrim >= Math.min(AGE_EVERY_MS, this.keep.ageSeconds * 100);
    if (byAge) this.#lastAgeTrim = now;
    for (const set of ENDED_SETS) {
      try {
        if (byAge) {
          while (
            !this.#closed &&
            (await this.queue.clean(this.keep.ageSeconds * 1000, CLEAN_CHUNK, set)).length === CLEAN_CHUNK
          );
        }
        let excess = (await this.client.zcard(this.queue.toKey(set))) - this.keep.count;
        while (excess > 0 && !this.#closed) {
          const removed = await this.queue.clean(0, Math.min(excess, CLEAN_CHUNK), set);
          if (removed.length === 0) break;
          excess -= removed.length;
        }
      } catch {
        // Redis away: the next end schedules the next trim, which finds the same excess.
      }
    }
  }
}
