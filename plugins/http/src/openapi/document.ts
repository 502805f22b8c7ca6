/**
 * The OpenAPI 3.1 document for a set of operations: one `POST` operation per tool version, with
 * the action's reflected schemas used unchanged (they are self-contained JSON Schema 2020-12, the
 * document's dialect), the adapter's error responses, and the action's semantic hints and version
 * as `x-axn-*` extension fields. Each `200` has two contents: the JSON reply, and the
 * `text/event-stream` a client gets by asking for it (hono/sse.ts) — OpenAPI 3.1 cannot type the events
 * of a stream, so their data schemas are named under `x-axn-events`.
 *
 * Every operation may answer 428 with questions (its body asked: pipeline/input-round.ts) and takes
 * the retry's answers as a second request media type, `application/vnd.axn.answers+json`; an action that declares `requires` lists it as
 * `x-axn-requires` (the route cannot tell from outside whether a body that declares nothing asks).
 *
 * `servers` is where the API is reached (by default `/`: wherever the document was fetched from),
 * and each request body carries an `example` valid against its schema (example.ts), so a reference
 * page's generated sample request runs as shown.
 *
 * Access: when the app authenticates or any tool is restricted, the document declares a `bearer`
 * security scheme and each operation its requirement from the action's access policy — a public
 * tool `[{}, { bearer: [] }]` (anonymous, or with a token), an `"authenticated"` one
 * `[{ bearer: [] }]`, a rule `[{ bearer: [...its scopes] }]` (OpenAPI 3.1 lets a non-OAuth scheme
 * list the scopes it needs) with the whole rule as `x-axn-access` — and the 401 / 403 it can answer.
 *
 * @example
 * ```ts
 * const doc = buildOpenApiDocument(HttpAdapter.tools(), { basePath: "/api", authenticated: false });
 * doc.paths["/api/approve_loan/v2"].post.operationId; // "approve_loan_v2"
 * ```
 */
import { accessPolicyOf, JSON_SCHEMA_DIALECT, type AccessPolicy, type JsonValue } from "@axn/core";
import { PLUGIN_NAME } from "../config.js";
import type { HttpOperation } from "../operation/wrap.js";
import { ANSWERS_MEDIA_TYPE } from "../replies.js";
import { exampleOf } from "./example.js";
import { ASYNC_OPERATION, JOB_COMPONENTS, jobPathItem } from "./jobs.js";

type JsonObject = { [key: string]: JsonValue };

/** One entry of the document's `servers`: where the API is reached. */
export interface OpenApiServer {
  /** An absolute `http(s)://` URL (the public URL behind a proxy), or a path such as `/`. */
  readonly url: string;
  readonly description?: string;
}

export interface OpenApiInfo {
  readonly title?: string;
  readonly version?: string;
  readonly description?: string;
  /**
   * The document's `servers`. Default: `[{ url: "/" }]`, the server the document is fetched from
   * (OpenAPI resolves a relative URL against the document's own), which is the served URL under
   * `axn serve` or any mount. Set it to the public URL when the API is reached elsewhere.
   */
  readonly servers?: readonly OpenApiServer[];
}

export interface OpenApiOptions {
  readonly basePath: string;
  /** Whether `serve.authenticate` may refuse a call (adds the 401 response). */
  readonly authenticated: boolean;
  readonly maxBodyBytes: number;
  readonly info?: OpenApiInfo;
  /**
   * Declare the bearer scheme even when none of `operations` is restricted: the app has restricted
   * operations this caller may not see (per-caller.ts). Default: from `authenticated` and the operations.
   */
  readonly secured?: boolean;
}

const ref = (kind: "schemas" | "responses", name: string): JsonObject => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: JsonValue): JsonObject => ({ "application/json": { schema } });

