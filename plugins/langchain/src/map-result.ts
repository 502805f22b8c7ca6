/**
 * Turns an action's `Result` into what the model reads back — the mapping half of the tool
 * pipeline. Success: the JSON of the rendered exposes (`presentAs: "structured"`) or the action's
 * message (`"message"`, or an action that exposes nothing), with the rendered exposes as the tool
 * message's artifact. Failure: the action's own `result.error`, always — no adapter-wide headline,
 * for refused arguments too (the author may have written that sentence). For refused arguments the
 * per-field detail rides beside it, as the artifact `{ fieldErrors }`.
 */
import { mediaFieldsOf, type AnyAxn, type FieldError, type JsonValue, type MediaValue } from "@axn/core";
import type { ContentBlock } from "@langchain/core/messages";
import { serializeExposed, type ToolFailure, type ToolMapping } from "@axn/sdk/adapter";
import { langchainConfig, type PresentAs } from "./config.js";
import { mediaBlock } from "./media.js";

export { ADAPTER_FAILURE_MESSAGE } from "@axn/sdk/adapter";

/** The rendered exposes: JSON-safe, exactly the declared fields. */
export type ToolArtifact = { [key: string]: JsonValue };

/** The artifact of a call whose arguments were refused: each violation, as HTTP's `fieldErrors`. */
export interface InvalidArgumentsArtifact {
  readonly fieldErrors: readonly FieldError[];
}

export type ToolReply =
  | { readonly ok: true; readonly content: string | ContentBlock[]; readonly artifact: ToolArtifact | undefined }
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
  const media = new Set(mediaFieldsOf(action).map((field) => field.name));
  if (media.size > 0) return mediaReplyMapping(action, presentAs, media);
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

/**
 * A tool with media exposes: the text (the other exposes' JSON, or the message) and then one
 * content block per media value (media.ts). The artifact is still every rendered expose.
 */
function mediaReplyMapping(
  action: AnyAxn,
  presentAs: PresentAs | undefined,
  media: ReadonlySet<string>,
): ToolMapping<ToolReply, ToolReply> {
  return {
    success(result) {
      const artifact = serializeExposed(langchainConfig, result);
      const rest: ToolArtifact = {};
      const blocks: ContentBlock[] = [];
      for (const key of Object.keys(artifact)) {
        if (media.has(key)) blocks.push(mediaBlock(artifact[key] as unknown as MediaValue));
        else rest[key] = artifact[key]!;
      }
      const present = presentAs ?? langchainConfig.resolveOverrideFor(action, "presentAs");
      const text = present === "message" || Object.keys(rest).length === 0 ? result.message : JSON.stringify(rest);
      return { ok: true, content: [{ type: "text", text }, ...blocks], artifact };
    },
    failure: failureReply,
  };
}
