/**
 * What a server restarted by `axn dev` prints instead of the banner: one line, the tool count and
 * where it listens. The banner (endpoints, how to connect) is printed once, at the first start; a
 * restart changes the code, not how to reach it. `axn dev` sets `AXN_DEV_RELOAD=1` in the
 * environment of each server it restarts.
 */
import { listTools } from "../catalog.js";
import { counted } from "../plural.js";

export const DEV_RELOAD_ENV = "AXN_DEV_RELOAD";

/** `axn dev: reloaded (2 tools) on http://127.0.0.1:3000`: tools counted by name, as `axn tools` lists them. */
export function reloadLine(url: string): string {
  const tools = new Set(listTools().map((tool) => tool.name)).size;
  return `axn dev: reloaded (${counted(tools, "tool")}) on ${url}`;
}
