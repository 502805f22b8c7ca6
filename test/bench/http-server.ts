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
 *   node --import tsx test/bench/http-server.ts axn|axn-app|baseline|fastify|zod-openapi|floor
 */
import { serve as nodeServe } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import type { AnyAxn } from "@axn/core";
import { createServer } from "node:http";
import { BARE_LOOKUP_ROUTE, bareLookupApp, defineLookup, floorListener } from "./fixtures.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { fastifyLookupApp, zodOpenApiLookupApp } from "./peers/http-servers.js";

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

async function serveFastify(): Promise<void> {
  const app = fastifyLookupApp();
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
else if (mode === "fastify") await serveFastify();
else if (mode === "zod-openapi") serveZodOpenApi();
else {
  process.stderr.write("usage: http-server.ts axn|axn-app|baseline|fastify|zod-openapi|floor\n");
  process.exit(2);
}

// Exit through process.exit on SIGTERM so `--cpu-prof` can write its profile when the parent stops us.
process.once("SIGTERM", () => process.exit(0));
// Diagnostics: SIGUSR2 prints this process's CPU time so far (µs), for CPU-per-request figures.
process.on("SIGUSR2", () => {
  const { user, system } = process.cpuUsage();
  announce({ cpuMicros: user + system, user });
});
