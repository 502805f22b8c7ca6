/**
 * docs/plugins/langchain.md — the API as the page lists it (checked against the real exports), and
 * §8's direct tool call. Pinned by test/plugins/langchain/docs-example.spec.ts.
 */
import plugin, { LangchainAdapter, langchainConfig, type ActionTool, type JobStatusTool } from "axn-plugin-langchain";
import type { AmbientContextSource, AnyAxn, AxnPrincipal } from "@axn/core";
import type { ToolRunnableConfig } from "@langchain/core/tools";

plugin;                                                                       // registers adapter key "langchain"
langchainConfig;                                                              // the `langchain` settings (§7)
LangchainAdapter.tools satisfies (options?: ToolsOptions) => ActionTool[];
LangchainAdapter.wrap satisfies (action: AnyAxn, options?: WrapOptions) => ActionTool;
LangchainAdapter.jobStatusTool satisfies (tools: readonly ActionTool[], options?: JobStatusToolOptions) => JobStatusTool;

interface WrapOptions {
  name?: string;                 // default action.toolName("langchain"); must match [a-z0-9_]
  description?: string;          // default action.description, else "<name> tool"
  presentAs?: "structured" | "message"; // default: the action's langchain.presentAs, else the package value
  ambientContext?: AmbientContextSource | ((config: ToolRunnableConfig) => AmbientContextSource | undefined);
  principal?: AxnPrincipal | null; // every call runs as this caller (null: anonymous); see "Access" below
  background?: boolean | "handle"; // true: enqueue each call and await the job; "handle": answer with the job (§5b); default false
}
type ToolsOptions = Omit<WrapOptions, "name" | "description">;
interface JobStatusToolOptions {
  principal?: AxnPrincipal | null; // whose jobs it finds; default: the tools' bound caller, else the run's
  ambientContext?: AmbientContextSource | ((config: ToolRunnableConfig) => AmbientContextSource | undefined);
}

// The listing above is the exported types (imports are hoisted): the same members, each assignable both ways.
import type { JobStatusToolOptions as RealJobStatusToolOptions, ToolsOptions as RealToolsOptions, WrapOptions as RealWrapOptions } from "axn-plugin-langchain";
type Is<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const listing: [Is<keyof WrapOptions, keyof RealWrapOptions>, Is<WrapOptions, RealWrapOptions>, Is<ToolsOptions, RealToolsOptions>, Is<JobStatusToolOptions, RealJobStatusToolOptions>] = [true, true, true, true];

/** §8, "Testing your tools". */
export async function invokeDirectly() {
  const tool = LangchainAdapter.wrap(Transfer);
  const message = await tool.invoke(
    { name: tool.name, args: { amount: 500, to: "frozen" }, id: "call_1", type: "tool_call" },
    { context: { userId: "u_17" } },
  );
  // message.status === "error"; message.content === "Could not transfer: the destination account is frozen"
  return message;
}

import { Transfer } from "./langchain-app/src/agent_tools/transfer.js";
