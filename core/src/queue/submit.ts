/**
 * `Jobs.submit`: how a transport enqueues a caller's tool call — HTTP `?async=1`, `axn call
 * --async`, and the MCP tasks path once it adopts it. Everything that would refuse the call is
 * decided before anything is stored: the access policy and the arguments (the worker's Invoker
 * checks, run here first), the job's size (`maxJobBytes`), the waiting caps (per owner and for
 * everyone), and the enqueue deadline (`enqueueTimeoutMs`: a job the backend did not take in time
 * is cancelled as soon as it does, so a retried request never finds an orphan running). The job is
 * owned: by the caller's principal, or — for an anonymous caller — by a capability token returned to
 * the creator alone (its digest is stored, never the token). Its id is random on every backend.
 *
 * Each refusal is a value, not a throw, carrying a message fit for the caller (no exception text):
 * the transport maps it (HTTP: 401/403/400 as the synchronous call, 413, 429 + Retry-After, 503).
 *
 * @example
 * ```ts
 * const submitted = await Jobs.submit(action, args, { ambientContext, invoker: toolInvoker.options });
 * if (submitted.ok) reply(202, { id: submitted.job.id, token: submitted.token });
 * else if (submitted.reason === "full") reply(429, submitted.message, { "retry-after": submitted.retryAfterSeconds });
 * ```
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { AmbientContextSource } from "../action/ambient.js";
import type { JobHandle } from "../action/job.js";
import type { LiveChannel } from "../action/live.js";
import type { Result } from "../action/result.js";
import type { AnyAxn } from "../action/types.js";
import { principalFrom } from "../access/principal.js";
import { isAxnError } from "../errors/brand.js";
import { ErrorCodes } from "../errors/codes.js";
import { Invoker, type InvokerOptions } from "../invoke/invoker.js";
import type { JsonValue } from "../schema/json-schema-types.js";
import type { JobSnapshot } from "./backend.js";
import { jobOptions, jobPayload, payloadBytes } from "./enqueue.js";
import { queueBackend } from "./install.js";
import { Job } from "./job.js";
import { DEFAULT_QUEUE_LIMITS, ownerBucket, QUEUE_FULL_RETRY_AFTER_SECONDS } from "./limits.js";

export interface SubmitOptions {
  /** The trusted ambient context the transport established: the caller's principal under `principal`. */
  readonly ambientContext: AmbientContextSource;
  /** The options of the Invoker the worker runs the call through (a tool call's: `toolInvoker.options`). */
  readonly invoker: InvokerOptions;
  /**
   * The caller's idempotency key (HTTP `Idempotency-Key`): the same key from the same owner is the
   * same job while it is kept. 16 to 255 visible ASCII characters; a UUID fits.
   */
  readonly idempotencyKey?: string;
  /** The transport's own id for the job (an MCP task id), random and unguessable; default: a random UUID. */
  readonly jobId?: string;
  /** The live channel the body's progress reaches (MCP task notifications), when this process runs the job or relays it. */
  readonly live?: LiveChannel;
  /**
   * For a call whose body may ask its caller (an MCP 2026-07-28 task): the asking runner's input,
   * carried in the job (`JobPayload.asking`); a run that ends on a question settles with `asked`.
   */
  readonly asking?: JsonValue;
}

/** Why a submission was refused, with what to tell the caller. */
export type SubmitRefusal =
  /** The access policy or the arguments refused the call: `result` is the synchronous call's refusal. */
  | { readonly ok: false; readonly reason: "refused"; readonly result: Result<Record<string, unknown>> }
  /** The arguments hold what a job cannot carry (a number JSON has no form for, nesting too deep). */
  | { readonly ok: false; readonly reason: "invalid"; readonly message: string }
  /** The job is over `maxJobBytes`. */
  | { readonly ok: false; readonly reason: "tooLarge"; readonly message: string; readonly limit: number }
  /** The owner's or everyone's waiting jobs are at the cap: try again after `retryAfterSeconds`. */
  | { readonly ok: false; readonly reason: "full"; readonly message: string; readonly retryAfterSeconds: number }
  /** The backend did not take the job within the deadline: it will not run; try again later. */
  | {
      readonly ok: false;
      readonly reason: "unavailable";
      readonly message: string;
      readonly retryAfterSeconds: number;
    };

export type Submission =
  | {
      readonly ok: true;
      readonly job: JobHandle;
      /** For an anonymous caller: the capability token that alone reads the job (`Jobs.find(id, { token })`); give it to the creator only. */
      readonly token: string | undefined;
    }
  | SubmitRefusal;

/** What each refusal says to the caller: pinned by the specs, and free of any exception text. */
export const SubmitMessages = {
  tooLarge: (limit: number): string => `Background call too large: its arguments exceed ${limit} bytes`,
  ownerFull: (retryAfter: number): string =>
    `Too many background calls waiting for this caller; retry in ${retryAfter} seconds`,
  allFull: (retryAfter: number): string => `Too many background calls waiting; retry in ${retryAfter} seconds`,
  unavailable: "The job queue did not answer in time; the call was not enqueued, retry later",
  badIdempotencyKey: "Idempotency-Key must be 16 to 255 visible ASCII characters (a UUID, for example)",
} as const;

