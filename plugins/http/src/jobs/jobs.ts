/**
 * Background calls over HTTP. `POST {basePath}/{tool}/v{n}?async=1` — or with a `Prefer:
 * respond-async` header (RFC 7240) — passes the same checks as a synchronous call (host, auth,
 * content type, body limit, JSON), then enqueues the tool call instead of running it: `202
 * Accepted` with `Location: {basePath}/jobs/{id}`. `GET` on that URL answers `200 { id, tool,
 * state, attemptsMade, attempts }` while the job is pending, then the reply the synchronous call
 * would have given — its status code and body, mapped by the same code. The job runs through the
 * tool Invoker profile in whichever process works the queue (the embedded queue: this one; with
 * `queue.connection`: an `axn worker`).
 *
 * @example
 * ```ts
 * // curl -i -X POST 'http://127.0.0.1:8080/api/export_report/v1?async=1' -H 'content-type: application/json' -d '{}'
 * // HTTP/1.1 202 Accepted
 * // location: /api/jobs/5d2c…
 * ```
 */
import {
  Jobs,
  principalFrom,
  reportException,
  validIdempotencyKey,
  SubmitMessages,
  type AmbientContextSource,
  type JobStatus,
} from "@axn/core";
import { mapSettledResult, toolInvoker } from "@axn/sdk/adapter";
import { PLUGIN_NAME } from "../config.js";
import { EXPOSES_REPLY, MESSAGE_REPLY } from "../operation/map-result.js";
import { errorReply, type HttpReply } from "../replies.js";
import type { HttpOperation } from "../operation/wrap.js";

const JobMessages = {
  unknownJob: (id: string): string => `No job "${id}"; it was never enqueued here, or it expired`,
  notQueued: "The job could not be enqueued",
} as const;

const SETTLED: ReadonlySet<JobStatus["state"]> = new Set(["completed", "dead", "cancelled"]);

/** `?async=1` / `?async=true`, or `Prefer: respond-async` among the request's preferences. */
export function wantsAsync(url: string, prefer: string | string[] | null | undefined): boolean {
  if (Array.isArray(prefer)) prefer = prefer.join(",");
  prefer ??= null;
  if (
    prefer?.split(",").some(
      (preference) =>
        preference
          .trim()
          .split(/[;=\s]/)[0]!
          .toLowerCase() === "respond-async",
    )
  )
    return true;
  const query = url.indexOf("?");
  if (query === -1) return false;
  const value = new URLSearchParams(url.slice(query + 1)).get("async");
  return value === "1" || value === "true";
}

/** The job's status URL: an anonymous creator's carries its capability token (the URL alone opens it). */
function jobPath(basePath: string, id: string, token: string | undefined): string {
  const path = `${basePath}/jobs/${encodeURIComponent(id)}`;
  return token === undefined ? path : `${path}?token=${token}`;
}

/**
 * Submits the tool call (`Jobs.submit`: access, arguments, size, caps and deadline checked before
 * anything is stored) and answers 202 with the job's URL — or the refusal: the synchronous call's
 * 401/403/400, a 400 for arguments a job cannot carry, 413, 429 or 503 with `Retry-After`.
 */
export async function enqueueReply(
  op: HttpOperation,
  args: unknown,
  ambientContext: AmbientContextSource,
  basePath: string,
  idempotencyKey: string | null,
): Promise<HttpReply> {
  if (idempotencyKey !== null && !validIdempotencyKey(idempotencyKey))
    return errorReply(400, SubmitMessages.badIdempotencyKey);
  let submitted: Awaited<ReturnType<typeof Jobs.submit>>;
  try {
    submitted = await Jobs.submit(op.action, args, {
      ambientContext,
      invoker: toolInvoker.options,
      ...(idempotencyKey === null ? {} : { idempotencyKey }),
    });
  } catch (error) {
    // A trusted ambient value that is not plain data, or the queue failing: the server's fault.
    reportException(error, { action: op.action.name, phase: `${PLUGIN_NAME} enqueue` });
    return errorReply(500, JobMessages.notQueued);
  }
  if (!submitted.ok) {
    switch (submitted.reason) {
      case "refused":
        return mapSettledResult(
          op.action,
          submitted.result,
          op.outputSchema === undefined ? MESSAGE_REPLY : EXPOSES_REPLY,
        );
      case "invalid":
        return errorReply(400, submitted.message);
      case "tooLarge":
        return errorReply(413, submitted.message);
      case "full":
        return errorReply(429, submitted.message, { "retry-after": String(submitted.retryAfterSeconds) });
      case "unavailable":
        return errorReply(503, submitted.message, { "retry-after": String(submitted.retryAfterSeconds) });
    }
  }
  const { job, token } = submitted;
  const location = jobPath(basePath, job.id, token);
  return {
    status: 202,
    body: {
      id: job.id,
      tool: op.toolName,
      version: op.toolVersion,
      state: "waiting",
      location,
      ...(token === undefined ? {} : { token }),
    },
    headers: { location, "preference-applied": "respond-async" },
  };
}

/**
 * `GET {basePath}/jobs/{id}`: the job's state, then the synchronous call's reply. A job is its
 * owner's: the principal that submitted it, or — for an anonymous submission — whoever holds its
 * capability token (`?token=`, in the URL the 202 gave). For any other caller it is a 404 exactly
 * like an unknown id, so a leaked or guessed id is no capability; so is a job trusted code enqueued.
 */
export async function jobReply(
  operations: readonly HttpOperation[],
  id: string,
  ambientContext: AmbientContextSource,
  token: string | undefined,
): Promise<HttpReply> {
  const job = await Jobs.find(id, {
    principal: principalFrom(ambientContext) ?? null,
    ...(token === undefined ? {} : { token }),
  });
  // Only jobs of the tools this app serves: an id of some other job reveals nothing here.
  const op = job === undefined ? undefined : operations.find((candidate) => candidate.action.name === job.action);
  if (job === undefined || op === undefined) return errorReply(404, JobMessages.unknownJob(id));
  const status = await job.status();
  // Pending, or cancelled: its state, in the one vocabulary of `axn jobs` and MCP tasks (a cancelled
  // job has no call result to replay — it is `cancelled`, as an MCP client is told).
  if (!SETTLED.has(status.state) || status.state === "cancelled") {
    const state = {
      id,
      tool: op.toolName,
      version: op.toolVersion,
      state: status.state,
      attemptsMade: status.attemptsMade,
      attempts: status.attempts,
    };
    return status.state === "cancelled"
      ? { status: 200, body: state }
      : { status: 200, body: state, headers: { "retry-after": "1" } };
  }
  const result = await job.result();
  return mapSettledResult(op.action, result, op.outputSchema === undefined ? MESSAGE_REPLY : EXPOSES_REPLY);
}
