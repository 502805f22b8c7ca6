/**
 * Turns an action's `Result` into what the model reads back. Success: the JSON of the rendered
 * exposes (`presentAs: "structured"`) or the action's message (`"message"`, or an action that
 * exposes nothing), with the rendered exposes as the tool message's artifact. Failure: the
 * action's own `result.error` — no adapter-wide headline — or, for arguments the Invoker refused,
 * `Invalid tool arguments: <what was wrong>` so the model can correct its call. The mapping is
 * guarded: a value with no JSON form is reported and answered with a generic error.
 */
import { Invoker, type AnyAxn, type JsonValue, type Result } from "@axn/core";
import { guardToolResponse, serializeExposed } from "@axn/sdk/adapter";
import { langchainConfig, type PresentAs } from "./config.js";

/** What the model reads when the adapter itself could not build a response. */
export const ADAPTER_FAILURE_MESSAGE = "The tool could not produce a valid response";

/** Prefixes the Invoker's composed field messages for a call whose arguments were refused. */
export const INVALID_ARGUMENTS_PREFIX = "Invalid tool arguments: ";

/** The rendered exposes: JSON-safe, exactly the declared fields. */
export type ToolArtifact = { [key: string]: JsonValue };

export type ToolReply =
  | { readonly ok: true; readonly content: string; readonly artifact: ToolArtifact | undefined }
  | { readonly ok: false; readonly content: string };

export function failedReply(content: string): ToolReply {
  return { ok: false, content };
}

export function replyFor(action: AnyAxn, result: Result<Record<string, unknown>>, presentAs: PresentAs): ToolReply {
  return guardToolResponse(action, { onError: () => failedReply(ADAPTER_FAILURE_MESSAGE) }, () => mapResult(action, result, presentAs));
}

function mapResult(action: AnyAxn, result: Result<Record<string, unknown>>, presentAs: PresentAs): ToolReply {
  // The exception's message is the composed field violations (meant for the caller); the headline
  // in `result.error` would only repeat what the model already knows it called.
  if (Invoker.inputInvalid(result)) return failedReply(`${INVALID_ARGUMENTS_PREFIX}${result.exception.message}`);
  if (!result.ok) return failedReply(result.error ?? result.message);
  const artifact = action.outputSchema === undefined ? undefined : serializeExposed(langchainConfig, result);
  const content = presentAs === "message" || artifact === undefined ? result.message : JSON.stringify(artifact);
  return { ok: true, content, artifact };
}
