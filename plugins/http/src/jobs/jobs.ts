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
import { randomUUID } from "node:crypto";
import {
  accessRefusal,
  Jobs,
  principalFrom,
  reportException,
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

/** The path of a job's status resource. */
function jobPath(basePath: string, id: string): string {
  return `${basePath}/jobs/${encodeURIComponent(id)}`;
}

/** Enqueues the tool call and answers 202 with the job's URL. */
export async function enqueueReply(
  op: HttpOperation,
  args: unknown,
  ambientContext: AmbientContextSource,
  basePath: string,
): Promise<HttpReply> {
  // A caller the tool's access policy refuses is refused now, with the synchronous call's reply
  // (the Invoker refuses before the body runs): nothing is enqueued for them.
  if (accessRefusal(op.action, principalFrom(ambientContext)) !== undefined) return op.invoke(args, { ambientContext });
  let id: string;
  try {
    // A random id: a job's URL must not be guessable from another's (BullMQ's own ids count up).
    const job = await Jobs.enqueueToolCall(op.action, args, {
      ambientContext,
      jobId: randomUUID(),
      invoker: toolInvoker.options,
    });
    id = job.id;
  } catch (error) {
    // Refused at enqueue (an ambient value that is not plain data) or the queue is unreachable.
    reportException(error, { action: op.action.name, phase: `${PLUGIN_NAME} enqueue` });
    return errorReply(500, JobMessages.notQueued);
  }
  const location = jobPath(basePath, id);
  return {
    status: 202,
    body: { id, tool: op.toolName, version: op.toolVersion, state: "waiting", location },
    headers: { location, "preference-applied": "respond-async" },
  };
}

/**
 * `GET {basePath}/jobs/{id}`: the job's state, then the synchronous call's reply. A job is bound to
 * the principal that enqueued it: for any other caller (or an anonymous one) it is a 404 exactly
 * like an unknown id, so a leaked or guessed URL is no capability. A job enqueued anonymously is
 * read by whoever holds its URL, as before.
 */
export async function jobReply(
  operations: readonly HttpOperation[],
  id: string,
  ambientContext: AmbientContextSource,
): Promise<HttpReply> {
  const job = await Jobs.find(id, { principal: principalFrom(ambientContext) ?? null });
  // Only jobs of the tools this app serves: an id of some other job reveals nothing here.
  const op = job === undefined ? undefined : operations.find((candidate) => candidate.action.name === job.action);
  if (job === undefined || op === undefined) return errorReply(404, JobMessages.unknownJob(id));
  const status = await job.status();
  if (!SETTLED.has(status.state)) {
    return {
      status: 200,
      body: {
        id,
        tool: op.toolName,
        version: op.toolVersion,
        state: status.state,
        attemptsMade: status.attemptsMade,
        attempts: status.attempts,
      },
      headers: { "retry-after": "1" },
    };
  }
  const result = await job.result();
  return mapSettledResult(op.action, result, op.outputSchema === undefined ? MESSAGE_REPLY : EXPOSES_REPLY);
}
