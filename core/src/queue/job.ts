/**
 * The job handle `A.enqueue` returns (and `Jobs.find` rebuilds from an id): its status, its
 * settled `Result` — the same `Result` a direct call returns, exposed values and all — and cancel.
 */
import type { JobHandle, JobStatus } from "../action/job.js";
import type { AnyAxn } from "../action/types.js";
import { internalsOf } from "../action/internals.js";
import { makeResult, type Result } from "../action/result.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { InboundValidationError } from "../errors/validation.js";
import type { JobSnapshot, QueueBackend } from "./backend.js";

/** The error a missing job raises, naming the id and the backend. */
export function jobNotFound(id: string, backend: QueueBackend): AxnError {
  const lost =
    backend.kind === "embedded"
      ? " (the embedded queue keeps jobs in this process only: they are lost on restart)"
      : "";
  return new AxnError(
    ErrorCodes.JobNotFound,
    `No job "${id}" in the ${backend.kind} queue; it was never enqueued there, or it expired${lost}`,
  );
}

/** An action's sensitive and declared expose names: the same for every job of it, so built once. */
const exposeNames = new WeakMap<
  AnyAxn,
  { readonly sensitive: ReadonlySet<string>; readonly declared: ReadonlySet<string> }
>();

function namesOf(action: AnyAxn): { readonly sensitive: ReadonlySet<string>; readonly declared: ReadonlySet<string> } {
  let names = exposeNames.get(action);
  if (names === undefined) {
    const { exposes } = internalsOf(action);
    names = {
      sensitive: new Set(exposes.filter((field) => field.sensitive).map((field) => field.name)),
      declared: new Set(exposes.map((field) => field.name)),
    };
    exposeNames.set(action, names);
  }
  return names;
}

function settledResult(snapshot: JobSnapshot, action: AnyAxn | undefined): Result<Record<string, unknown>> {
  const settled = snapshot.settled!;
  const exception =
    snapshot.state === "dead"
      ? new AxnError(
          ErrorCodes.JobDead,
          `Job "${snapshot.id}" of ${snapshot.action} is dead: ${snapshot.attemptsMade} of ${snapshot.attempts} attempts threw, and each exception was reported to onException by the worker that ran it`,
        )
      : snapshot.state === "cancelled"
        ? new AxnError(ErrorCodes.JobCancelled, `Job "${snapshot.id}" of ${snapshot.action} was cancelled`)
        : settled.fieldErrors !== undefined
          ? new InboundValidationError(settled.fieldErrors, { userFacing: true, action: snapshot.action })
          : undefined;
  return makeResult({
    ok: settled.ok,
    outcome: settled.outcome,
    message: settled.message,
    ...(exception === undefined ? {} : { exception }),
    exposed: settled.exposed as Record<string, unknown>,
    elapsedMs: settled.elapsedMs,
    action: snapshot.action,
    ...(action === undefined ? {} : { ...namesOf(action), source: action }),
  });
}

export class Job implements JobHandle {
  constructor(
    readonly id: string,
    readonly action: string,
    readonly source: AnyAxn | undefined,
    readonly backend: QueueBackend,
  ) {}

  async status(): Promise<JobStatus> {
    const snapshot = await this.backend.snapshot(this.id);
    if (snapshot === undefined) throw jobNotFound(this.id, this.backend);
    return {
      id: snapshot.id,
      action: snapshot.action,
      state: snapshot.state,
      attemptsMade: snapshot.attemptsMade,
      attempts: snapshot.attempts,
    };
  }

  async result(options: { readonly signal?: AbortSignal } = {}): Promise<Result<Record<string, unknown>>> {
    return settledResult(await this.backend.waitSettled(this.id, options.signal), this.source);
  }

  cancel(): Promise<boolean> {
    return this.backend.cancel(this.id);
  }

  get [Symbol.toStringTag](): string {
    return `Job ${this.id} (${this.action})`;
  }
}
