/**
 * `resolveToolName`: the name an adapter publishes for an action — the `name` option of its
 * `wrap` when given, else `action.toolName(key)` (which honours a per-adapter
 * `tool: { <key>: { name } }` override only because the key is passed) — checked against
 * `TOOL_NAME_PATTERN`, the alphabet every provider accepts, so a bad override fails at `wrap`
 * rather than at the model's API.
 *
 * @example
 * ```ts
 * resolveToolName(ListCompanies, "mcp");                                  // "list_companies"
 * resolveToolName(ListCompanies, "mcp", { name: "Bad Name", caller: "McpAdapter.wrap" });
 * // TypeError: McpAdapter.wrap(Acme.ListCompanies): tool name "Bad Name" must match /^[a-z0-9_]+$/
 * ```
 */
import { TOOL_NAME_PATTERN, type AnyAxn } from "@axn/core";

export interface ToolNameOptions {
  /** The `wrap` option overriding the derived name. */
  readonly name?: string | undefined;
  /** Who is asking, for the error message (default `"<key>.wrap"`). */
  readonly caller?: string;
}

export function resolveToolName(action: AnyAxn, key: string, options: ToolNameOptions = {}): string {
  const name: unknown = options.name ?? action.toolName(key);
  if (typeof name !== "string" || !TOOL_NAME_PATTERN.test(name)) {
    throw new TypeError(
      `${options.caller ?? `${key}.wrap`}(${action.name}): tool name ${JSON.stringify(name)} must match ${TOOL_NAME_PATTERN}`,
    );
  }
  return name;
}