/** Seconds a caller is told to wait after an enqueue deadline passed. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{16,255}$/;

/** Whether `key` is a usable idempotency key (HTTP answers 400 with `SubmitMessages.badIdempotencyKey` otherwise). */
export function validIdempotencyKey(key: string): boolean {
  return IDEMPOTENCY_KEY.test(key);
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The digest a job stores of an anonymous creator's token. */
function capabilityOf(token: string): string {
  return sha256(`axn job capability\n${token}`);
}

/** Whether `token` opens `snapshot` (compared in constant time). */
export function tokenOpens(snapshot: JobSnapshot, token: string | undefined): boolean {
  if (snapshot.capability === undefined || token === undefined || token === "") return false;
  const given = Buffer.from(capabilityOf(token));
  const stored = Buffer.from(snapshot.capability);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * The job id and, for an anonymous caller, its token (hex: safe in a URL, and never read as a
 * command-line option the way a leading "-" would be): random — or, with an idempotency key,
 * derived from the owner and the key, so the same request again finds the same job (and an
 * anonymous caller, who holds the key, the same token).
 */
function identity(
  owner: string | undefined,
  key: string | undefined,
  jobId: string | undefined,
): { id: string; token: string | undefined } {
  const bucket = ownerBucket(owner, true);
  if (key === undefined)
    return {
      id: jobId ?? randomUUID(),
      token: owner === undefined ? randomBytes(32).toString("hex") : undefined,
    };
  // "idem-" keeps it a string id BullMQ accepts (not an integer, no ":").
  const id = `idem-${sha256(`${bucket}\n${key}`).slice(0, 48)}`;
  return {
    id,
    token: owner === undefined ? createHash("sha256").update(`axn job token\n${key}`).digest("hex") : undefined,
  };
}

export async function submit(action: AnyAxn, args: unknown, options: SubmitOptions): Promise<Submission> {
  const { ambientContext, idempotencyKey } = options;
  if (idempotencyKey !== undefined && !validIdempotencyKey(idempotencyKey))
    throw new TypeError(`Jobs.submit: ${SubmitMessages.badIdempotencyKey}`);
  const invoker = new Invoker(options.invoker);
  // The worker's own checks, first: a caller the policy refuses, or arguments it would refuse, store nothing.
  const refused = await invoker.check(action, args, { ambientContext });
  if (refused !== undefined) return { ok: false, reason: "refused", result: refused };
  const owner = principalFrom(ambientContext)?.id;
  const { id, token } = identity(owner, idempotencyKey, options.jobId);
  let payload: ReturnType<typeof jobPayload>;
  try {
    const built = jobPayload(
      action,
      args,
      { ambientContext },
      invoker.options,
      token === undefined ? undefined : capabilityOf(token),
    );
    payload = options.asking === undefined ? built : { ...built, asking: options.asking };
  } catch (error) {
    // The caller's arguments: a client's mistake, said without the action's name. (A trusted
    // ambient value that cannot travel is the app's bug: thrown, for the transport to report.)
    if (isAxnError(error) && error.code === ErrorCodes.JobUnserializable && / args\b/.test(error.message))
      return { ok: false, reason: "invalid", message: clientMessage(error.message) };
    throw error;
  }
  const backend = queueBackend();
  const limits = backend.limits ?? DEFAULT_QUEUE_LIMITS;
  if (payloadBytes(payload) > limits.maxJobBytes)
    return {
      ok: false,
      reason: "tooLarge",
      message: SubmitMessages.tooLarge(limits.maxJobBytes),
      limit: limits.maxJobBytes,
    };
  const settings = {
    ...jobOptions(action.name, { jobId: id }),
    admission: {
      maxWaitingJobs: limits.maxWaitingJobs,
      maxWaitingPerOwner: limits.maxWaitingPerOwner,
      notAfter: Date.now() + limits.enqueueTimeoutMs,
    },
  };
  const adding =
    options.live === undefined
      ? backend.add(payload, settings)
      : backend.add(payload, settings, { live: options.live });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), limits.enqueueTimeoutMs);
  });
  let added: string | "late";
  try {
    added = await Promise.race([adding, deadline]);
  } catch (error) {
    if (isAxnError(error) && error.code === ErrorCodes.QueueFull) {
      const retryAfterSeconds = QUEUE_FULL_RETRY_AFTER_SECONDS;
      const message =
        (error as { readonly cap?: unknown }).cap === "owner"
          ? SubmitMessages.ownerFull(retryAfterSeconds)
          : SubmitMessages.allFull(retryAfterSeconds);
      return { ok: false, reason: "full", message, retryAfterSeconds };
    }
    // The backend's own verdict on the deadline (BullMQ: Redis's clock, in the step that admits the
    // job) can come before this process's timer fires — a timer delayed by a busy event loop, a
    // wall clock stepped. Nothing was stored: the same answer as the timer's.
    if (isAxnError(error) && error.code === ErrorCodes.EnqueueTimeout) return unavailable();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (added === "late") {
    // The backend refuses a store that comes after `notAfter` (BullMQ checks it on Redis, in the step
    // that admits the job). Should the store still land — the connection dropped between admission
    // and the add — the job is cancelled as soon as it does: the caller was told it was not enqueued.
    void adding.then(
      (late) => backend.cancel(late).catch(() => undefined),
      () => undefined,
    );
    return unavailable();
  }
  return { ok: true, job: new Job(added, action.name, action, backend) as JobHandle, token };
}

/** The queue did not take the job in time: nothing was enqueued, the caller may retry. */
function unavailable(): Submission {
  return {
    ok: false,
    reason: "unavailable",
    message: SubmitMessages.unavailable,
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS,
  };
}

/** A travel refusal as the caller reads it: the argument's path and the problem, not the action's name. */
function clientMessage(message: string): string {
  const problem = message.replace(/^Cannot enqueue [^:]+: /, "");
  return `Cannot run in the background: ${problem}`;
}
