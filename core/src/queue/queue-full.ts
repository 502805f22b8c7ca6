/**
 * The refusal a backend raises when a transport's submission finds the waiting caps reached
 * (limits.ts): `AXN_QUEUE_FULL`, naming the action and which cap, with what the caller should do.
 * A transport answers it with 429 and `Retry-After` (HTTP) or its own busy error.
 */
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import type { JobAdmission } from "./backend.js";

export class QueueFullError extends AxnError {
  /** Which cap: the owner's (`maxWaitingPerOwner`) or everyone's (`maxWaitingJobs`). */
  readonly cap: "owner" | "all";

  constructor(action: string, cap: "owner" | "all", admission: JobAdmission) {
    const reached =
      cap === "owner"
        ? `its owner already has ${admission.maxWaitingPerOwner} jobs waiting (queue.maxWaitingPerOwner)`
        : `${admission.maxWaitingJobs} jobs are waiting (queue.maxWaitingJobs)`;
    super(ErrorCodes.QueueFull, `Cannot enqueue ${action}: ${reached}; try again once some have started`);
    this.cap = cap;
  }
}
