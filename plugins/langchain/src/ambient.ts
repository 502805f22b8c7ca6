/**
 * Where a tool call's ambient context comes from: only channels the app controls. By default that
 * is the run's LangGraph runtime context (`agent.invoke(input, { context: { userId } })`, which
 * reaches the tool as `config.context`); `wrap(action, { ambientContext })` replaces it with a fixed
 * table or a function of the run's config. The model's tool arguments are never a source: the
 * Invoker strips any `ambientContext` they carry.
 */
import type { AmbientContextSource } from "@axn/core";
import type { ToolRunnableConfig } from "@langchain/core/tools";

/** A fixed ambient table, or one computed from the run's config (`config.context`, `config.configurable`). */
export type AmbientContextOption = AmbientContextSource | ((config: ToolRunnableConfig) => AmbientContextSource | undefined);

/**
 * The trusted ambient context for one call. Always a value (`{}` when there is none), so the call
 * never falls back to whatever `Current` context happens to surround the agent run.
 */
export function resolveAmbientContext(option: AmbientContextOption | undefined, config: ToolRunnableConfig): AmbientContextSource {
  const source = typeof option === "function" ? option(config) : (option ?? runContext(config));
  return source ?? {};
}

function runContext(config: ToolRunnableConfig): AmbientContextSource | undefined {
  const context: unknown = config.context;
  // Only a key → value table can resolve ambient fields; anything else resolves none of them.
  return typeof context === "object" && context !== null ? (context as AmbientContextSource) : undefined;
}
