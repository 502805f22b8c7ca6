/**
 * Tool-root settings for adapters that offer directory discovery (the `AdapterRoots` port).
 * `toolRootsDefault` declares a validated `toolRoots` setting with the adapter's default and
 * validates that default now, at the call site — a broad default fails when the plugin loads, not
 * when the registry first reads it. An app's later `configure` still wins, and `reset("toolRoots")`
 * returns to the adapter's default.
 *
 * @example
 * ```ts
 * export const mcpConfig = toolRootsDefault(createConfigurable("axn-plugin-mcp").configNamespace("mcp"), ["agent_tools"]);
 * host.hooks.registerAdapter.tap("axn-plugin-mcp", (r) => r.add("mcp", toolRootsSource(mcpConfig)));
 * ```
 */
import { assertToolRoots, validateToolRoots, Tools, type Configurable, type ToolRootsSource } from "@axn/core";

type WithRoots<S extends object> = S & { toolRoots: readonly string[] };

export function toolRootsDefault<S extends object, N extends string | undefined, O extends string>(
  config: Configurable<S, N, O>,
  roots: readonly string[],
): Configurable<WithRoots<S>, N, O> {
  assertToolRoots(roots, Tools.projectRoot());
  const frozen = Object.freeze([...roots]);
  return config.setting("toolRoots", {
    default: () => frozen,
    // Roots resolve against the project root the host settles on (the config file's folder).
    validate: (value: readonly string[]) => validateToolRoots(value, Tools.projectRoot()) ?? true,
    description: "Folders whose modules are exposed as tools without a per-action `tool` declaration",
  }) as unknown as Configurable<WithRoots<S>, N, O>;
}

/** The registry's view of an adapter's roots. */
export function toolRootsSource(config: { get(name: "toolRoots"): readonly string[] }): ToolRootsSource {
  return { toolRoots: () => config.get("toolRoots") };
}
