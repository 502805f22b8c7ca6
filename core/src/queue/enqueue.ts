/**
 * `A.enqueue(args, options)`: checks the options, packs the call into its travelling form — the
 * arguments and the action's declared ambient fields as plain JSON, the enqueuer's trace context —
 * and hands it to the queue backend. Everything that could make the job fail on another machine
 * for a reason visible here (a `Date` argument, a factory-built action no worker can find, a
 * misspelt option) is refused here, naming the action and the option or path.
 */
import type { EnqueueOptions, JobHandle } from "../action/job.js";
import { internalsOf } from "../action/internals.js";
import type { AnyAxn } from "../action/types.js";
import { pickAmbient } from "../context/ambient-source.js";
import { PRINCIPAL_AMBIENT_KEY } from "../action/principal.js";
import { principalFrom } from "../access/principal.js";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { didYouMean } from "../errors/did-you-mean.js";
import type { JobOptions, JobPayload, LocalJobOptions } from "./backend.js";
import { queueBackend } from "./install.js";
import { Job } from "./job.js";
import { currentTraceparent } from "./trace-context.js";
import { travelling } from "./travel.js";
import { Invoker, type InvokerOptions } from "../invoke/invoker.js";
import { ValidationError } from "../errors/validation.js";
import { errorMessage } from "../errors/message.js";
import { DEFAULT_QUEUE_LIMITS } from "./limits.js";

const OPTION_NAMES = ["ambientContext", "jobId", "delay", "attempts", "backoff", "priority"] as const;

/**
 * The default attempts: a transient fault (a timeout, a lost connection) gets two more tries. A
 * backend may leave them out of what it stores and apply these when it runs the job (BullMQ's does).
 */
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF = { type: "exponential", delay: 1000 } as const;
/** BullMQ's highest priority number; the embedded queue keeps the same range. */
const MAX_PRIORITY = 2_097_152;

function invalid(action: string, message: string): AxnError {
  return new AxnError(ErrorCodes.JobInvalid, `Cannot enqueue ${action}: ${message}`);
}

function integerAtLeast(
  action: string,
  name: string,
  value: unknown,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
    throw invalid(
      action,
      `option "${name}" must be ${range} (got ${typeof value === "number" ? String(value) : typeof value})`,
    );
  }
  return value;
}

function backoffOf(action: string, value: unknown): JobOptions["backoff"] {
  if (value === undefined) return DEFAULT_BACKOFF;
  if (typeof value === "number") return { type: "fixed", delay: integerAtLeast(action, "backoff", value, 0) };
  const bag = value as { type?: unknown; delay?: unknown } | null;
  if (typeof bag !== "object" || bag === null || (bag.type !== "fixed" && bag.type !== "exponential")) {
    throw invalid(
      action,
      `option "backoff" must be milliseconds, or { type: "fixed" | "exponential", delay: milliseconds }`,
    );
  }
  return { type: bag.type, delay: integerAtLeast(action, "backoff.delay", bag.delay, 0) };
}

/** The options with defaults applied; throws naming the option for a bad one. */
export function jobOptions(action: string, options: EnqueueOptions | undefined): JobOptions {
  if (options === undefined)
    return { jobId: undefined, delay: 0, attempts: DEFAULT_ATTEMPTS, backoff: DEFAULT_BACKOFF, priority: undefined };
  if (typeof options !== "object" || options === null) throw invalid(action, "the options must be an object");
  for (const key of Object.keys(options)) {
    if (!(OPTION_NAMES as readonly string[]).includes(key)) {
      const hint = didYouMean(key, OPTION_NAMES) ?? `the options are ${OPTION_NAMES.join(", ")}`;
      throw invalid(action, `unknown option "${key}"; ${hint}`);
    }
  }
  const { jobId } = options;
  // BullMQ's own rules for a custom id, kept by the embedded queue too so a switch changes nothing.
  if (
    jobId !== undefined &&
    (typeof jobId !== "string" || jobId === "" || jobId.includes(":") || /^\d+$/.test(jobId))
  ) {
    throw invalid(
      action,
      `option "jobId" must be a non-empty string without ":" that is not an integer (got ${JSON.stringify(jobId)}); use a key such as "digest-u1-2026-12-01"`,
    );
  }
  return {
    jobId,
    delay: options.delay === undefined ? 0 : integerAtLeast(action, "delay", options.delay, 0),
    attempts:
      options.attempts === undefined ? DEFAULT_ATTEMPTS : integerAtLeast(action, "attempts", options.attempts, 1),
    backoff: backoffOf(action, options.backoff),
    priority:
      options.priority === undefined
        ? undefined
        : integerAtLeast(action, "priority", options.priority, 1, MAX_PRIORITY),
  };
}

