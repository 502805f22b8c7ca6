/**
 * The run-phase side of the host: `notifyResult` hands every finished call to the `onResult`
 * observers. The runtime calls it after every call, so it returns before touching tapable when
 * nothing observes (calling a hook compiles its dispatcher), and it never throws: the result is
 * already settled and an observer's failure is reported, not propagated.
 */
import { reportException } from "../config/global.js";
import { activeHost } from "./host.js";
import type { ResultInfo } from "./hooks.js";

/** Runs the `onResult` observers of the active host, if any. Sync; never throws. */
export function notifyResult(info: ResultInfo): void {
  const hook = activeHost()?.hooks.onResult;
  if (hook === undefined || hook.taps.length === 0) return;
  try {
    hook.call(info);
  } catch (error) {
    // Each tap already reports its own failure; this only catches a fault in the dispatch itself.
    reportException(error, { action: info.action.name, phase: "onResult" });
  }
}
