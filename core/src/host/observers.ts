/**
 * The run-phase side of the host: the result sink it installs in the kernel, through which the
 * runtime hands every finished call to the `onResult` observers — without the runtime knowing the
 * host. While nothing observes there is no sink at all, so an unobserved call pays one property
 * read; a sink never enters tapable for a hook without taps (calling a hook compiles its
 * dispatcher) and never throws: the result is already settled, and an observer's failure is
 * reported, not propagated.
 */
import type { SyncHook } from "tapable";
import { reportException } from "../config/global.js";
import { kernel, type ResultSink } from "../kernel/state.js";
import type { ResultInfo } from "./hooks.js";

/** Calls the observers; never throws. */
function dispatch(hook: SyncHook<[ResultInfo]>, ...[result, action]: Parameters<ResultSink>): void {
  try {
    hook.call({ result, action, durationMs: result.elapsedMs });
  } catch (error) {
    // Each tap already reports its own failure; this only catches a fault in the dispatch itself.
    reportException(error, { action: action.name, phase: "onResult" });
  }
}

/** A host starting its load phase: calls made meanwhile reach whatever observers have tapped so far. */
export function installLoadPhaseSink(hook: SyncHook<[ResultInfo]>): void {
  kernel.resultSink = (result, action) => {
    if (hook.taps.length > 0) dispatch(hook, result, action);
  };
}

/** A host entering its run phase, taps final: a direct sink when something observes, else none. */
export function installRunPhaseSink(hook: SyncHook<[ResultInfo]>): void {
  kernel.resultSink = hook.taps.length === 0 ? undefined : (result, action) => dispatch(hook, result, action);
}
