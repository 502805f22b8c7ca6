/**
 * docs/plugins/langchain.md §5b — tools that answer with a job handle, and the companion tool that
 * collects the result. Run by test/queue/langchain-handle.spec.ts in a real agent loop.
 */
import type { AnyAxn, AxnPrincipal } from "@axn/core";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { StructuredTool } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { LangchainAdapter } from "axn-plugin-langchain";

export function backgroundAgent(model: BaseChatModel, actions: readonly AnyAxn[], principal: AxnPrincipal) {
  const jobs = actions.map((action) => LangchainAdapter.wrap(action, { background: "handle", principal }));
  // The model starts jobs with these tools, then checks on them and collects them with axn_job_status.
  const tools: StructuredTool[] = [...jobs, LangchainAdapter.jobStatusTool(jobs)];
  return createAgent({ model, tools });
}
