/**
 * Scenario 5: requests per second over loopback, axn-plugin-http against the servers a user would
 * write instead (test/bench/peers/http-servers.ts): fastify 5 with JSON Schema (5, the baseline),
 * `@hono/zod-openapi` (5b), a bare hono route with the same zod validation (5c), and fastify again
 * with the loopback Host check axn keeps (5d). Each server
 * runs in its own child process (one core for the server, one for autocannon here), so its own
 * CPU time per request can be read; every round runs each server once, the order reversed every
 * other round, each a bounded autocannon run on 127.0.0.1 with the same body.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { isDeepStrictEqual } from "node:util";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { spread } from "../lib/stats.js";
import { meets, skippedRow } from "../lib/rows.js";
import type { Row, ScenarioContext, Target } from "../lib/types.js";
import { versionOf } from "../peers/versions.js";

const AHEAD: Target = { kind: "min", value: 1 };

/** Each peer: its http-server.ts mode and its row. */
/**
 * Where a peer's checks differ from axn's (printed under the row; the fairness check proves only
 * that both answer the same JSON). All of them validate the body; axn also validates its answer
 * against `exposes`, checks the Host (DNS rebinding) and sends `nosniff`.
 */
const DIFFERS: Record<string, string> = {
  fastify:
    "; fastify validates the body (ajv) but not its answer — the response schema only drives fast-json-stringify — and checks no Host",
  "fastify-host":
    "; fastify validates the body (ajv) but not its answer, and checks the Host as axn does on loopback (an onRequest hook, each Host value's verdict remembered)",
  "zod-openapi": "; @hono/zod-openapi validates the body, the handler parses its answer with zod, no Host check",
  baseline: "; the bare route validates body and answer with zod, no Host check",
};

/** How a note names the peer where its mode is not its name. */
const PEER_NAMES: Record<string, string> = { baseline: "bare hono", "fastify-host": "fastify with the Host check" };

const PEERS = [
  {
    mode: "fastify",
    head: {
      id: "5",
      title: "HTTP req/s vs fastify",
      candidate: "axn-plugin-http",
      baseline: `${versionOf("fastify")}, JSON Schema body + response`,
      target: AHEAD,
    },
  },
  {
    mode: "zod-openapi",
    head: {
      id: "5b",
      title: "HTTP req/s vs @hono/zod-openapi",
      candidate: "axn-plugin-http",
      baseline: `${versionOf("@hono/zod-openapi")} route`,
      target: AHEAD,
    },
  },
  // Row 5 without its unfairness on the Host: fastify with the DNS-rebinding guard axn keeps.
  {
    mode: "fastify-host",
    head: {
      id: "5d",
      title: "HTTP req/s vs fastify with a Host check",
      candidate: "axn-plugin-http",
      baseline: `${versionOf("fastify")}, JSON Schema body + response, loopback Host check hook`,
      target: AHEAD,
    },
  },
  // The layer axn-plugin-http is built on: the floor of what it can reach, so its target leaves room for the checks axn adds.
  {
    mode: "baseline",
    head: {
      id: "5c",
      title: "HTTP req/s vs bare hono",
      candidate: "axn-plugin-http",
      baseline: `bare ${versionOf("hono")} route, same zod validation`,
      target: { kind: "min", value: 0.85 } as Target,
    },
  },
] as const;

const BODY = { id: "cust-42", limit: 25, verbose: true };

const SERVER = fileURLToPath(new URL("../http-server.ts", import.meta.url));

export interface HttpOptions {
  readonly rounds: number;
  readonly durationS: number;
  readonly warmupS: number;
  readonly connections: number;
  /** Requests per run instead of a duration (the smoke spec: a figure, fast). */
  readonly amount?: number;
}

/** A server child process of test/bench/http-server.ts, listening. */
export interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  /** The tool's name on the wire, where the mode serves a named tool (the MCP modes). */
  readonly tool: string | undefined;
  /** The server process's CPU time so far (user + system, µs), asked for with SIGUSR2. */
  cpuMicros(): Promise<number>;
}

type Started = { ok: true; server: Running } | { ok: false; reason: string };

/** Starts `test/bench/http-server.ts <mode> [args]` and waits for its announcement. */
export function start(mode: string, ...args: string[]): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER, mode, ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`http bench: ${mode} server did not start`)), 30_000);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`http bench: ${mode} server exited (${code})`));
    });
    lines.once("line", (line) => {
      clearTimeout(timer);
      const message = JSON.parse(line) as { port?: number; route?: string; tool?: string; skipped?: string };
      if (message.skipped !== undefined) {
        child.kill();
        resolve({ ok: false, reason: message.skipped });
        return;
      }
      const cpuMicros = (): Promise<number> =>
        new Promise((answer) => {
          lines.once("line", (reply) => answer((JSON.parse(reply) as { cpuMicros: number }).cpuMicros));
          child.kill("SIGUSR2");
        });
      resolve({
        ok: true,
        server: { child, url: `http://127.0.0.1:${message.port}${message.route}`, tool: message.tool, cpuMicros },
      });
    });
  });
}

