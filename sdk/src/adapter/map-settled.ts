/**
 * `mapSettledResult`: the mapping half of `toolPipeline` for a result that settled elsewhere — a
 * job a worker ran (`Jobs.find(id)` then `job.result()`). The same mapping, under the same guard,
 * so a transport answers a finished job exactly as it would have answered the synchronous call.
 *
 * @example
 * ```ts
 * const result = await job.result();
 * const reply = await mapSettledResult(action, result, { success: toReply, failure: toErrorReply });
 * ```
 */
import type { AnyAxn, Result } from "@axn/core";
import { ADAPTER_FAILURE, toolFailureKind, toolFailureOf } from "./failure.js";
import { isThenable, RESPONSE_PHASE } from "./guard.js";
import type { ToolMapping } from "./pipeline.js";
import { reportAdapterError } from "./report-error.js";

export async function mapSettledResult<S, F>(
  action: AnyAxn,
  result: Result<Record<string, unknown>>,
  mapping: ToolMapping<S, F>,
): Promise<S | F> {
  try {
    if (!result.ok) return mapping.failure(toolFailureOf(result), toolFailureKind(result));
    const value = mapping.success(result);
    return isThenable(value) ? await value : value;
  } catch (error) {
    reportAdapterError(action, RESPONSE_PHASE, error);
    return mapping.failure(ADAPTER_FAILURE, "adapter");
  }
}
