/**
 * How the OpenAPI document describes background calls (jobs/jobs.ts): the `async` query parameter,
 * the `Prefer` and `Idempotency-Key` headers on each tool operation with its `202`, `429` and `503`
 * responses, and the job status path with its capability `token`.
 */
import type { JsonValue } from "@axn/core";

type JsonObject = { [key: string]: JsonValue };

const json = (schema: JsonValue): JsonObject => ({ "application/json": { schema } });
const ref = (kind: "schemas" | "responses" | "parameters", name: string): JsonObject => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Added to each tool operation. */
export const ASYNC_OPERATION: { readonly parameters: JsonValue[]; readonly responses: JsonObject } = {
  parameters: [ref("parameters", "Async"), ref("parameters", "PreferAsync"), ref("parameters", "IdempotencyKey")],
  responses: {
    "202": ref("responses", "Accepted"),
    "429": ref("responses", "QueueFull"),
    "503": ref("responses", "Unavailable"),
  },
};

export const JOB_COMPONENTS = {
  schemas: {
    JobAccepted: {
      type: "object",
      description: "The call was enqueued: poll `location` for its state, then its result",
      properties: {
        id: { type: "string" },
        tool: { type: "string" },
        version: { type: "integer" },
        state: { const: "waiting" },
        location: { type: "string" },
        token: {
          type: "string",
          description:
            "An anonymous caller's capability token (also in `location`): the job is readable with it alone; keep it private",
        },
      },
      required: ["id", "tool", "version", "state", "location"],
      additionalProperties: false,
    },
    JobStatus: {
      type: "object",
      description: "A job still pending, or cancelled (the same states as `axn jobs` and MCP tasks' `cancelled`)",
      properties: {
        id: { type: "string" },
        tool: { type: "string" },
        version: { type: "integer" },
        state: { enum: ["waiting", "delayed", "active", "cancelled"] },
        attemptsMade: { type: "integer" },
        attempts: { type: "integer" },
      },
      required: ["id", "tool", "version", "state", "attemptsMade", "attempts"],
      additionalProperties: false,
    },
  } satisfies JsonObject,
  parameters: {
    Async: {
      name: "async",
      in: "query",
      required: false,
      description: "`1`: run the call in the background and answer 202 with the job's URL",
      schema: { enum: ["1", "true"] },
    },
    PreferAsync: {
      name: "Prefer",
      in: "header",
      required: false,
      description: "`respond-async` (RFC 7240): the same as `async=1`",
      schema: { type: "string" },
    },
    IdempotencyKey: {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description:
        "A background call's key: the same key from the same caller is the same job (its 202 again) while the job is kept; 16 to 255 visible ASCII characters (a UUID)",
      schema: { type: "string", pattern: "^[\\x21-\\x7e]{16,255}$" },
    },
  } satisfies JsonObject,
  responses: {
    Accepted: {
      description: "Enqueued: `Location` is the job's URL",
      headers: { Location: { schema: { type: "string" }, description: "{basePath}/jobs/{id}" } },
      content: json(ref("schemas", "JobAccepted")),
    },
    QueueFull: {
      description:
        "A background call: the caller's waiting jobs (`queue.maxWaitingPerOwner`), or everyone's (`queue.maxWaitingJobs`), are at the cap; nothing was enqueued",
      headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait" } },
      content: json(ref("schemas", "Error")),
    },
    Unavailable: {
      description:
        "Every call slot is taken (`serve.maxConcurrentCalls`), or a background call's queue did not take it within `queue.enqueueTimeoutMs`; nothing was enqueued",
      headers: { "Retry-After": { schema: { type: "integer" }, description: "Seconds to wait" } },
      content: json(ref("schemas", "Error")),
    },
  } satisfies JsonObject,
};

/** The job status path. */
export function jobPathItem(authenticated: boolean): JsonObject {
  return {
    get: {
      operationId: "job_status",
      summary: "A background call: its state while pending, then the reply the synchronous call would have given",
      parameters: [
        { name: "id", in: "path", required: true, schema: { type: "string" } },
        {
          name: "token",
          in: "query",
          required: false,
          description: "An anonymous submission's capability token (the 202's `location` carries it)",
          schema: { type: "string" },
        },
      ],
      responses: {
        "200": {
          description:
            "Pending: the job's state (`JobStatus`, with `Retry-After`); cancelled: its state. Settled: the tool's own success body",
          content: json({
            anyOf: [ref("schemas", "JobStatus"), { type: "object", description: "The tool's success body" }],
          }),
        },
        "400": ref("responses", "InvalidInput"),
        ...(authenticated ? { "401": ref("responses", "Unauthorized") } : {}),
        "404": {
          description:
            "No such job — or not the caller's (another principal's, or an anonymous one without its token), or not one of this app's tools: the same answer",
          content: json(ref("schemas", "Error")),
        },
        "422": ref("responses", "Failure"),
        "500": ref("responses", "ServerError"),
      },
    },
  };
}
