/**
 * The run-phase side of the host: the result sink it installs in the kernel, through which the
 * runtime hands every finished call to the `onResult` observers — and a call the access policy
 * refused, after that, to the `onAccessDenied` observers — without the runtime knowing the host.
 * While nothing observes there is no sink at all, so an unobserved call pays one property read; a
 * sink never enters tapable for a hook without taps (calling a hook compiles its dispatcher) and
 * never throws: the result is already settled, and an observer's failure is reported, not
 * propagated.
 */
import type { SyncHook } from "tapable";
import { reportException } from "../config/global.js";
import { kernel, type ResultSink } from "../kernel/state.js";
import { AccessDeniedError } from "../access/access-denied.js";
import type { AccessDeniedInfo, ResultInfo } from "./hooks.js";

type ResultHook = SyncHook<[ResultInfo]>;
type DeniedHook = SyncHook<[AccessDeniedInfo]>;

/** Calls the observers; never throws. */
function dispatch(results: ResultHook, denied: DeniedHook, ...[result, action]: Parameters<ResultSink>): void {
  try {
    if (results.taps.length > 0) results.call({ result, action, durationMs: result.elapsedMs });
    const error = result.exception;
    if (denied.taps.length > 0 && error instanceof AccessDeniedError) {
      denied.call({ action, tool: error.tool, reason: error.reason, principal: error.principal, message: error.message, error, result });
    }
  } catch (error) {
    // Each tap already reports its own failure; this only catches a fault in the dispatch itself.
    reportException(error, { action: action.name, phase: "onResult" });
  }
}

/** A host starting its load phase: calls made meanwhile reach whatever observers have tapped so far. */
export function installLoadPhaseSink(results: ResultHook, denied: DeniedHook): void {
  kernel.resultSink = (result, action) => {
    if (results.taps.length > 0 || denied.taps.length > 0) dispatch(results, denied, result, action);
  };
}

/** A host entering its run phase, taps final: a direct sink when something observes, else none. */
export function installRunPhaseSink(results: ResultHook, denied: DeniedHook): void {
  kernel.resultSink =
    results.taps.length === 0 && denied.taps.length === 0 ? undefined : (result, action) => dispatch(results, denied, result, action);
}