export interface Load {
  readonly perSecond: number;
  /** Server CPU time per request over the run (µs): steadier than req/s on a shared machine. */
  readonly cpuPerRequest: number;
}

/** What each request of a run sends (a POST). */
export interface Workload {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const LOOKUP: Workload = { headers: { "content-type": "application/json" }, body: JSON.stringify(BODY) };

/** One bounded autocannon run against `server`, with the server's own CPU time per request. */
export async function load(
  server: Running,
  durationS: number,
  connections: number,
  amount?: number,
  workload: Workload = LOOKUP,
): Promise<Load> {
  const before = await server.cpuMicros();
  const result = await autocannon({
    url: server.url,
    method: "POST",
    headers: { ...workload.headers },
    body: workload.body,
    connections,
    ...(amount === undefined ? { duration: durationS } : { amount }),
  });
  const after = await server.cpuMicros();
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0)
    throw new Error(`http bench: ${failed} failed requests against ${server.url} (non2xx ${result.non2xx})`);
  return { perSecond: result.requests.average, cpuPerRequest: (after - before) / Math.max(1, result.requests.total) };
}

export async function stop(server: Running): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.removeAllListeners("exit");
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill();
  await exited;
}

/** The status `server` answers the body with under a Host no loopback server should answer (DNS rebinding). */
function statusUnderForeignHost(server: Running): Promise<number> {
  return new Promise((resolve, reject) => {
    const target = new URL(server.url);
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { host: "rebound.example", "content-type": "application/json" },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.once("error", reject);
    request.end(JSON.stringify(BODY));
  });
}

/** Fairness: every server answers the body with the same JSON before anything is timed. */
async function answerOf(server: Running): Promise<unknown> {
  const response = await fetch(server.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(BODY),
  });
  if (response.status !== 200)
    throw new Error(`bench workload broken: ${server.url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

export async function httpScenario(ctx: ScenarioContext, options: HttpOptions): Promise<readonly Row[]> {
  const candidate = await start("axn");
  if (!candidate.ok) return PEERS.map((peer) => skippedRow(peer.head, "req/s", candidate.reason));
  const peers: Running[] = [];
  try {
    for (const peer of PEERS) {
      const started = await start(peer.mode);
      if (!started.ok) throw new Error(started.reason);
      peers.push(started.server);
    }
    const axn = candidate.server;
    const expected = await answerOf(axn);
    for (const peer of peers) {
      const got = await answerOf(peer);
      if (!isDeepStrictEqual(got, expected))
        throw new Error(
          `bench workload broken: ${peer.url} answers ${JSON.stringify(got)}, axn ${JSON.stringify(expected)}`,
        );
    }
    // The Host checks compared in 5d are live on both sides: a foreign Host is refused.
    for (const server of [axn, peers[PEERS.findIndex((peer) => peer.mode === "fastify-host")]!]) {
      const status = await statusUnderForeignHost(server);
      if (status < 400) throw new Error(`bench workload broken: ${server.url} answered ${status} under a foreign Host`);
    }
    ctx.log("5 HTTP warm-up");
    for (const server of [...peers, axn]) await load(server, options.warmupS, options.connections, options.amount);
    const runs = new Map<Running, Load[]>([...peers, axn].map((server) => [server, []]));
    for (let round = 0; round < options.rounds; round++) {
      ctx.log(`5 HTTP round ${round + 1}/${options.rounds}`);
      const order = round % 2 === 0 ? [...peers, axn] : [...peers, axn].reverse();
      for (const server of order)
        runs.get(server)!.push(await load(server, options.durationS, options.connections, options.amount));
    }
    const ours = runs.get(axn)!;
    return PEERS.map((peer, index) => {
      const theirs = runs.get(peers[index]!)!;
      const ratio = spread(theirs.map((run, r) => ours[r]!.perSecond / run.perSecond));
      // Requests per server CPU-second, axn ÷ peer: higher is better, like the req/s ratio it sits beside.
      const cpuRatio = spread(theirs.map((run, r) => run.cpuPerRequest / ours[r]!.cpuPerRequest));
      const [cpuPeer, cpuAxn] = [
        spread(theirs.map((r) => r.cpuPerRequest)).median,
        spread(ours.map((r) => r.cpuPerRequest)).median,
      ];
      return {
        ...peer.head,
        unit: "req/s",
        verdict: meets(peer.head.target, ratio.median) ? "pass" : "MISS",
        baselineValue: spread(theirs.map((r) => r.perSecond)).median,
        candidateValue: spread(ours.map((r) => r.perSecond)).median,
        ratio,
        cpuRatio,
        rounds: options.rounds,
        note:
          `${options.connections} connections, ${options.durationS} s per run; server CPU per request ` +
          `${cpuPeer.toFixed(1)} µs ${PEER_NAMES[peer.mode] ?? peer.mode} vs ${cpuAxn.toFixed(1)} µs axn (CPU ratio: requests per CPU-second, axn ÷ peer)` +
          (DIFFERS[peer.mode] ?? ""),
      } satisfies Row;
    });
  } finally {
    await stop(candidate.server);
    for (const peer of peers) await stop(peer);
  }
}
