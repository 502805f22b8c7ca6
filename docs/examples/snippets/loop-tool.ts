/** docs/adapter-authoring.md — a tool for another library's loop (a LangGraph run here), one slot and one deadline per call. Run by test/sdk/adapter-call-slot.spec.ts. */
import type { AnyAxn, HttpServingPolicy } from "@axn/core";
import { toolPipeline, withCallSlot } from "@axn/sdk/adapter";
import { BUSY_MESSAGE } from "@axn/sdk/serving";
import { tool } from "@langchain/core/tools";
import { z } from "zod";

export function loopTool(action: AnyAxn, name: string, serving: Pick<HttpServingPolicy, "acquireCall">, ambientContext = {}) {
  const run = withCallSlot(
    toolPipeline(action, { success: (result) => result.message, failure: ({ error }) => `Error: ${error}` }),
    serving,                                  // the policy your transport's start({ serving }) received
    () => `Error: ${BUSY_MESSAGE}`,           // every slot taken: answered at once, never run
  );
  // The loop's signal (its run aborted, the client gone) cancels the call; the pipeline adds the deadline.
  return tool((args, config) => run(args, { ambientContext, signal: config?.signal }), {
    name, description: action.description ?? name, schema: z.object({}).passthrough(),
  });
}
