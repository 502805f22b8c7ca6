/**
 * A child process serving the Lookup workload over loopback HTTP, so the load generator
 * (autocannon, in the parent) and the server each get a core of their own. `axn` serves it through
 * axn-plugin-http; `baseline` through a bare hono route doing the same zod validation and body;
 * `fastify` and `zod-openapi` through those peers (test/bench/peers/http-servers.ts).
 * Prints one JSON line `{ "port", "route" }` once listening, or `{ "skipped" }`.
 * `axn-app` is a diagnostic: the plugin's own `createHttpApp`, served through @hono/node-server
 * with its defaults (instead of the plugin's `serve`), to separate app cost from server options;
 * `floor` is bare Node's `http` answering the same JSON with no checks and no validation.
 *
 * The MCP rows (scenarios/mcp-http.ts) serve the AddNumbers tool instead: `mcp-axn` through
 * axn-plugin-mcp's `createStreamableHttpHandler` (its Node `listener`, as `axn serve` mounts it at
 * `/mcp`), `mcp-bare <tool>` through the bare v2 SDK `Server` in the SDK's `createMcpHandler` (its fetch
 * handler under @hono/node-server's listener, the conversion axn's listener uses too; the tool
 * under the name `mcp-axn` announced), and
 * `add-http` through axn-plugin-http — axn's own HTTP API for the same tool. The MCP modes
 * announce the tool's wire name beside their port.
 *
 *   node --import tsx test/bench/http-server.ts axn|axn-app|baseline|fastify|fastify-host|zod-openapi|floor|mcp-axn|mcp-bare <tool>|add-http
 */
import { serve as nodeServe } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { AnyAxn } from "@axn/core";
import { createServer, type RequestListener } from "node:http";
import { BARE_LOOKUP_ROUTE, bareLookupApp, defineAddNumbers, defineLookup, floorListener } from "./fixtures.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { fastifyLookupApp, zodOpenApiLookupApp } from "./peers/http-servers.js";
import { bareMcpHandler } from "./peers/mcp-servers.js";

const mode = process.argv[2];

