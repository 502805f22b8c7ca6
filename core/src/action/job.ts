/**
 * What enqueueing an action gives and takes: the options of `A.enqueue(args, options)` and the job
 * handle it returns. The queue itself (core/src/queue) sits above the runtime; these types sit in
 * the action model so an action's own type can name them.
 */
import type { AmbientContextSource } from "./ambient.js";
import type { Result } from "./result.js";

/** How long to wait between attempts: a fixed delay in milliseconds, or a policy. */
export type JobBackoff = number | { readonly type: "fixed" | "exponential"; readonly delay: number };

export interface EnqueueOptions {
  /**
   * The trusted ambient context the job runs with. Only the action's declared ambient fields
   * travel, and each must be plain data (JSON): anything else is refused at enqueue.
   */
  readonly ambientContext?: AmbientContextSource;
  /** An idempotency key: enqueueing twice with the same `jobId` is one job (the first one). */
  readonly jobId?: string;
  /** Milliseconds to wait before the job may run. */
  readonly delay?: number;
  /** How many times the job may run when the body throws (default 3). A business failure is never retried. */
  readonly attempts?: number;
  /** The wait between attempts (default exponential from 1000 ms). */
  readonly backoff?: JobBackoff;
  /** Lower runs first (1 is the highest priority); unset runs after every prioritised job. */
  readonly priority?: number;
}

/**
 * Where a job is: waiting (or delayed) for a worker, active on one, completed (its `Result` is
 * settled — a success or a business failure), dead (every attempt threw: the dead-letter state),
 * or cancelled before it ran.
 */
export type JobState = "waiting" | "delayed" | "active" | "completed" | "dead" | "cancelled";

export interface JobStatus {
  readonly id: string;
  /** The action's name. */
  readonly action: string;
  readonly state: JobState;
  /** Attempts that ran to an end (a completion, or a throw). */
  readonly attemptsMade: number;
  /** The attempts the job may use. */
  readonly attempts: number;
}

/** A job: one enqueued call of an action. */
export interface JobHandle<X = Record<string, unknown>> {
  readonly id: string;
  /** The action's name. */
  readonly action: string;
  status(): Promise<JobStatus>;
  /**
   * Waits for the job to settle and returns its `Result`, the one a direct call would have
   * returned: a business failure is `ok: false`, a dead job is `outcome: "exception"` with the
   * action's user-facing error. `signal` stops the wait (the job itself goes on).
   */
  result(options?: { readonly signal?: AbortSignal }): Promise<Result<X>>;
  /** Cancels a job that has not started (true), or asks a running one to stop; false when it is settled. */
  cancel(): Promise<boolean>;
}
