/**
 * MCP as two `axn serve` transports, both named `mcp`: Streamable HTTP mounted at `/mcp` on the
 * CLI's server (sessions closed when it stops), and stdio for a client that launches the process,
 * selected with `--stdio mcp` or this plugin's own `--mcp-stdio`. Each serves every `mcp` tool,
 * and the resources and prompts of the settings and the tool roots, under the app's name and version.
 */
import {
  mayCall,
  type AxnPrincipal,
  type HttpTransport,
  type StdioTransport,
  type TransportCatalogEntry,
  type TransportRegistrar,
} from "@axn/core";
import { discoverSurface, type DiscoveredSurface } from "./server/discover-surface.js";
import { mcpConfig } from "./settings/config.js";
import { createStreamableHttpHandler } from "./http/handler.js";
import { createRedisEventBus } from "./http/redis-event-bus.js";
import { serveStdioUntilEnd } from "./stdio/serve-stdio.js";
import { registeredTools } from "./tools/registered.js";
import { sessionStoreFor } from "./sessions/store-setting.js";
import { servingConfig } from "@axn/sdk/serving";

/** Where the Streamable HTTP transport is mounted. */
const MCP_HTTP_PATH = "/mcp";
/** The flag that selects the stdio transport, as launch configurations have spelled it. */
const MCP_STDIO_FLAG = "mcp-stdio";

/** Registers both transports; tapped on `registerTransport`. */
export function registerMcpTransports(transports: TransportRegistrar): void {
  transports.add(streamableHttp);
  transports.add(stdio);
}

const streamableHttp: HttpTransport<{}> = {
  kind: "http",
  name: "mcp",
  description: "MCP Streamable HTTP, every mcp tool",
  path: MCP_HTTP_PATH,
  catalog,
  async start({ app, serving }) {
    const served = await discoverSurface();
    // `mcp.stateless`: no session to pin a client to one instance (docs/scaling.md).
    const stateless = mcpConfig.get("stateless");
    // `mcp.sessionStore`: sessions in Redis, so every instance answers every session.
    const sessionStore = stateless ? undefined : await sessionStoreFor(mcpConfig.get("sessionStore"));
    // The app's Redis, when it has one, carries 2026-07-28 change events between instances.
    const queue = (await import("@axn/sdk/queue")).configuredQueueSettings();
    const eventBus =
      queue === undefined
        ? undefined
        : await createRedisEventBus({ connection: queue.connection, prefix: queue.prefix });
    const handler = createStreamableHttpHandler({
      name: app.name,
      version: app.version,
      path: MCP_HTTP_PATH,
      serving,
      stateless,
      ...served,
      ...(sessionStore === undefined ? {} : { sessionStore }),
      ...(eventBus === undefined ? {} : { eventBus }),
    });
    return {
      listener: handler.listener,
      summary: summary(served),
      banner: (origin) => {
        const url = `${origin}${MCP_HTTP_PATH}`;
        return {
          endpoints: [{ label: "MCP", target: `${url}  (Streamable HTTP)` }],
          notes: [
            [
              `Connect an MCP client to ${url}:`,
              "  MCP Inspector  npx @modelcontextprotocol/inspector  (transport: Streamable HTTP, URL above)",
              `  Claude Code    claude mcp add --transport http ${safeName(app.name)} ${url}`,
              "  stdio clients  axn mcp-config prints a config that launches this app from any folder",
            ],
          ],
        };
      },
      stop: async () => {
        await handler.close();
        await sessionStore?.close();
        await eventBus?.close();
      },
    };
  },
};

const stdio: StdioTransport<{}> = {
  kind: "stdio",
  name: "mcp",
  description: "MCP over stdin/stdout, every mcp tool",
  selectFlag: MCP_STDIO_FLAG,
  catalog,
  async start({ app, stdin, stdout }) {
    const served = await discoverSurface();
    // stdio has no request to authenticate: the principal is the configured one (trusted-local).
    const { handle, ended } = await serveStdioUntilEnd({
      name: app.name,
      version: app.version,
      stdin,
      stdout,
      principal: servingConfig.get("stdioPrincipal"),
      ...served,
    });
    return { summary: summary(served, servingConfig.get("stdioPrincipal")), ended, stop: () => handle.close() };
  },
};

/** The resources and prompts served (settings and tool roots), for `axn tools` / `axn doctor`. */
async function catalog(): Promise<readonly TransportCatalogEntry[]> {
  const described = (description: string | undefined) => (description === undefined ? {} : { description });
  const { resources, prompts } = await discoverSurface();
  return [
    ...resources.map((resource) => ({
      kind: resource.uri === undefined ? "resource template" : "resource",
      name: resource.name,
      target: resource.uri ?? resource.uriTemplate!,
      ...described(resource.description),
    })),
    ...prompts.map((prompt) => ({ kind: "prompt", name: prompt.name, ...described(prompt.description) })),
  ];
}

/**
 * "3 MCP tools" ("1 MCP tool"), then the resources and prompts when there are any: "3 MCP tools, 2
 * MCP resources, 1 MCP prompt". Over stdio (`principal` given: the configured caller, or `null`)
 * the tools that caller may not call are not served to it, so they are counted apart, with how to
 * configure one: "2 MCP tools (and 1 that needs a caller: …)".
 */
function summary({ resources, prompts }: DiscoveredSurface, principal?: AxnPrincipal | null): string {
  const counts: [number, string][] = [
    [resources.length, "resource"],
    [prompts.length, "prompt"],
  ];
  const extra = counts
    .filter(([count]) => count > 0)
    .map(([count, noun]) => `, ${count} MCP ${noun}${count === 1 ? "" : "s"}`);
  const all = registeredTools();
  const hidden =
    principal === undefined ? 0 : all.filter((tool) => !mayCall(tool.action, principal ?? undefined)).length;
  const tools = all.length - hidden;
  const needing =
    hidden === 0
      ? ""
      : ` (and ${hidden} that need${hidden === 1 ? "s" : ""} a caller: set AXN_PRINCIPAL or serve.stdioPrincipal, or launch with axn mcp-config --as ID)`;
  return `${tools} MCP tool${tools === 1 ? "" : "s"}${needing}${extra.join("")}`;
}

/** A name `claude mcp add` takes: no scope `@`, nothing but letters, digits, `_` and `-`. */
function safeName(name: string): string {
  return name.replace(/^@/, "").replace(/[^A-Za-z0-9_-]+/g, "-");
}
