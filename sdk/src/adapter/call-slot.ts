/**
 * `withCallSlot`: one tool call, one slot of the server's concurrency cap, for an endpoint whose
 * tool calls happen inside another library's loop — an AI SDK `generateText` or a LangGraph run
 * behind a chat endpoint, where one request makes any number of tool calls, some at once. Holding
 * one slot for the whole request would let a single chat run unbounded work; so each tool call the
 * loop makes takes its own slot (or is answered `busy()` at once when the server is at its cap),
 * runs through its tool pipeline (which gives it its own `serve.callTimeoutMs` deadline), and
 * gives the slot back when it is answered — or, answered at its deadline while the body ignoring
 * its signal runs on, when that body ends, so abandoned work stays counted against the cap.
 *
 * An endpoint whose request is one tool call (an HTTP route, an MCP `tools/call`) takes the slot
 * itself (`serving.acquireCall()`); this helper is for the calls a loop makes on its own.
 *
 * @example
 * ```ts
 * // Inside the endpoint's request handler: `serving` is the policy `start({ serving })` received.
 * const run = withCallSlot(toolPipeline(action, mapping), serving, () => ({ ok: false, error: BUSY_MESSAGE }));
 * const aiTool = tool({ inputSchema: jsonSchema(action.inputSchema), execute: (args, { abortSignal }) =>
 *   run(args, { ambientContext: { [PRINCIPAL_AMBIENT_KEY]: principal }, signal: abortSignal }) });
 * ```
 */
import type { HttpServingPolicy } from "@axn/core";
import { CallSlot } from "../serving/call-limiter.js";
import type { ToolCallOptions, ToolPipeline } from "./pipeline.js";

/** Where the slots come from: the serving policy `axn serve` hands a transport (or `servingPolicy()`). */
export type CallSlots = Pick<HttpServingPolicy, "acquireCall">;

/**
 * `run` (a `toolPipeline`), each call holding a slot of `slots`; `busy()` answers a call made while
 * every slot is taken (it does not run). The caller's `onOverdue`, if any, is told too.
 */
export function withCallSlot<R, B>(run: ToolPipeline<R>, slots: CallSlots, busy: () => B): ToolPipeline<R | B> {
  if (typeof run !== "function") throw new TypeError("withCallSlot: the first argument must be a toolPipeline(...)");
  if (typeof slots?.acquireCall !== "function")
    throw new TypeError(
      "withCallSlot: the second argument must have acquireCall() (the serving policy from start({ serving }))",
    );
  return async (args, call) => {
    const release = slots.acquireCall();
    if (release === undefined) return busy();
    const slot = new CallSlot(release);
    try {
      return await run(args, new SlottedCallOptions(call, slot));
    } finally {
      slot.answered();
    }
  };
}

/**
 * The caller's options with the slot's `onOverdue`. Read through, never spread: a loop may hand a
 * class whose `live` or `signal` is a getter built on first use.
 */
class SlottedCallOptions implements ToolCallOptions {
  readonly #call: ToolCallOptions | undefined;
  readonly #slot: CallSlot;

  constructor(call: ToolCallOptions | undefined, slot: CallSlot) {
    this.#call = call;
    this.#slot = slot;
  }

  get ambientContext(): ToolCallOptions["ambientContext"] {
    return this.#call?.ambientContext;
  }

  get signal(): ToolCallOptions["signal"] {
    return this.#call?.signal;
  }

  get live(): ToolCallOptions["live"] {
    return this.#call?.live;
  }

  get spanAttributes(): ToolCallOptions["spanAttributes"] {
    return this.#call?.spanAttributes;
  }

  get traceContext(): ToolCallOptions["traceContext"] {
    return this.#call?.traceContext;
  }

  readonly onOverdue = (settled: Promise<void>): void => {
    this.#slot.onOverdue(settled);
    this.#call?.onOverdue?.(settled);
  };
}
