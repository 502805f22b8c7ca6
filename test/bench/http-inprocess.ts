/**
 * A diagnostic, not a scenario: the JavaScript cost per request of the two HTTP servers of
 * scenario 5, without sockets. It drives @hono/node-server's own request listener with real Node
 * `IncomingMessage`/`ServerResponse` objects over a socket-less stream, so the kernel (and the load
 * generator sharing the machine) drop out and a difference of a few hundred ns shows. Use it to
 * check a change to the HTTP path before the noisier loopback run.
 *
 *   node --import tsx test/bench/http-inprocess.ts        # CONCURRENCY=10 REQUESTS=50000 ROUNDS=3 by default
 *
 * `floor` is bare Node (the body read, parsed, answered — no checks, no validation): subtract it to
 * see what each server adds. `PEERS=1` adds the peers of scenario 5 (test/bench/peers/http-servers.ts): fastify's own request
 * handler (`fastify.routing`) and the @hono/zod-openapi app, driven the same way. `ONLY=axn,fastify`
 * keeps just the named ones (one server per `--cpu-prof` profile).
 *
 * `ALLOC=1` measures instead the bytes each request allocates: the young generation's growth over
 * `REQUESTS` requests (default 2,000 here) with a new space large enough that no scavenge runs in
 * between (checked: a run that collected says so instead of a figure). Run it as
 *
 *   ALLOC=1 node --expose-gc --min-semi-space-size=64 --max-semi-space-size=64 --import tsx test/bench/http-inprocess.ts
 *
 * Its garbage collection is not a server's: with this process's modules loaded, the socket-less
 * requests of `axn` and `floor` (not fastify's) survive every scavenge (~15 MB promoted each,
 * `--trace-gc-nvp`), where the loopback server keeps ~1 KB — so the CPU figures here overstate axn
 * against fastify. Compare JavaScript and allocation here; instructions per request of a real
 * server: http-instructions.ts.
 *
 * `ALLOC_PROFILE=<dir>` also writes each round's allocation sample (every allocation, collected
 * or not, one sample per 256 B) as `<dir>/<server>-<round>.heapprofile`, for Chrome DevTools.
 */
import { getRequestListener } from "@hono/node-server";
import { IncomingMessage, ServerResponse, type Server } from "node:http";
import type { Socket } from "node:net";
import { Duplex } from "node:stream";
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics } from "node:v8";
import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
import type { AnyAxn } from "@axn/core";
import { BARE_LOOKUP_ROUTE, bareLookupApp, defineLookup, floorListener } from "./fixtures.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { fastifyLookupApp, zodOpenApiLookupApp } from "./peers/http-servers.js";

process.env["NODE_ENV"] = "production";
const ALLOC = process.env["ALLOC"] === "1";
const REQUESTS = Number(process.env["REQUESTS"] ?? (ALLOC ? 2_000 : 50_000));
const CONCURRENCY = Number(process.env["CONCURRENCY"] ?? 10);
const BODY = Buffer.from(JSON.stringify({ id: "cust-42", limit: 25, verbose: true }));

type Listener = ReturnType<typeof getRequestListener>;
type Served = { listener: Listener; path: string };
type FetchApp = { fetch(request: Request, env?: unknown): Response | Promise<Response> };

/** A socket that accepts every write and never reads: the response goes nowhere. */
class NullSocket extends Duplex {
  override _read(): void {}
  override _write(_chunk: unknown, _encoding: BufferEncoding, done: () => void): void {
    done();
  }
}

/** One POST through `listener`; resolves with the status once the response has finished. */
function request(listener: Listener, path: string): Promise<number> {
  const socket = new NullSocket() as unknown as Socket;
  const incoming = new IncomingMessage(socket);
  incoming.method = "POST";
  incoming.url = path;
  incoming.headers = { host: "127.0.0.1", "content-type": "application/json", "content-length": String(BODY.length) };
  incoming.rawHeaders = [
    "Host",
    "127.0.0.1",
    "Content-Type",
    "application/json",
    "Content-Length",
    String(BODY.length),
  ];
  const outgoing = new ServerResponse(incoming);
  outgoing.assignSocket(socket);
  const finished = new Promise<number>((resolve) => outgoing.once("finish", () => resolve(outgoing.statusCode)));
  void listener(incoming, outgoing);
  incoming.push(BODY);
  incoming.push(null);
  incoming.complete = true;
  return finished;
}

/** The floor (fixtures.ts `floorListener`): what every server here pays before its own work. */
function floor(): Served {
  return { listener: floorListener as unknown as Listener, path: BARE_LOOKUP_ROUTE };
}

function baseline(): { listener: Listener; path: string } {
  return { listener: getRequestListener(bareLookupApp().fetch), path: BARE_LOOKUP_ROUTE };
}

/**
 * `axn`: the request listener `serve` installs on its Node server (the tool routes answered from
 * Node's request, node-route.ts), driven in-process; `axn-hono`: the same app through
 * @hono/node-server's listener alone, as a fetch handler on another runtime would run it.
 */
