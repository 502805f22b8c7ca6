/**
 * How axn's settled forms sit in BullMQ's job fields: a completed job's `returnvalue` is the
 * settled call; an attempt that threw carries the settled call in its error (BullMQ stores it as
 * `failedReason`, which is what a dead job keeps); a cancelled running job fails with a marker.
 * The body's own exception never reaches Redis: it was reported in the worker.
 */
import type { JobState, SettledJob } from "@axn/core";

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