const COMPONENT_SCHEMAS: JsonObject = {
  Error: {
    type: "object",
    description: "Every error body: a sentence meant for the caller",
    properties: { error: { type: "string" } },
    required: ["error"],
    additionalProperties: false,
  },
  FieldError: {
    type: "object",
    properties: { field: { type: "string" }, message: { type: "string" } },
    required: ["field", "message"],
    additionalProperties: false,
  },
  InputError: {
    type: "object",
    description: "An invalid request: `fieldErrors` lists each wrong argument (absent when the body is not JSON)",
    properties: { error: { type: "string" }, fieldErrors: { type: "array", items: ref("schemas", "FieldError") } },
    required: ["error"],
    additionalProperties: false,
  },
  Message: {
    type: "object",
    description: "The success body of a tool that exposes nothing",
    properties: { message: { type: "string" } },
    required: ["message"],
    additionalProperties: false,
  },
  LiveEventStream: {
    type: "string",
    description:
      "Server-Sent Events, sent when the request's Accept lists text/event-stream: any number of `progress` and `log` events as the tool runs, then one `result` event whose data is the reply a JSON request gets, with its status",
  },
  ProgressEvent: {
    type: "object",
    description: "The data of an `event: progress`: `progress` grows with every event",
    properties: { progress: { type: "number" }, total: { type: "number" }, message: { type: "string" } },
    required: ["progress"],
    additionalProperties: false,
  },
  LogEvent: {
    type: "object",
    description: "The data of an `event: log`: a log message the tool meant for the client",
    properties: {
      level: {
        type: "string",
        enum: ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"],
      },
      logger: { type: "string" },
      data: {},
    },
    required: ["level", "logger", "data"],
    additionalProperties: false,
  },
  InputRequired: {
    type: "object",
    description:
      "The tool asked its caller something (428): answer each of `inputRequests` by key and call the same route again with an `application/vnd.axn.answers+json` body: `{ arguments, requestState, inputResponses }`",
    properties: {
      error: { type: "string" },
      status: { const: "input_required" },
      inputRequests: { type: "object", additionalProperties: ref("schemas", "InputRequest") },
      requestState: { type: "string", description: "Signed, bound to this caller, tool and arguments; expires" },
    },
    required: ["error", "status", "inputRequests", "requestState"],
    additionalProperties: false,
  },
  InputRequest: {
    description:
      "One question: a form for the user (`elicit`), a completion from the caller's model (`sample`), or the caller's roots (`roots`)",
    oneOf: [
      {
        type: "object",
        properties: {
          kind: { const: "elicit" },
          message: { type: "string" },
          requestedSchema: {
            type: "object",
            description: "A flat form of primitive fields (MCP's elicitation subset)",
          },
        },
        required: ["kind", "message", "requestedSchema"],
      },
      {
        type: "object",
        properties: {
          kind: { const: "sample" },
          messages: { type: "array", items: { type: "object" } },
          maxTokens: { type: "integer" },
          systemPrompt: { type: "string" },
          temperature: { type: "number" },
          stopSequences: { type: "array", items: { type: "string" } },
          modelPreferences: { type: "object" },
        },
        required: ["kind", "messages", "maxTokens"],
      },
      { type: "object", properties: { kind: { const: "roots" } }, required: ["kind"] },
    ],
  },
  InputRequiredEvent: {
    type: "object",
    description: "The data of an `event: input_required`, sent before the `result` (a 428) when the tool asked",
    properties: {
      inputRequests: { type: "object", additionalProperties: ref("schemas", "InputRequest") },
      requestState: { type: "string" },
    },
    required: ["inputRequests", "requestState"],
    additionalProperties: false,
  },
  ResultEvent: {
    type: "object",
    description: "The data of the final `event: result`: the status and body a JSON request would have received",
    properties: { status: { type: "integer" }, body: { type: "object" } },
    required: ["status", "body"],
    additionalProperties: false,
  },
};

const EVENT_STREAM: JsonObject = {
  "text/event-stream": {
    schema: ref("schemas", "LiveEventStream"),
    "x-axn-events": {
      progress: ref("schemas", "ProgressEvent"),
      log: ref("schemas", "LogEvent"),
      input_required: ref("schemas", "InputRequiredEvent"),
      result: ref("schemas", "ResultEvent"),
    },
  },
};