function announce(message: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

type FetchApp = { fetch(request: Request, env?: unknown): Response | Promise<Response> };

async function serveAxn(viaPluginServe: boolean): Promise<void> {
  const loaded = await loadPlugin("axn-plugin-http", ["serve", "wrap", "createHttpApp"]);
  const wrap = loaded.ok ? fn<(action: AnyAxn) => { route: string }>(loaded.module, ["wrap"]) : undefined;
  const serve = loaded.ok ? fn<(options: object) => Promise<{ port: number }>>(loaded.module, ["serve"]) : undefined;
  const createApp = loaded.ok ? fn<(options: object) => FetchApp>(loaded.module, ["createHttpApp"]) : undefined;
  if (!loaded.ok || wrap === undefined || serve === undefined || createApp === undefined) {
    announce({ skipped: loaded.ok ? "skipped: plugin not built (no serve/wrap/createHttpApp)" : loaded.reason });
    return;
  }
  bootHost([loaded.plugin]);
  const Lookup = defineLookup();
  const basePath = "/api";
  const route = `${basePath}${wrap(Lookup).route}`;
  if (viaPluginServe) {
    const handle = await serve({ port: 0, hostname: "127.0.0.1", basePath, tools: [Lookup] });
    announce({ port: handle.port, route });
  } else {
    const app = createApp({ basePath, tools: [Lookup] });
    nodeServe(
      { fetch: (request: Request, env?: unknown) => app.fetch(request, env), port: 0, hostname: "127.0.0.1" },
      (info: AddressInfo) => announce({ port: info.port, route }),
    );
  }
}

/** The MCP route's path, on both MCP servers. */
const MCP_PATH = "/mcp";
/** The AddNumbers action's name (axn's tool name for it is announced, and given to the bare server). */
const ADD_TOOL = "Bench.AddNumbers";

async function serveMcpAxn(): Promise<void> {
  const loaded = await loadPlugin("axn-plugin-mcp", ["McpAdapter", "createStreamableHttpHandler"]);
  const wrap = loaded.ok ? fn<(action: AnyAxn) => { name: string }>(loaded.module, ["McpAdapter", "wrap"]) : undefined;
  const create = loaded.ok
    ? fn<(options: object) => { listener: RequestListener }>(loaded.module, ["createStreamableHttpHandler"])
    : undefined;
  if (!loaded.ok || wrap === undefined || create === undefined) {
    announce({ skipped: loaded.ok ? "skipped: plugin not built (no createStreamableHttpHandler)" : loaded.reason });
    return;
  }
  bootHost([loaded.plugin]);
  const tool = wrap(defineAddNumbers(ADD_TOOL));
  const handler = create({ name: "axn", version: "1.0.0", tools: [tool], path: MCP_PATH });
  const server = createServer((request, response) => void handler.listener(request, response));
  server.listen(0, "127.0.0.1", () =>
    announce({ port: (server.address() as AddressInfo).port, route: MCP_PATH, tool: tool.name }),
  );
}

/** The bare server, serving the tool under the name given (`mcp-bare <tool>`: the name axn announced). */
function serveMcpBare(name: string | undefined): void {
  if (name === undefined) throw new Error("usage: http-server.ts mcp-bare <tool name>");
  const handler = bareMcpHandler(name);
  nodeServe(
    { fetch: (request: Request) => handler.fetch(request), port: 0, hostname: "127.0.0.1" },
    (info: AddressInfo) => announce({ port: info.port, route: MCP_PATH, tool: name }),
  );
}

async function serveAddHttp(): Promise<void> {
  const loaded = await loadPlugin("axn-plugin-http", ["serve", "wrap"]);
  const wrap = loaded.ok ? fn<(action: AnyAxn) => { route: string }>(loaded.module, ["wrap"]) : undefined;
  const serve = loaded.ok ? fn<(options: object) => Promise<{ port: number }>>(loaded.module, ["serve"]) : undefined;
  if (!loaded.ok || wrap === undefined || serve === undefined) {
    announce({ skipped: loaded.ok ? "skipped: plugin not built (no serve/wrap)" : loaded.reason });
    return;
  }
  bootHost([loaded.plugin]);
  const AddNumbers = defineAddNumbers(ADD_TOOL);
  const basePath = "/api";
  const handle = await serve({ port: 0, hostname: "127.0.0.1", basePath, tools: [AddNumbers] });
  announce({ port: handle.port, route: `${basePath}${wrap(AddNumbers).route}` });
}

/** Diagnostic: bare Node (the body read, parsed, answered — no checks, no validation), the floor under every server here. */
function serveFloor(): void {
  const server = createServer(floorListener);
  server.listen(0, "127.0.0.1", () =>
    announce({ port: (server.address() as AddressInfo).port, route: BARE_LOOKUP_ROUTE }),
  );
}

function serveBaseline(): void {
  nodeServe({ fetch: bareLookupApp().fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
    announce({ port: info.port, route: BARE_LOOKUP_ROUTE }),
  );
}

async function serveFastify(hostCheck: boolean): Promise<void> {
  const app = fastifyLookupApp({ hostCheck });
  await app.listen({ port: 0, host: "127.0.0.1" });
  announce({ port: (app.server.address() as AddressInfo).port, route: BARE_LOOKUP_ROUTE });
}

function serveZodOpenApi(): void {
  const app = zodOpenApiLookupApp();
  nodeServe({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
    announce({ port: info.port, route: BARE_LOOKUP_ROUTE }),
  );
}

if (mode === "axn") await serveAxn(true);
else if (mode === "axn-app") await serveAxn(false);
else if (mode === "baseline") serveBaseline();
else if (mode === "floor") serveFloor();
else if (mode === "fastify") await serveFastify(false);
else if (mode === "fastify-host") await serveFastify(true);
else if (mode === "zod-openapi") serveZodOpenApi();
else if (mode === "mcp-axn") await serveMcpAxn();
else if (mode === "mcp-bare") serveMcpBare(process.argv[3]);
else if (mode === "add-http") await serveAddHttp();
else {
  process.stderr.write(
    "usage: http-server.ts axn|axn-app|baseline|fastify|fastify-host|zod-openapi|floor|mcp-axn|mcp-bare <tool>|add-http\n",
  );
  process.exit(2);
}

// Exit through process.exit on SIGTERM so `--cpu-prof` can write its profile when the parent stops us.
process.once("SIGTERM", () => process.exit(0));
// Diagnostics: SIGUSR2 prints this process's CPU time so far (µs), for CPU-per-request figures.
process.on("SIGUSR2", () => {
  const { user, system } = process.cpuUsage();
  announce({ cpuMicros: user + system, user });
});
