/**
 * Maps a call's `Result` to the HTTP reply. Success is 200 with the rendered exposes (rendered with
 * the per-tool `rejectOpaqueExposedValues`), or `{ message }` when the tool exposes nothing; a
 * correctable input error is 400 with `{ error, fieldErrors }`; a business failure is 422; an
 * exception is 500. The client always sees `result.error` — the action's own words — never the
 * exception's message. Rendering runs inside `guardToolResponse`, so a value with no JSON form is
 * reported once and answered with the adapter's own 500.
 */
import { Invoker, type AnyAxn, type JsonValue, type Result } from "@axn/core";
import { guardToolResponse, serializeExposed, type GuardOptions } from "@axn/sdk/adapter";
import { httpConfig } from "./config.js";
import { errorReply, Messages, type HttpReply } from "./replies.js";

/**
 * What escapes the mapping in development, where `guardToolResponse` rethrows after reporting: the
 * app's error handler answers it without reporting the same failure a second time.
 */
export class ReportedMappingFailure extends Error {
  constructor(cause: unknown) {
    super("The tool's result could not be mapped to a response (already reported)", { cause });
    this.name = "ReportedMappingFailure";
  }
}

/** The guard's answer when rendering fails (one object for every call: it depends on nothing). */
const ANSWER_UNRENDERABLE: GuardOptions<HttpReply> = { onError: () => errorReply(500, Messages.unrenderable) };

export function replyFor(action: AnyAxn, result: Result<Record<string, unknown>>): HttpReply {
  if (result.ok) {
    try {
      return guardToolResponse(action, ANSWER_UNRENDERABLE, () => successReply(action, result));
    } catch (error) {
      throw new ReportedMappingFailure(error);
    }
  }
  const error = result.error ?? result.message;
  if (Invoker.inputInvalid(result)) {
    const fieldErrors: JsonValue[] = Invoker.fieldErrors(result).map((e) => ({ field: e.field, message: e.message }));
    return { status: 400, body: { error, fieldErrors } };
  }
  return errorReply(result.outcome === "failure" ? 422 : 500, error);
}

function successReply(action: AnyAxn, result: Result<Record<string, unknown>>): HttpReply {
  if (action.outputSchema === undefined) return { status: 200, body: { message: result.message } };
  const body = serializeExposed(httpConfig, result);
  return { status: 200, body, encoded: JSON.stringify(body) };
}
