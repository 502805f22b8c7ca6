/**
 * Turns an action's `Result` into what the model reads back. Success: the JSON of the rendered
 * exposes (`presentAs: "structured"`) or the action's message (`"message"`, or an action that
 * exposes nothing), with the rendered exposes as the tool message's artifact. Failure: the
 * action's own `result.error`, always — no adapter-wide headline, for refused arguments too (the
 * author may have written that sentence). For refused arguments the per-field detail rides beside
 * it, as the artifact `{ fieldErrors }`. The mapping is guarded: a value with no JSON form is
 * reported and answered with a generic error.
 */
import { Invoker, type AnyAxn, type FieldError, type JsonValue, type Result } from "@axn/core";
import { guardToolResponse, serializeExposed } from "@axn/sdk/adapter";
import { langchainConfig, type PresentAs } from "./config.js";

/** What the model reads when the adapter itself could not build a response. */
export const ADAPTER_FAILURE_MESSAGE = "The tool could not produce a valid response";

/** The rendered exposes: JSON-safe, exactly the declared fields. */
export type ToolArtifact = { [key: string]: JsonValue };

/** The artifact of a call whose arguments were refused: each violation, as HTTP's `fieldErrors`. */
export interface InvalidArgumentsArtifact {
  readonly fieldErrors: readonly FieldError[];
}

export type ToolReply =
  | { readonly ok: true; readonly content: string; readonly artifact: ToolArtifact | undefined }
  | { readonly ok: false; readonly content: string; readonly artifact: InvalidArgumentsArtifact | undefined };

export function failedReply(content: string, artifact?: InvalidArgumentsArtifact): ToolReply {
  return { ok: false, content, artifact };
}

export function replyFor(action: AnyAxn, result: Result<Record<string, unknown>>, presentAs: PresentAs): ToolReply {
  return guardToolResponse(action, { onError: () => failedReply(ADAPTER_FAILURE_MESSAGE) }, () => mapResult(action, result, presentAs));
}

function mapResult(action: AnyAxn, result: Result<Record<string, unknown>>, presentAs: PresentAs): ToolReply {
  if (!result.ok) {
    const error = result.error ?? result.message;
    if (!Invoker.inputInvalid(result)) return failedReply(error);
    // Copied field by field: the artifact is data for the app, not the exception's own objects.
    return failedReply(error, { fieldErrors: Invoker.fieldErrors(result).map(({ field, message }) => ({ field, message })) });
  }
  const artifact = action.outputSchema === undefined ? undefined : serializeExposed(langchainConfig, result);
  const content = presentAs === "message" || artifact === undefined ? result.message : JSON.stringify(artifact);
  return { ok: true, content, artifact };
}
