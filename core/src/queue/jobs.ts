/**
 * `Jobs`: the queue as an app and a transport see it — find a job by id (an HTTP `GET
 * /jobs/{id}`, `axn jobs <id>`), install a backend, and run one job the way a worker does (what a
 * backend's worker loop calls). Loading this module installs the enqueuer `A.enqueue` goes
 * through (the runtime below never imports the queue).
 *
 * @example
 * ```ts
 * const job = await Jobs.find("digest-u1");
 * if (job !== undefined) console.log((await job.status()).state);
 * ```
 */
import type { EnqueueOptions, JobHandle } from "../action/job.js";
import type { AxnPrincipal } from "../action/principal.js";
import type { AnyAxn } from "../action/types.js";
import type { InvokerOptions } from "../invoke/invoker.js";
import { kernel } from "../kernel/state.js";
import type { AskingRunner, JobAttempt, LocalJobOptions, QueueBackend } from "./backend.js";
import { enqueue } from "./enqueue.js";
import { queueBackend, useQueueBackend } from "./install.js";
import { Job } from "./job.js";
import { actionNamed, runJob } from "./run-job.js";
import { submit, tokenOpens, type SubmitOptions, type Submission } from "./submit.js";
import type { JobSnapshot } from "./backend.js";

/** Whether a transport's caller (`principal`, `null`: anonymous) holding `token` may see the job. */
function readableBy(snapshot: JobSnapshot, principal: AxnPrincipal | null, token: string | undefined): boolean {
  if (snapshot.owner !== undefined) return principal !== null && snapshot.owner === principal.id;
  return tokenOpens(snapshot, token);
}

kernel.queue.enqueue ??= enqueue;

export const Jobs = {
  /**
   * The job with this id in the current backend, or `undefined`. With `principal` (a transport
   * reading for a caller; `null` for an anonymous one) only a job that caller owns is found: one
   * its principal enqueued, or — with `token` — one whose capability token it holds (an anonymous
   * submission's, `Jobs.submit`). Any other job is `undefined` exactly as an unknown id, so an id
   * learnt elsewhere reveals nothing; a job trusted code enqueued with no principal is found by
   * trusted code only. Without `principal` (trusted code, `axn jobs`) every job is found.
   */
  async find(
    id: string,
    options: { readonly principal?: AxnPrincipal | null; readonly token?: string } = {},
  ): Promise<JobHandle | undefined> {
    const backend = queueBackend();
    const snapshot = await backend.snapshot(id);
    if (snapshot === undefined) return undefined;
    if (options.principal !== undefined && !readableBy(snapshot, options.principal, options.token)) return undefined;
    return new Job(snapshot.id, snapshot.action, actionNamed(snapshot.action), backend) as JobHandle;
  },
  /**
   * Enqueues a caller's tool call for a transport, with every check made first — the access
   * policy and the arguments (as the worker's Invoker would), the job's size, the waiting caps, the
   * enqueue deadline — and the job owned by the caller (an anonymous one gets a capability token).
   * A refusal is returned, never thrown, with a message for the caller (submit.ts).
   */
  submit(action: AnyAxn, args: unknown, options: SubmitOptions): Promise<Submission> {
    return submit(action, args, options);
  },
  /**
   * Enqueues a tool call the way a transport runs one synchronously: the worker calls the action
   * through an Invoker with `invoker`'s options (wire coercion; input errors user-facing), so the
   * job settles the `Result` the synchronous tool call would have settled. `live` reaches the body
   * only when this process runs the job (the embedded queue): a worker elsewhere cannot call back.
   */
  enqueueToolCall(
    action: AnyAxn,
    args: unknown,
    options: EnqueueOptions & { readonly invoker: InvokerOptions; readonly live?: LocalJobOptions["live"] },
  ): Promise<JobHandle> {
    const { invoker, live, ...enqueueOptions } = options;
    return enqueue(action, args, enqueueOptions, invoker, live === undefined ? undefined : { live });
  },
  /** The backend jobs go to (an embedded queue unless one was installed). */
  backend(): QueueBackend {
    return queueBackend();
  },
  /** Sends jobs to `backend` from now on; the previous backend is closed. */
  use(backend: QueueBackend): Promise<void> {
    return useQueueBackend(backend);
  },
  /**
   * Runs one attempt of a job payload in this process (a backend's worker calls it). Never throws.
   * `signal` may be a function, called only if the body reads `ctx.signal` (a worker then builds
   * no `AbortController` for a job that never looks). `live` is the channel the body's `ctx.progress`
   * reaches (an MCP task's client, through the backend that relays it).
   */
  /**
   * Installs how this process runs the jobs whose body may ask their caller (`JobPayload.asking`):
   * the rounds engine of the transport that submits them (`@axn/sdk/adapter`'s `askInJobs`). One
   * per process; installing the same runner again changes nothing.
   */
  askWith(runner: AskingRunner): void {
    kernel.queue.asking = runner;
  },
  run(
    payload: unknown,
    options: { readonly signal?: AbortSignal | (() => AbortSignal); readonly live?: LocalJobOptions["live"] } = {},
  ): Promise<JobAttempt> {
    return runJob(payload, options);
  },
} as const;
