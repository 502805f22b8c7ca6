/**
 * What a queue backend is: where jobs are stored and how their state is read back. Two ship with
 * axn — the embedded in-process queue (core/src/queue/embedded.ts, the default) and BullMQ on
 * Redis (`@axn/sdk/queue`) — and both carry the same wire forms below, so an app switches between
 * them by config alone.
 */
import type { JobState } from "../action/job.js";
import type { Outcome } from "../action/result.js";
import type { JsonValue } from "../schema/json-schema-types.js";
import type { FieldError } from "../errors/validation.js";
import type { InvokerOptions } from "../invoke/invoker.js";
import type { LiveChannel } from "../action/live.js";
import type { QueueLimits } from "./limits.js";

/** One enqueued call, as it travels: plain JSON only. */
export interface JobPayload {
  /** The action's (qualified) name: the worker finds the action by it. */
  readonly action: string;
  readonly args: { readonly [key: string]: JsonValue };
  /** The action's declared ambient fields, and nothing else. */
  readonly ambient: { readonly [key: string]: JsonValue };
  /** W3C trace context of the enqueuing call's span: the job's span is its child. */
  readonly traceparent?: string;
  /**
   * Set when a transport enqueued a tool call: the worker runs it through an Invoker with these
   * options (wire coercion, user-facing input errors), as the synchronous tool call would have.
   */
  readonly invoker?: Required<InvokerOptions>;
  /**
   * The id of the principal that enqueued the call, when there was one: a transport shows the
   * job only to that principal (its id alone is no capability), a trusted reader to anyone.
   */
  readonly owner?: string;
  /**
   * For a job an anonymous caller of a transport submitted: the SHA-256 (hex) of the capability
   * token its creator alone was given (`Jobs.submit`); a transport shows the job to whoever presents
   * that token. A job with neither `owner` nor `capability` is shown to trusted readers only.
   */
  readonly capability?: string;
  /**
   * Set for a call whose body may ask its caller (an MCP 2026-07-28 task): what the asking runner
   * (`Jobs.askWith`) needs to run it — the transport's own JSON (the questions it may ask, the answers
   * so far), opaque to core. A run that ends on a question settles with `SettledJob.asked`.
   */
  readonly asking?: JsonValue;
}

/** What a backend checks before it stores a job a transport submitted (`Jobs.submit`): the waiting caps. */
export interface JobAdmission {
  readonly maxWaitingJobs: number;
  readonly maxWaitingPerOwner: number;
  /**
   * The enqueue deadline (ms since the epoch, this process's clock): a backend whose store answers
   * later (a Redis that was away) refuses to store the job then, rejecting with an `AxnError` of
   * code `AXN_ENQUEUE_TIMEOUT`. `Jobs.submit` answers that as it answers its own timer: not
   * enqueued, retry later (whichever of the two comes first).
   */
  readonly notAfter?: number;
}

/** The enqueue options with their defaults applied. */
export interface JobOptions {
  readonly jobId: string | undefined;
  readonly delay: number;
  readonly attempts: number;
  readonly backoff: { readonly type: "fixed" | "exponential"; readonly delay: number };
  /** Unset: the backend ranks the job for fair share (the n-th waiting job of its owner runs at priority n). */
  readonly priority: number | undefined;
  /**
   * Set for a transport's submission: the backend refuses the job (`AXN_QUEUE_FULL`) when its
   * owner's, or every owner's, waiting jobs are at the cap. Trusted code's `A.enqueue` is not capped.
   */
  readonly admission?: JobAdmission;
}

/**
 * What stays in the enqueuing process with a job: the embedded queue hands it to the body itself;
 * BullMQ relays the body's progress from whichever worker runs it (job progress events).
 */
export interface LocalJobOptions {
  /** The live channel the body's `ctx.progress` / `ctx.notify` reach (an MCP task's client). */
  readonly live?: LiveChannel;
}

/** A settled call, as it is stored: the `Result` without its exception (which stays in the worker). */
export interface SettledJob {
  readonly ok: boolean;
  readonly outcome: Outcome;
  /** The success message, or the user-facing error. */
  readonly message: string;
  /** The exposed values, rendered to JSON (empty on failure). */
  readonly exposed: { readonly [key: string]: JsonValue };
  readonly elapsedMs: number;
  /** The caller's input errors, when the failure was one the Invoker settled user-facing. */
  readonly fieldErrors?: readonly FieldError[];
  /**
   * Set when the run ended on a question nobody had answered (a job with `JobPayload.asking`): what
   * the asking runner returned — the open questions and what the next run needs, opaque to core.
   * The job is completed, not successful; its transport answers the questions and submits the call
   * again as a new job.
   */
  readonly asked?: JsonValue;
}

/** The runner of jobs whose body may ask: kernel state holds it (`Jobs.askWith` installs it). */
export type { AskingRunner } from "../kernel/state.js";

/** What a backend knows of one job. */
export interface JobSnapshot {
  readonly id: string;
  readonly action: string;
  readonly state: JobState;
  readonly attemptsMade: number;
  readonly attempts: number;
  /** Set once the job is completed, dead or cancelled. */
  readonly settled: SettledJob | undefined;
  /** The payload's `owner`: the enqueuing principal's id; absent for a job enqueued anonymously. */
  readonly owner?: string;
  /** The payload's `capability`: the digest of the token an anonymous creator was given. */
  readonly capability?: string;
}

/** One attempt of a job, as a worker ran it: retried when the body threw. */
export interface JobAttempt {
  readonly settled: SettledJob;
  readonly retry: boolean;
}

export interface QueueBackend {
  /** `"embedded"`, `"bullmq"`, …: named in messages. */
  readonly kind: string;
  /** The limits this backend keeps (limits.ts); absent: the defaults. */
  readonly limits?: QueueLimits;
  /**
   * Stores a job and returns its id — the existing job's id when `jobId` is already taken. With
   * `options.admission`, refuses it (`AXN_QUEUE_FULL`) when the waiting caps are reached. An ended
   * job keeps its settled call only: the backend drops its arguments and ambient context.
   */
  add(payload: JobPayload, options: JobOptions, local?: LocalJobOptions): Promise<string>;
  /** The job's state; `undefined` when the backend has no such job. */
  snapshot(id: string): Promise<JobSnapshot | undefined>;
  /** Resolves once the job is completed, dead or cancelled; `signal` abandons the wait. */
  waitSettled(id: string, signal?: AbortSignal): Promise<JobSnapshot>;
  /** Cancels a job that has not started, or signals a running one; false when it already settled. */
  cancel(id: string): Promise<boolean>;
  /** Stops taking jobs and releases connections and timers. */
  close(): Promise<void>;
}
