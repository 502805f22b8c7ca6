/**
 * A tool set: what one server serves, checked and prepared once — the tools by name, the listing
 * (built once and answered as the same object every time, so `tools/list` is byte-identical across
 * calls), resources and prompts, the task store, the input-round codec, and the cache hints of the
 * 2026-07-28 cacheable results. The HTTP handler shares one set across its sessions and requests;
 * a server per request (2026-07-28) then costs only the server itself.
 */
import { isPublic, mayCall, type AxnPrincipal } from "@axn/core";
import type { CacheHint, ListToolsResult, RequestStateCodec } from "@modelcontextprotocol/server";
import { mcpConfig } from "../settings/config.js";
import { surface, type Surface } from "../surface/register.js";
import { McpTaskStore } from "../tasks/task-store.js";
import { registeredTools } from "../tools/registered.js";
import { roundStateCodec, type RoundState } from "../tools/request-state.js";
import { toolDefinition, type McpTool } from "../tools/wrap.js";
import type { McpServerOptions } from "./options.js";

/** A tool set ready to serve: looked up by name, listed once. */
export interface ToolSet {
  readonly byName: ReadonlyMap<string, McpTool>;
  /** Every tool, in listing order. */
  readonly tools: readonly McpTool[];
  /** The listing of every tool: what a caller who may call them all is shown. */
  readonly listing: ListToolsResult;
  /** The resources and prompts served beside the tools. */
  readonly surface: Surface;
  /** The long-running tools' tasks (tasks/task-store.ts); `offered` is false when no tool is long-running. */
  readonly tasks: McpTaskStore;
  /** Seals the answers of a 2026-07-28 call that asked for input (tools/request-state.ts). */
  readonly rounds: RequestStateCodec<RoundState>;
  /** True when some tool is restricted: listings then differ by caller (and may change within a session). */
  readonly restricted: boolean;
  /**
   * The `ttlMs` / `cacheScope` of each cacheable 2026-07-28 result (the `cacheTtlMs` / `cacheScope`
   * settings; private whenever a listing differs by caller), computed once for every server of the set.
   */
  readonly cacheHints: Readonly<Record<string, CacheHint>>;
}

/** The cacheable results of the 2026-07-28 revision, each given the set's hint. */
const CACHEABLE = [
  "tools/list",
  "prompts/list",
  "resources/list",
  "resources/templates/list",
  "resources/read",
  "server/discover",
] as const;

/** What one server serves, checked once: the tools (by name, listed once), resources and prompts. */
export function serverSet(options: McpServerOptions, caller = "createMcpServer"): ToolSet {
  return toolSet(
    options.tools ?? registeredTools(),
    surface(options.resources ?? mcpConfig.get("resources"), options.prompts ?? mcpConfig.get("prompts"), caller),
  );
}

function toolSet(tools: readonly McpTool[], served: Surface): ToolSet {
  const byName = new Map<string, McpTool>();
  for (const tool of tools) {
    const existing = byName.get(tool.name);
    if (existing !== undefined) {
      throw new TypeError(
        `createMcpServer: ${existing.action.name} and ${tool.action.name} are both served as tool "${tool.name}"; give one a distinct name`,
      );
    }
    byName.set(tool.name, tool);
  }
  const restricted = tools.some((tool) => !isPublic(tool.action));
  const scope = mcpConfig.get("cacheScope");
  const cache: CacheHint = Object.freeze({
    ttlMs: mcpConfig.get("cacheTtlMs"),
    cacheScope: restricted && scope === "public" ? "private" : scope,
  });
  return {
    byName,
    tools: Object.freeze([...tools]),
    listing: Object.freeze({ tools: Object.freeze(tools.map(toolDefinition)) }) as ListToolsResult,
    surface: served,
    tasks: new McpTaskStore(tools),
    rounds: roundStateCodec(mcpConfig.get("requestStateKey")),
    restricted,
    cacheHints: Object.freeze(Object.fromEntries(CACHEABLE.map((method) => [method, cache]))),
  };
}

/** The listing a caller is shown: the whole one when every tool is public, else the tools it may call. */
export function listingFor(
  set: ToolSet,
  principal: AxnPrincipal | undefined,
): { readonly listing: ListToolsResult; readonly names: string } {
  if (!set.restricted) return { listing: set.listing, names: "*" };
  const all = set.listing.tools;
  const visible = all.filter((_, index) => mayCall(set.tools[index]!.action, principal));
  return { listing: { tools: visible }, names: visible.map((tool) => tool.name).join("\u0000") };
}
