/**
 * One tool's calls, from the model's arguments to the reply: resolve the trusted ambient context,
 * then run the tool pipeline (the shared Invoker profile — coercion, user-facing input errors,
 * undeclared keys refused, smuggled ambient context stripped — and the guarded mapping) with the
 * run's abort signal and its callbacks as the live channel (live.ts). Built once per tool, so a
 * call allocates only what it must.
 */
import type { AmbientContextSource, AnyAxn, AxnPrincipal } from "@axn/core";
import { ADAPTER_FAILURE_MESSAGE, reportAdapterError, toolPipeline } from "@axn/sdk/adapter";
import type { ToolRunnableConfig } from "@langchain/core/tools";
import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { abortError, untilAborted } from "./abort.js";
import { resolveAmbientContext, withPrincipal, type AmbientContextOption } from "./ambient.js";
import type { PresentAs } from "./config.js";
import { failedReply, replyMapping, type ToolReply } from "./map-result.js";
import { genAiAttributes } from "./span.js";
import { RunEvents } from "./live.js";
import { runAsJob } from "./job-call.js";
import { startJob } from "./job-handle.js";

export interface CallSettings {
  /** The `wrap` option; when absent, the action's `langchain.presentAs`, else the package value. */
  readonly presentAs: PresentAs | undefined;
  readonly ambientContext: AmbientContextOption | undefined;
  /** The bound caller (`null`: anonymous); absent: the ambient context's own principal. */
  readonly principal?: AxnPrincipal | null;
  /** Enqueue each call and await the job (`true`, job-call.ts), or answer with its handle (`"handle"`, job-handle.ts). */
  readonly background?: boolean | "handle";
}

/** One call; `toolName` is the tool's name as it stands now (it names the call's span). */
export type ToolCall = (
  args: unknown,
  config: ToolRunnableConfig,
  toolName: string,
  runManager?: CallbackManagerForToolRun,
) => Promise<ToolReply>;

export function toolCall(action: AnyAxn, settings: CallSettings): ToolCall {
  const mapping = replyMapping(action, settings.presentAs);
  const run = toolPipeline(action, mapping);
  const option = settings.ambientContext;
  const bound = settings.principal;
  return async (args, config, toolName, runManager) => {
    const { signal } = config;
    // A run already cancelled does not start the action at all.
    if (signal?.aborted) throw abortError(signal);
    let ambientContext: AmbientContextSource;
    try {
      ambientContext = resolveAmbientContext(option, config);
      if (bound !== undefined) ambientContext = withPrincipal(ambientContext, bound ?? undefined);
    } catch (error) {
      // The app's own ambient function threw: an integration bug, reported; never shown to the model.
      reportAdapterError(action, "adapter ambient context", error);
      return failedReply(ADAPTER_FAILURE_MESSAGE);
    }
    if (settings.background === "handle") return startJob(action, args, ambientContext, toolName);
    if (settings.background === true)
      return untilAborted(runAsJob(action, mapping, args, ambientContext, signal), signal);
    const spanAttributes = genAiAttributes({ toolName, toolCallId: config.toolCall?.id });
    // No run manager (no callbacks anywhere): nothing could see the events, so no channel at all.
    const live = runManager === undefined ? undefined : new RunEvents(action, config, runManager, toolName);
    const reply = untilAborted(run(args, { ambientContext, spanAttributes, signal, live }), signal);
    // Every event is delivered before the tool returns; a call that sent none returns as it is (no
    // extra promise turns on the usual call).
    return live === undefined
      ? reply
      : reply.then((value) => (live.dispatched ? live.settled().then(() => value) : value));
  };
}
