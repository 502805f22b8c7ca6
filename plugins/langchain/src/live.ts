/**
 * The LangChain live channel of one tool call: the action's `ctx.progress` and `ctx.notify`
 * become custom events on the run's callbacks — `axn_progress` (`{ progress, total?, message?,
 * tool, toolCallId? }`) and `axn_log` (`{ level, logger, data, tool, toolCallId? }`) — so a
 * callback handler's `handleCustomEvent`, or `streamEvents`' `on_custom_event`, sees them under
 * the tool's run. They are dispatched in order and all delivered before the tool returns; a tool
 * called with no callbacks at all reports nothing. Questions are not events: inside a LangGraph run
 * that can pause, `ctx.elicit` becomes an interrupt (graph-questions.ts); elsewhere, and for
 * `ctx.sample` and `ctx.roots()` always, the answer is `unavailable`.
 */
import type { LiveChannel, LogEntry, ProgressUpdate } from "@axn/core";
// The explicit-config variant: the tool always has its run config, and this entry does not install
// a process-wide AsyncLocalStorage on import as the node entry does.
import { dispatchCustomEvent } from "@langchain/core/callbacks/dispatch/web";
import type { CallbackManagerForToolRun } from "@langchain/core/callbacks/manager";
import { patchConfig } from "@langchain/core/runnables";
import type { ToolRunnableConfig } from "@langchain/core/tools";
import { reportAdapterError } from "@axn/sdk/adapter";
import type { AnyAxn } from "@axn/core";

/** The custom event names. */
export const LIVE_EVENTS = Object.freeze({ progress: "axn_progress", log: "axn_log" } as const);

/** One call's channel; `settled()` resolves once every event it dispatched was handled. */
export class RunEvents implements LiveChannel {
  #pending: Promise<void> = Promise.resolve();
  #dispatchedAny = false;
  readonly #who: { readonly tool: string; readonly toolCallId?: string };
  #config: ToolRunnableConfig | undefined;

  constructor(
    private readonly action: AnyAxn,
    private readonly parent: ToolRunnableConfig,
    private readonly runManager: CallbackManagerForToolRun,
    tool: string,
  ) {
    const id = parent.toolCall?.id;
    this.#who = id === undefined ? { tool } : { tool, toolCallId: id };
  }

  /** The tool run's own config (its callbacks are the run's children), built on the first event. */
  #runConfig(): ToolRunnableConfig {
    return (this.#config ??= patchConfig(this.parent, { callbacks: this.runManager.getChild() }));
  }

  progress(update: ProgressUpdate): void {
    this.#dispatch(LIVE_EVENTS.progress, { ...update, ...this.#who });
  }

  log(entry: LogEntry): void {
    this.#dispatch(LIVE_EVENTS.log, { level: entry.level, logger: entry.logger, data: entry.data, ...this.#who });
  }

  settled(): Promise<void> {
    return this.#pending;
  }

  /** Whether the call dispatched anything: most do not, and then there is nothing to wait for. */
  get dispatched(): boolean {
    return this.#dispatchedAny;
  }

  #dispatch(name: string, payload: Record<string, unknown>): void {
    this.#dispatchedAny = true;
    // Chained: a handler sees the events in the order the action made them.
    this.#pending = this.#pending
      .then(() => dispatchCustomEvent(name, payload, this.#runConfig()))
      .catch((error: unknown) => reportAdapterError(this.action, "langchain live event", error, false));
  }
}
