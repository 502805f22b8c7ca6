/**
 * `LangchainAdapter`: the adapter's public pair. `wrap(action, options?)` turns one action into an
 * `ActionTool`; `tools(options?)` wraps every action registered for the `langchain` key (zero
 * arguments: every option defaults). Neither touches the action: the same action keeps working as
 * a direct call and under every other adapter.
 *
 * @example
 * ```ts
 * import { createAgent } from "langchain";
 * import { LangchainAdapter } from "axn-plugin-langchain";
 *
 * const agent = createAgent({ model, tools: LangchainAdapter.tools() });
 * await agent.invoke({ messages: [{ role: "user", content: "List acme's companies" }] }, { context: { userId } });
 * ```
 */
import { TOOL_NAME_PATTERN, Tools, type AnyAxn } from "@axn/core";
import { ActionTool } from "./action-tool.js";
import type { AmbientContextOption } from "./ambient.js";
import { ADAPTER_KEY, type PresentAs } from "./config.js";

export interface WrapOptions {
  /** The tool name the model calls (`[a-z0-9_]`). Default: `action.toolName("langchain")`. */
  readonly name?: string;
  /** Default: `action.description` (else LangChain's own `"<name> tool"`). */
  readonly description?: string;
  /** Overrides the action's `langchain.presentAs` and the package-wide value for this tool. */
  readonly presentAs?: PresentAs;
  /**
   * The trusted ambient context: a table, or a function of the run's config. Default: the run's
   * LangGraph context (`invoke(input, { context })`). Never taken from the model's arguments.
   */
  readonly ambientContext?: AmbientContextOption;
}

/** What `tools()` applies to every tool (names and descriptions stay per action). */
export type ToolsOptions = Omit<WrapOptions, "name" | "description">;

const PRESENT_AS: readonly PresentAs[] = ["structured", "message"];

function wrap(action: AnyAxn, options: WrapOptions = {}): ActionTool {
  if (options.presentAs !== undefined && !PRESENT_AS.includes(options.presentAs)) {
    throw new TypeError(
      `LangchainAdapter.wrap(${action.name}): presentAs must be "structured" or "message", got ${JSON.stringify(options.presentAs)}`,
    );
  }
  const name = options.name ?? action.toolName(ADAPTER_KEY);
  // Every provider accepts this alphabet; an override outside it fails here, not at the model's API.
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new TypeError(`LangchainAdapter.wrap(${action.name}): tool name ${JSON.stringify(name)} must match ${TOOL_NAME_PATTERN}`);
  }
  return new ActionTool({
    action,
    name,
    description: options.description ?? action.description ?? `${name} tool`,
    presentAs: options.presentAs,
    ambientContext: options.ambientContext,
  });
}

function tools(options: ToolsOptions = {}): ActionTool[] {
  return Tools.for(ADAPTER_KEY).map((action) => wrap(action, options));
}

export const LangchainAdapter = { wrap, tools } as const;