/** The call in its travelling form. */
export function jobPayload(
  action: AnyAxn,
  args: unknown,
  options: EnqueueOptions | undefined,
  invoker?: InvokerOptions,
  capability?: string,
): JobPayload {
  const name = action.name;
  const internals = internalsOf(action);
  if (internals.factory) {
    throw invalid(
      name,
      "it was built by Factory.build, so a worker cannot find it by name; define it with defineAxn in a module the worker loads",
    );
  }
  const argsObject = args === undefined ? {} : args;
  if (typeof argsObject !== "object" || argsObject === null || Array.isArray(argsObject))
    throw invalid(name, "the arguments must be an object");
  const ambientNames = internals.expects.filter((field) => field.kind === "ambient").map((field) => field.name);
  // A tool call's Invoker checks the caller's principal against the action's access policy, so
  // the principal travels with a tool call whether or not the action declares it.
  if (invoker !== undefined && !ambientNames.includes(PRINCIPAL_AMBIENT_KEY)) ambientNames.push(PRINCIPAL_AMBIENT_KEY);
  const ambient = pickAmbient(options?.ambientContext, ambientNames);
  const traceparent = currentTraceparent();
  const owner = principalFrom(options?.ambientContext)?.id;
  return {
    action: name,
    args: travelling(name, "args", argsObject as Record<string, unknown>),
    ambient: travelling(name, "ambientContext", ambient),
    ...(traceparent === undefined ? {} : { traceparent }),
    ...(invoker === undefined ? {} : { invoker: new Invoker(invoker).options }),
    ...(owner === undefined ? {} : { owner }),
    ...(owner !== undefined || capability === undefined ? {} : { capability }),
  };
}

/** The payload's size as it is stored (its JSON, in UTF-8 bytes). */
export function payloadBytes(payload: JobPayload): number {
  return Buffer.byteLength(JSON.stringify(payload));
}

function jobTooLarge(action: string, bytes: number, limit: number): AxnError {
  return new AxnError(
    ErrorCodes.JobTooLarge,
    `Cannot enqueue ${action}: the job is ${bytes} bytes, over the queue's maxJobBytes (${limit}); ` +
      "pass an id the job can look its data up by instead of the data itself, or raise queue.maxJobBytes",
  );
}

/**
 * Trusted code's arguments checked as a direct call would check them, before anything is stored:
 * a job that would fail its input validation on the worker is refused here, naming the fields.
 */
async function checkArguments(action: AnyAxn, args: unknown, options: EnqueueOptions | undefined): Promise<void> {
  const refused = await internalsOf(action).inputRefusal(
    args,
    options?.ambientContext === undefined ? undefined : { ambientContext: options.ambientContext },
  );
  if (refused === undefined) return;
  const fields =
    refused instanceof ValidationError
      ? refused.fieldErrors.map(({ field, message }) => `${field}: ${message}`).join("; ")
      : errorMessage(refused);
  throw new AxnError(
    ErrorCodes.JobInvalid,
    `Cannot enqueue ${action.name}: its arguments fail the action's validation (${fields}); a job is checked before it is stored, so fix the arguments`,
    { cause: refused },
  );
}

export async function enqueue(
  action: AnyAxn,
  args: unknown,
  options: EnqueueOptions | undefined,
  invoker?: InvokerOptions,
  local?: LocalJobOptions,
): Promise<JobHandle> {
  const settings = jobOptions(action.name, options);
  const payload = jobPayload(action, args, options, invoker);
  const backend = queueBackend();
  const limit = (backend.limits ?? DEFAULT_QUEUE_LIMITS).maxJobBytes;
  const bytes = payloadBytes(payload);
  if (bytes > limit) throw jobTooLarge(action.name, bytes, limit);
  // A tool call is checked by its Invoker at submission (Jobs.submit); a direct enqueue here.
  if (invoker === undefined) await checkArguments(action, args, options);
  const id = local === undefined ? await backend.add(payload, settings) : await backend.add(payload, settings, local);
  return new Job(id, action.name, action, backend) as JobHandle;
}