function componentResponses(maxBodyBytes: number): JsonObject {
  const error = (description: string, schema = "Error"): JsonObject => ({
    description,
    content: json(ref("schemas", schema)),
  });
  return {
    InvalidInput: error("The body is not valid JSON, or the arguments do not match the request schema", "InputError"),
    Unauthorized: error(
      "`authenticate` refused the request, or the tool needs an authenticated caller and none was given",
    ),
    Forbidden: error("The caller's principal does not satisfy the tool's access policy (a scope or role it lacks)"),
    PayloadTooLarge: error(
      `The body is larger than ${maxBodyBytes} bytes, or — a background call — its arguments exceed the queue's job size (queue.maxJobBytes)`,
    ),
    UnsupportedMediaType: error("The Content-Type is not application/json (optionally with charset=utf-8)"),
    Failure: error("The tool failed: `error` is the tool's own message"),
    InputRequired: {
      description:
        "The tool asked its caller (ctx.elicit / ctx.sample / ctx.roots): answer and call again with an `application/vnd.axn.answers+json` body. Any tool's body may ask; one whose action declares `requires` (x-axn-requires) always does",
      content: json(ref("schemas", "InputRequired")),
    },
    ServerError: error("The tool raised, or its result could not be rendered; nothing about the cause is disclosed"),
  };
}

const SCHEME = "bearer";

/** The operation's `security`, `x-axn-access` and the refusals it can answer, from the action's policy. */
function access(
  policy: AccessPolicy,
  secured: boolean,
): { security?: JsonValue; extension?: JsonValue; unauthorized: boolean; forbidden: boolean } {
  if (policy === "public")
    return secured
      ? { security: [{}, { [SCHEME]: [] }], unauthorized: false, forbidden: false }
      : { unauthorized: false, forbidden: false };
  if (policy === "authenticated")
    return { security: [{ [SCHEME]: [] }], extension: "authenticated", unauthorized: true, forbidden: false };
  const extension: JsonObject = {
    ...(policy.scopes === undefined ? {} : { scopes: [...policy.scopes] }),
    ...(policy.roles === undefined ? {} : { roles: [...policy.roles] }),
    ...(policy.allow === undefined ? {} : { predicate: true }),
  };
  return { security: [{ [SCHEME]: [...(policy.scopes ?? [])] }], extension, unauthorized: true, forbidden: true };
}

function operation(op: HttpOperation, options: OpenApiOptions, secured: boolean): JsonObject {
  const rule = access(accessPolicyOf(op.action), secured);
  const responses: JsonObject = {
    "200": {
      description:
        op.outputSchema === undefined
          ? "The tool succeeded; `message` says how"
          : "The tool succeeded: its exposed values",
      content: { ...json(op.outputSchema ?? ref("schemas", "Message")), ...EVENT_STREAM },
    },
    ...ASYNC_OPERATION.responses,
    "400": ref("responses", "InvalidInput"),
    ...(options.authenticated || rule.unauthorized ? { "401": ref("responses", "Unauthorized") } : {}),
    ...(rule.forbidden ? { "403": ref("responses", "Forbidden") } : {}),
    "413": ref("responses", "PayloadTooLarge"),
    "415": ref("responses", "UnsupportedMediaType"),
    "422": ref("responses", "Failure"),
    "428": ref("responses", "InputRequired"),
    "500": ref("responses", "ServerError"),
  };
  return {
    operationId: op.operationId,
    summary: `${op.toolName} (version ${op.toolVersion})`,
    ...(op.description === undefined ? {} : { description: op.description }),
    tags: [op.toolName],
    parameters: ASYNC_OPERATION.parameters,
    requestBody: {
      required: true,
      content: { "application/json": requestMedia(op.inputSchema), [ANSWERS_MEDIA_TYPE]: answersMedia(op.inputSchema) },
    },
    ...(op.action.requires.length === 0 ? {} : { "x-axn-requires": [...op.action.requires] }),
    responses,
    ...(rule.security === undefined ? {} : { security: rule.security }),
    ...(rule.extension === undefined ? {} : { "x-axn-access": rule.extension }),
    "x-axn-tool-name": op.toolName,
    "x-axn-tool-version": op.toolVersion,
    "x-axn-semantic-hints": [...op.semanticHints],
  };
}

