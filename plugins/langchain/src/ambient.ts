/**
 * Where a tool call's ambient context comes from: only channels the app controls. By default that
 * is the run's LangGraph runtime context (`agent.invoke(input, { context: { userId } })`, which
 * reaches the tool as `config.context`); `wrap(action, { ambientContext })` replaces it with a fixed
 * table or a function of the run's config. The model's tool arguments are never a source: the
 * Invoker strips any `ambientContext` they carry.
 *
 * A tool wrapped for one caller (`wrap(action, { principal })`, `tools({ principal })`) runs every
 * call as that caller: its principal replaces whatever `principal` the run's context holds, so the
 * Invoker's access check sees the caller the tools were chosen for.
 */
import { PRINCIPAL_AMBIENT_KEY, type AmbientContextSource, type AmbientLookup, type AxnPrincipal } from "@axn/core";
import type { ToolRunnableConfig } from "@langchain/core/tools";

/** A fixed ambient table, or one computed from the run's config (`config.context`, `config.configurable`). */
export type AmbientContextOption =
  | AmbientContextSource
  | ((config: ToolRunnableConfig) => AmbientContextSource | undefined);

/**
 * The trusted ambient context for one call. Always a value (`{}` when there is none), so the call
 * never falls back to whatever `Current` context happens to surround the agent run.
 */
export function resolveAmbientContext(
  option: AmbientContextOption | undefined,
  config: ToolRunnableConfig,
): AmbientContextSource {
  const source = typeof option === "function" ? option(config) : (option ?? runContext(config));
  return source ?? {};
}

/** `source` with its principal replaced by `principal` (`undefined`: no caller). */
export function withPrincipal(source: AmbientContextSource, principal: AxnPrincipal | undefined): AmbientContextSource {
  if (source instanceof Map) return new Map(source).set(PRINCIPAL_AMBIENT_KEY, principal);
  const lookup = source as Partial<AmbientLookup>;
  if (typeof lookup.has === "function" && typeof lookup.get === "function") {
    const inner = source as AmbientLookup;
    return {
      has: (key: string) => key === PRINCIPAL_AMBIENT_KEY || inner.has(key),
      get: (key: string) => (key === PRINCIPAL_AMBIENT_KEY ? principal : inner.get(key)),
    };
  }
  return { ...(source as Readonly<Record<string, unknown>>), [PRINCIPAL_AMBIENT_KEY]: principal };
}

function runContext(config: ToolRunnableConfig): AmbientContextSource | undefined {
  const context: unknown = config.context;
  // Only a key → value table can resolve ambient fields; anything else resolves none of them.
  return typeof context === "object" && context !== null ? (context as AmbientContextSource) : undefined;
}
