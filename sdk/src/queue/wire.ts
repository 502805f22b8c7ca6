/**
 * How axn's settled forms sit in BullMQ's job fields: a completed job's `returnvalue` is the
 * settled call (a plain success in a short form, see `storedSettled`); an attempt that threw carries the settled call in its error (BullMQ stores it as
 * `failedReason`, which is what a dead job keeps); a cancelled running job fails with a marker.
 * The body's own exception never reaches Redis: it was reported in the worker.
 */
import type { JobOptions, JobState, SettledJob } from "@axn/core";
import { DEFAULT_ATTEMPTS, DEFAULT_BACKOFF, DEFAULT_SUCCESS } from "@axn/core/internal";

const SETTLED_PREFIX = "axn:settled:";
export const CANCELLED_REASON = "axn:cancelled";
const UNRUNNABLE: SettledJob = {
  ok: false,
  outcome: "exception",
  message: "Something went wrong",
  exposed: {},
  elapsedMs: 0,
};
export const CANCELLED: SettledJob = {
  ok: false,
  outcome: "failure",
  message: "The job was cancelled",
  exposed: {},
  elapsedMs: 0,
};

/** The message of the error a worker throws for an attempt that threw. */
export function failedReasonFor(settled: SettledJob): string {
  return SETTLED_PREFIX + JSON.stringify(settled);
}

/** The settled call a dead job's `failedReason` carries (anything else — BullMQ's own "stalled" — is unrunnable). */
export function settledFromFailure(reason: string | undefined): SettledJob {
  if (reason === undefined || !reason.startsWith(SETTLED_PREFIX)) return UNRUNNABLE;
  try {
    return JSON.parse(reason.slice(SETTLED_PREFIX.length)) as SettledJob;
  } catch {
    return UNRUNNABLE;
  }
}

/** BullMQ's job states as axn names them; `undefined` for one it does not know. */
export function stateOf(state: string, failedReason: string | undefined): JobState | undefined {
  switch (state) {
    case "waiting":
    case "prioritized":
    case "waiting-children":
      return "waiting";
    case "delayed":
      return "delayed";
    case "active":
      return "active";
    case "completed":
      return "completed";
    case "failed":
      return failedReason === CANCELLED_REASON ? "cancelled" : "dead";
    default:
      return undefined;
  }
}

/**
 * The job-data key that asks a worker to report the body's `ctx.progress` as BullMQ job progress:
 * set by a producer that relays it to a live channel (LocalJobOptions.live), so other jobs cost no
 * extra Redis write per progress report.
 */
export const RELAY_PROGRESS_KEY = "axnRelayProgress";

/**
 * Set in a job's data (`true`) when its admission counted it in its owner's waiting set (a caller's
 * submission, or the app's job on a caller's behalf): only such a job's start is counted out by its
 * worker — the app's own jobs of owner `app` are in no set, and their start costs the worker no
 * command. Dropped with the input as the job ends.
 */
export const COUNTED_KEY = "axnCounted";

/** The short form of a plain success: its exposed values and its elapsed time in whole µs. */
interface ShortSuccess {
  readonly exposed: SettledJob["exposed"];
  readonly us: number;
}

/**
 * A completed job's `returnvalue` as the worker stores it. A success with the default message is
 * stored as what it does not imply — `{ exposed, us }`, its elapsed time in whole microseconds — and
 * every other settled call whole. The value is serialized by the worker, written to the job hash and
 * to the completed event, and parsed by every reader: the whole form was 15 times the size of a
 * small action's exposed values, and its cost showed in every job (bench row 22).
 */
export function storedSettled(settled: SettledJob): SettledJob | ShortSuccess {
  if (
    settled.ok &&
    settled.outcome === "success" &&
    settled.message === DEFAULT_SUCCESS &&
    settled.fieldErrors === undefined &&
    settled.asked === undefined
  )
    return { exposed: settled.exposed, us: Math.round(settled.elapsedMs * 1000) };
  return settled;
}

/** The settled call a completed job's `returnvalue` holds (see `storedSettled`); undefined for none. */
export function settledFromStored(value: unknown): SettledJob | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  if ("ok" in value) return value as SettledJob;
  const short = value as Partial<ShortSuccess>;
  return {
    ok: true,
    outcome: "success",
    message: DEFAULT_SUCCESS,
    exposed: short.exposed ?? {},
    elapsedMs: typeof short.us === "number" ? short.us / 1000 : 0,
  };
}

/** Whether a job's backoff is axn's default, which a job's stored options leave out (see `withDefaults`). */
export function isDefaultBackoff(backoff: JobOptions["backoff"]): boolean {
  return backoff.type === DEFAULT_BACKOFF.type && backoff.delay === DEFAULT_BACKOFF.delay;
}

/**
 * A job's attempts from its stored options: left out when they are axn's default, which BullMQ
 * then stores as 0 (axn's own are at least 1).
 */
export function attemptsOf(opts: { readonly attempts?: number | undefined }): number {
  return opts.attempts === undefined || opts.attempts === 0 ? DEFAULT_ATTEMPTS : opts.attempts;
}
