/**
 * One tool call, from the model's arguments to the reply: resolve the trusted ambient context,
 * run the action through the shared Invoker (coercion, user-facing input errors, undeclared keys
 * refused, smuggled ambient context stripped) with the run's abort signal, then map the result.
 */
import { Invoker, reportException, raisesInDev, type AmbientContextSource, type AnyAxn } from "@axn/core";
import type { ToolRunnableConfig } from "@langchain/core/tools";
import { abortError, untilAborted } from "./abort.js";
import { resolveAmbientContext, type AmbientContextOption } from "./ambient.js";
import { langchainConfig, type PresentAs } from "./config.js";
import { ADAPTER_FAILURE_MESSAGE, failedReply, replyFor, type ToolReply } from "./map-result.js";
import { genAiAttributes } from "./span.js";

/** Every LangChain tool call goes through this one profile (immutable, so sharing it is safe). */
export const toolInvoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

export interface CallSettings {
  readonly toolName: string;
  /** The `wrap` option; when absent, the action's `langchain.presentAs`, else the package value. */
  readonly presentAs: PresentAs | undefined;
  readonly ambientContext: AmbientContextOption | undefined;
}

export async function callAction(action: AnyAxn, args: unknown, config: ToolRunnableConfig, settings: CallSettings): Promise<ToolReply> {
  const { signal } = config;
  // A run already cancelled does not start the action at all.
  if (signal?.aborted) throw abortError(signal);
  let ambientContext: AmbientContextSource;
  try {
    ambientContext = resolveAmbientContext(settings.ambientContext, config);
  } catch (error) {
    // The app's own ambient function threw: an integration bug, reported; never shown to the model.
    reportException(error, { action: action.name, phase: "adapter ambient context" });
    if (raisesInDev()) throw error;
    return failedReply(ADAPTER_FAILURE_MESSAGE);
  }
  const attributes = genAiAttributes({ toolName: settings.toolName, toolCallId: config.toolCall?.id });
  const call = toolInvoker.call(action, args, { ambientContext, spanAttributes: attributes, signal });
  const result = await untilAborted(call, signal);
  // Resolved per call, so an app's later `configure` applies to tools wrapped before it.
  const presentAs = settings.presentAs ?? langchainConfig.resolveOverrideFor(action, "presentAs");
  return replyFor(action, result, presentAs);
}
