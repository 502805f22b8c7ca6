/**
 * The run-phase side of the host: the result sink it installs in the kernel, through which the
 * runtime hands every finished call to the `onResult` observers — and a call the access policy
 * refused, after that, to the `onAccessDenied` observers — without the runtime knowing the host.
 * While nothing observes there is no sink at all, so an unobserved call pays one property read; a
 * sink never enters tapable for a hook without taps (calling a hook compiles its dispatcher) and
 * never throws: the result is already settled, and an observer's failure is reported, not
 * propagated. A refusal a transport made outside any call (an MCP resource or prompt) reaches the
 * same observers through `reportAccessDenied`.
 */
import type { SyncHook } from "tapable";
import { reportException } from "../options/global.js";
import { kernel, type ResultSink } from "../kernel/state.js";
import { AccessDeniedError } from "../access/access-denied.js";
import type { AccessDeniedInfo, HostHooks, ResultInfo } from "./hooks.js";

type ResultHook = SyncHook<[ResultInfo]>;
type DeniedHook = SyncHook<[AccessDeniedInfo]>;

/** Calls the observers; never throws. */
function dispatch(results: ResultHook, denied: DeniedHook, ...[result, action]: Parameters<ResultSink>): void {
  try {
    if (results.taps.length > 0) results.call({ result, action, durationMs: result.elapsedMs });
    const error = result.exception;
    if (denied.taps.length > 0 && error instanceof AccessDeniedError) {
      denied.call({
        kind: "tool",
        action,
        tool: error.tool,
        reason: error.reason,
        principal: error.principal,
        message: error.message,
        error,
        result,
      });
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
    results.taps.length === 0 && denied.taps.length === 0
      ? undefined
      : (result, action) => dispatch(results, denied, result, action);
}

/**
 * Tells the active host's `onAccessDenied` observers about a refusal a transport made itself,
 * outside any action call (an MCP resource or prompt a caller may not use): the same audit trail
 * the Invoker's refusals reach. Never throws; nothing happens without a host or an observer.
 *
 * @example
 * ```ts
 * const refused = policyRefusal(resource.access, principal, { owner: "resource ticket", name: "resource ticket", verb: "read" });
 * if (refused !== undefined) reportAccessDenied("resource", refused);
 * ```
 */
export function reportAccessDenied(kind: "resource" | "prompt", error: AccessDeniedError): void {
  // The kernel holds the host as a `KernelHost`; every host in it was made by `createKernelHost`.
  const denied = (kernel.host as { readonly hooks?: HostHooks } | undefined)?.hooks?.onAccessDenied;
  if (denied === undefined || denied.taps.length === 0) return;
  try {
    denied.call({
      kind,
      action: undefined,
      result: undefined,
      tool: error.tool,
      reason: error.reason,
      principal: error.principal,
      message: error.message,
      error,
    });
  } catch (fault) {
    // Each tap already reports its own failure; this only catches a fault in the dispatch itself.
    reportException(fault, { action: error.action, phase: "onAccessDenied" });
  }
}
