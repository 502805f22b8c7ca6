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
import { GraphQuestions, INTERRUPTED_REASON } from "./graph-questions.js";
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
    const events = runManager === undefined ? undefined : new RunEvents(action, config, runManager, toolName);
    const questions = GraphQuestions.of(config, toolName);
    if (questions !== undefined)
      return askingCall(questions, events, signal, (live, bodySignal) =>
        run(args, { ambientContext, spanAttributes, signal: bodySignal, live }),
      );
    const reply = untilAborted(run(args, { ambientContext, spanAttributes, signal, live: events }), signal);
    // Every event is delivered before the tool returns; a call that sent none returns as it is (no
    // extra promise turns on the usual call).
    return events === undefined
      ? reply
      : reply.then((value) => (events.dispatched ? events.settled().then(() => value) : value));
  };
}

/**
 * A call inside a graph that can pause (graph-questions.ts): it ends with the body's reply, or —
 * when the body asked something not answered yet — by throwing the graph's interrupt, the body
 * abandoned (its signal aborted) because LangGraph runs the tool again on resume.
 */
async function askingCall(
  questions: GraphQuestions,
  events: RunEvents | undefined,
  signal: AbortSignal | undefined,
  run: (live: ReturnType<GraphQuestions["channel"]>, signal: AbortSignal) => Promise<ToolReply>,
): Promise<ToolReply> {
  const ended = new AbortController();
  const forward = (): void => ended.abort(signal?.reason);
  signal?.addEventListener("abort", forward, { once: true });
  try {
    const reply = run(questions.channel(events), ended.signal);
    const outcome = await untilAborted(Promise.race([reply, questions.needed.then(() => PAUSED)]), signal);
    if (outcome === PAUSED) {
      ended.abort(INTERRUPTED_REASON);
      reply.catch(() => undefined);
    }
    if (events?.dispatched) await events.settled();
    if (outcome === PAUSED) throw questions.raised;
    return outcome as ToolReply;
  } finally {
    signal?.removeEventListener("abort", forward);
  }
}

const PAUSED = Symbol("paused");
