/**
 * Turns an action's `Result` into what the model reads back — the mapping half of the tool
 * pipeline. Success: the JSON of the rendered exposes (`presentAs: "structured"`) or the action's
 * message (`"message"`, or an action that exposes nothing), with the rendered exposes as the tool
 * message's artifact. Failure: the action's own `result.error`, always — no adapter-wide headline,
 * for refused arguments too (the author may have written that sentence). For refused arguments the
 * per-field detail rides beside it, as the artifact `{ fieldErrors }`.
 */
import type { AnyAxn, FieldError, JsonValue } from "@axn/core";
import { serializeExposed, type ToolFailure, type ToolMapping } from "@axn/sdk/adapter";
import { langchainConfig, type PresentAs } from "./config.js";

export { ADAPTER_FAILURE_MESSAGE } from "@axn/sdk/adapter";

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

function failureReply({ error, fieldErrors }: ToolFailure): ToolReply {
  return failedReply(error, fieldErrors === undefined ? undefined : { fieldErrors });
}

/** The mapping of one tool; `presentAs` is the `wrap` option (absent: resolved per call). */
export function replyMapping(action: AnyAxn, presentAs: PresentAs | undefined): ToolMapping<ToolReply, ToolReply> {
  const exposes = action.outputSchema !== undefined;
  return {
    success(result) {
      const artifact = exposes ? serializeExposed(langchainConfig, result) : undefined;
      // Resolved per call, so an app's later `configure` applies to tools wrapped before it.
      const present = presentAs ?? langchainConfig.resolveOverrideFor(action, "presentAs");
      const content = present === "message" || artifact === undefined ? result.message : JSON.stringify(artifact);
      return { ok: true, content, artifact };
    },
    failure: failureReply,
  };
}
