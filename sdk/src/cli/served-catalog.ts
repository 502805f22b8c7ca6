/**
 * What the registered transports serve besides tools (their `catalog()`: MCP resources and prompts),
 * for `axn tools` and `axn doctor` — listed once per entry, since two transports of one plugin (MCP
 * over HTTP and over stdio) serve the same ones.
 */
import type { TransportCatalogEntry } from "@axn/core";
import type { Registered } from "./serve/registered.js";

export interface ServedEntry extends TransportCatalogEntry {
  /** The transport's name (`"mcp"`). */
  readonly transport: string;
}

export async function servedCatalog(transports: readonly Registered[]): Promise<readonly ServedEntry[]> {
  const seen = new Set<string>();
  const out: ServedEntry[] = [];
  for (const { transport } of transports) {
    for (const entry of (await transport.catalog?.()) ?? []) {
      const key = JSON.stringify([transport.name, entry.kind, entry.name, entry.target]);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ transport: transport.name, ...entry });
    }
  }
  return out;
}
