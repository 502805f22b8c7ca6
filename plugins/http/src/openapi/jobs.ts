/**
 * How the OpenAPI document describes background calls (jobs/jobs.ts): the `async` query parameter and
 * the `Prefer` header on each tool operation with its `202` response, and the job status path.
 */
import type { JsonValue } from "@axn/core";

type JsonObject = { [key: string]: JsonValue };

const json = (schema: JsonValue): JsonObject => ({ "application/json": { schema } });
const ref = (kind: "schemas" | "responses" | "parameters", name: string): JsonObject => ({
  $ref: `#/components/${kind}/${name}`,
});

/** Added to each tool operation. */
export const ASYNC_OPERATION: { readonly parameters: JsonValue[]; readonly responses: JsonObject } = {
  parameters: [ref("parameters", "Async"), ref("parameters", "PreferAsync")],
  responses: { "202": ref("responses", "Accepted") },
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
      },
      required: ["id", "tool", "version", "state", "location"],
      additionalProperties: false,
    },
    JobStatus: {
      type: "object",
      description: "A job still pending",
      properties: {
        id: { type: "string" },
        tool: { type: "string" },
        version: { type: "integer" },
        state: { enum: ["waiting", "delayed", "active"] },
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
  } satisfies JsonObject,
  responses: {
    Accepted: {
      description: "Enqueued: `Location` is the job's URL",
      headers: { Location: { schema: { type: "string" }, description: "{basePath}/jobs/{id}" } },
      content: json(ref("schemas", "JobAccepted")),
    },
  } satisfies JsonObject,
};

/** The job status path. */
export function jobPathItem(authenticated: boolean): JsonObject {
  return {
    get: {
      operationId: "job_status",
      summary: "A background call: its state while pending, then the reply the synchronous call would have given",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: {
        "200": {
          description:
            "Pending: the job's state (`JobStatus`, with `Retry-After`). Settled: the tool's own success body",
          content: json({
            anyOf: [ref("schemas", "JobStatus"), { type: "object", description: "The tool's success body" }],
          }),
        },
        "400": ref("responses", "InvalidInput"),
        ...(authenticated ? { "401": ref("responses", "Unauthorized") } : {}),
        "404": { description: "No such job (or not one of this app's tools)", content: json(ref("schemas", "Error")) },
        "422": ref("responses", "Failure"),
        "500": ref("responses", "ServerError"),
      },
    },
  };
}