/** The request body's media type: the schema, and an example valid against it where one can be made (example.ts). */
function requestMedia(schema: JsonValue): JsonObject {
  const example = exampleOf(schema);
  return example === undefined ? { schema } : { schema, example };
}

/**
 * The retry of a call answered 428 (pipeline/input-round.ts), as its own media type: the same
 * arguments under `arguments`, the state and the answers. Inline, so the schema stays
 * self-contained, as the arguments' own schema is.
 */
function answersMedia(input: JsonValue): JsonObject {
  return {
    schema: {
      type: "object",
      description:
        "The retry of a call answered 428: the same arguments, the reply's `requestState`, and an answer to each of its `inputRequests` by key",
      properties: {
        arguments: input,
        requestState: { type: "string" },
        inputResponses: {
          type: "object",
          additionalProperties: {
            description:
              'elicit: {"action":"accept","content":{…}} | {"action":"decline"} | {"action":"cancel"}; sample: {"text","model"?}; roots: {"roots":[{"uri","name"?}]}',
            type: "object",
          },
        },
      },
      required: ["arguments", "requestState", "inputResponses"],
      additionalProperties: false,
    },
  };
}

const SERVED_FROM: readonly OpenApiServer[] = [{ url: "/", description: "The server this document is served from" }];

function serversOf(servers: readonly OpenApiServer[] | undefined): JsonValue {
  const list = servers ?? SERVED_FROM;
  return list.map((server, i): JsonObject => {
    const url = server.url;
    if (typeof url !== "string" || !(url.startsWith("/") || /^https?:\/\/[^/]/.test(url))) {
      throw new TypeError(
        `${PLUGIN_NAME}: openapi.servers[${i}].url must be an http(s) URL or a path starting with "/" (such as "https://api.example.com"), got ${JSON.stringify(url)}`,
      );
    }
    // No trailing slash: each path begins with one.
    const trimmed = url.length > 1 ? url.replace(/\/+$/, "") : url;
    return server.description === undefined ? { url: trimmed } : { url: trimmed, description: server.description };
  });
}

export function buildOpenApiDocument(operations: readonly HttpOperation[], options: OpenApiOptions): JsonObject {
  const paths: JsonObject = {};
  const secured =
    options.secured === true ||
    options.authenticated ||
    operations.some((op) => accessPolicyOf(op.action) !== "public");
  for (const op of operations) paths[`${options.basePath}${op.route}`] = { post: operation(op, options, secured) };
  paths[`${options.basePath}/jobs/{id}`] = jobPathItem(options.authenticated);
  paths[`${options.basePath}/openapi.json`] = {
    get: {
      operationId: "openapi_document",
      summary: "This document",
      responses: {
        "200": { description: "The OpenAPI 3.1 document", content: json({ type: "object" }) },
        ...(options.authenticated ? { "401": ref("responses", "Unauthorized") } : {}),
      },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: options.info?.title ?? "axn tools",
      version: options.info?.version ?? "1.0.0",
      ...(options.info?.description === undefined ? {} : { description: options.info.description }),
    },
    jsonSchemaDialect: JSON_SCHEMA_DIALECT,
    servers: serversOf(options.info?.servers),
    paths,
    components: {
      schemas: { ...COMPONENT_SCHEMAS, ...JOB_COMPONENTS.schemas },
      responses: { ...componentResponses(options.maxBodyBytes), ...JOB_COMPONENTS.responses },
      parameters: JOB_COMPONENTS.parameters,
      ...(secured
        ? {
            securitySchemes: {
              [SCHEME]: { type: "http", scheme: "bearer", description: "A token the app's `authenticate` verifies" },
            },
          }
        : {}),
    },
  };
}
