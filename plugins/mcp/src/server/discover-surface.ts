/**
 * Where resources and prompts come from: the `resources` / `prompts` settings (`mcp: { … }` in
 * config), then every `defineResource` / `definePrompt` value exported by a module under the `mcp`
 * tool roots — discovered like tools, from the modules discovery already imported. `axn serve`
 * serves both; a server built in code passes what it wants (`createMcpServer({ ...await discoverSurface() })`).
 */
import { Tools } from "@axn/core";
import { ADAPTER_KEY, mcpConfig } from "../settings/config.js";
import { isPrompt, type McpPrompt } from "../surface/prompts.js";
import { isResource, type McpResource } from "../surface/resources.js";

export interface DiscoveredSurface {
  readonly resources: readonly McpResource[];
  readonly prompts: readonly McpPrompt[];
}

export async function discoverSurface(): Promise<DiscoveredSurface> {
  const resources = new Set<McpResource>(mcpConfig.get("resources"));
  const prompts = new Set<McpPrompt>(mcpConfig.get("prompts"));
  for (const { exports } of await Tools.rootExports(ADAPTER_KEY)) {
    for (const value of Object.values(exports)) {
      if (isResource(value)) resources.add(value);
      else if (isPrompt(value)) prompts.add(value);
    }
  }
  return { resources: [...resources], prompts: [...prompts] };
}