async function axn(): Promise<{ axn: Served | string; "axn-hono": Served | string }> {
  const loaded = await loadPlugin("axn-plugin-http", ["createHttpApp", "wrap", "serve"]);
  if (!loaded.ok) return { axn: loaded.reason, "axn-hono": loaded.reason };
  const createApp = fn<(options: object) => FetchApp>(loaded.module, ["createHttpApp"]);
  const wrap = fn<(action: AnyAxn) => { route: string }>(loaded.module, ["wrap"]);
  const serve = fn<(options: object) => Promise<{ server: Server }>>(loaded.module, ["serve"]);
  if (createApp === undefined || wrap === undefined || serve === undefined) {
    const reason = "axn-plugin-http does not export createHttpApp, wrap and serve";
    return { axn: reason, "axn-hono": reason };
  }
  bootHost([loaded.plugin]);
  const Lookup = defineLookup();
  const path = `/api${wrap(Lookup).route}`;
  const app = createApp({ basePath: "/api", tools: [Lookup], allowedHosts: null });
  const handle = await serve({ port: 0, basePath: "/api", tools: [Lookup] });
  // Only its listener is used; nothing connects to the socket, which is closed at the end.
  handle.server.unref();
  const listener = handle.server.listeners("request")[0] as unknown as Listener;
  return {
    axn: { listener, path },
    "axn-hono": { listener: getRequestListener((req, env) => app.fetch(req, env)), path },
  };
}

async function cpuPerRequest(listener: Listener, path: string, requests = REQUESTS): Promise<number> {
  const before = process.cpuUsage();
  for (let sent = 0; sent < requests; sent += CONCURRENCY) {
    const statuses = await Promise.all(Array.from({ length: CONCURRENCY }, () => request(listener, path)));
    if (statuses.some((status) => status !== 200)) throw new Error(`${path}: answered ${statuses.join(", ")}`);
  }
  const used = process.cpuUsage(before);
  return (used.user + used.system) / requests;
}

async function peers(): Promise<Record<string, { listener: Listener; path: string }>> {
  if (process.env["PEERS"] !== "1") return {};
  const fastify = fastifyLookupApp();
  await fastify.ready();
  const routing = (incoming: IncomingMessage, outgoing: ServerResponse): void => fastify.routing(incoming, outgoing);
  return {
    fastify: { listener: routing as unknown as Listener, path: BARE_LOOKUP_ROUTE },
    "zod-openapi": { listener: getRequestListener(zodOpenApiLookupApp().fetch), path: BARE_LOOKUP_ROUTE },
  };
}

const all: Record<string, Served | string> = {
  floor: floor(),
  baseline: baseline(),
  ...(await axn()),
  ...(await peers()),
};
// `ONLY=axn,fastify`: just those (e.g. under `--cpu-prof`, one server per profile).
const only = process.env["ONLY"]?.split(",");
const servers =
  only === undefined ? all : Object.fromEntries(Object.entries(all).filter(([name]) => only.includes(name)));
// Warm-up: both listeners optimised before anything is measured.
for (const server of Object.values(servers))
  if (typeof server !== "string") await cpuPerRequest(server.listener, server.path, 10_000);
if (ALLOC) await allocationPerRequest();
for (let round = 1; round <= Number(ALLOC ? 0 : (process.env["ROUNDS"] ?? 3)); round++) {
  for (const [name, server] of Object.entries(servers)) {
    if (typeof server === "string") {
      process.stdout.write(`${name}: skipped (${server})\n`);
      continue;
    }
    const micros = await cpuPerRequest(server.listener, server.path);
    process.stdout.write(`round ${round}  ${name.padEnd(8)} ${micros.toFixed(2)} µs CPU per request\n`);
  }
}

/** The young generation's bytes in use: what a request allocates lands there first. */
function youngBytes(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name === "new_space" || space.space_name === "new_large_object_space")
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

async function allocationPerRequest(): Promise<void> {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error("ALLOC=1 needs node --expose-gc (see the header)");
  let collections = 0;
  const observer = new PerformanceObserver((list) => {
    collections += list.getEntries().length;
  });
  for (let round = 1; round <= Number(process.env["ROUNDS"] ?? 3); round++) {
    for (const [name, server] of Object.entries(servers)) {
      if (typeof server === "string") continue;
      collect();
      const profile = await allocationProfile(name, round);
      observer.observe({ entryTypes: ["gc"] });
      collections = 0;
      const before = youngBytes();
      for (let sent = 0; sent < REQUESTS; sent += CONCURRENCY)
        await Promise.all(Array.from({ length: CONCURRENCY }, () => request(server.listener, server.path)));
      const grown = youngBytes() - before;
      // The observer reports a collection on a later turn: give it one before reading the count.
      await new Promise((resolve) => setImmediate(resolve));
      observer.disconnect();
      await profile?.();
      const figure =
        collections === 0
          ? `${Math.round(grown / REQUESTS)} B allocated per request`
          : "collected during the run: raise --max-semi-space-size";
      process.stdout.write(`round ${round}  ${name.padEnd(8)} ${figure}\n`);
    }
  }
}

/** Starts the sampling heap profiler when `ALLOC_PROFILE` names a directory; the returned function writes the profile. */
async function allocationProfile(name: string, round: number): Promise<(() => Promise<void>) | undefined> {
  const dir = process.env["ALLOC_PROFILE"];
  if (dir === undefined) return undefined;
  const session = new Session();
  session.connect();
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 256,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  return async () => {
    const { profile } = await session.post("HeapProfiler.stopSampling");
    writeFileSync(`${dir}/${name}-${round}.heapprofile`, JSON.stringify(profile));
    session.disconnect();
  };
}
