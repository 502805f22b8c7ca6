/**
 * Scenario 5: requests per second over loopback, axn-plugin-http vs a bare hono route doing the
 * same zod validation. Each server runs in its own child process (one core for the server, one for
 * autocannon here); runs alternate baseline/candidate, each a bounded autocannon run on 127.0.0.1.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { spread } from "../lib/stats.js";
import { meets, skippedRow } from "../lib/rows.js";
import type { Row, ScenarioContext } from "../lib/types.js";

const HEAD = {
  id: "5",
  title: "HTTP requests/sec (loopback)",
  candidate: "axn-plugin-http",
  baseline: "bare hono route, same zod validation",
  target: { kind: "min", value: 0.85 },
} as const;

const SERVER = fileURLToPath(new URL("../http-server.ts", import.meta.url));

export interface HttpOptions {
  readonly rounds: number;
  readonly durationS: number;
  readonly warmupS: number;
  readonly connections: number;
}

interface Running {
  readonly child: ChildProcess;
  readonly url: string;
  /** The server process's CPU time so far (user + system, µs), asked for with SIGUSR2. */
  cpuMicros(): Promise<number>;
}

type Started = { ok: true; server: Running } | { ok: false; reason: string };

function start(mode: "axn" | "baseline"): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", SERVER, mode], {
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
      const message = JSON.parse(line) as { port?: number; route?: string; skipped?: string };
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
      resolve({ ok: true, server: { child, url: `http://127.0.0.1:${message.port}${message.route}`, cpuMicros } });
    });
  });
}

interface Load {
  readonly perSecond: number;
  /** Server CPU time per request over the run (µs): steadier than req/s on a shared machine. */
  readonly cpuPerRequest: number;
}

async function load(server: Running, durationS: number, connections: number): Promise<Load> {
  const before = await server.cpuMicros();
  const result = await autocannon({
    url: server.url,
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ id: "cust-42", limit: 25, verbose: true }),
    connections,
    duration: durationS,
  });
  const after = await server.cpuMicros();
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0) throw new Error(`http bench: ${failed} failed requests against ${server.url} (non2xx ${result.non2xx})`);
  return { perSecond: result.requests.average, cpuPerRequest: (after - before) / Math.max(1, result.requests.total) };
}

async function stop(server: Running): Promise<void> {
  if (server.child.exitCode !== null) return;
  server.child.removeAllListeners("exit");
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill();
  await exited;
}

export async function httpScenario(ctx: ScenarioContext, options: HttpOptions): Promise<readonly Row[]> {
  const candidate = await start("axn");
  if (!candidate.ok) return [skippedRow(HEAD, "req/s", candidate.reason)];
  const baseline = await start("baseline");
  if (!baseline.ok) {
    await stop(candidate.server);
    throw new Error(baseline.reason);
  }
  try {
    const [axn, base] = [candidate.server, baseline.server];
    ctx.log("5 HTTP warm-up");
    await load(base, options.warmupS, options.connections);
    await load(axn, options.warmupS, options.connections);
    const b: number[] = [];
    const c: number[] = [];
    const ratios: number[] = [];
    const cpuB: number[] = [];
    const cpuC: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      ctx.log(`5 HTTP round ${round + 1}/${options.rounds}`);
      let rb: Load;
      let rc: Load;
      if (round % 2 === 0) {
        rb = await load(base, options.durationS, options.connections);
        rc = await load(axn, options.durationS, options.connections);
      } else {
        rc = await load(axn, options.durationS, options.connections);
        rb = await load(base, options.durationS, options.connections);
      }
      b.push(rb.perSecond);
      c.push(rc.perSecond);
      ratios.push(rc.perSecond / rb.perSecond);
      cpuB.push(rb.cpuPerRequest);
      cpuC.push(rc.cpuPerRequest);
    }
    const ratio = spread(ratios);
    const [cpuBase, cpuAxn] = [spread(cpuB).median, spread(cpuC).median];
    return [
      {
        ...HEAD,
        unit: "req/s",
        verdict: meets(HEAD.target, ratio.median) ? "pass" : "MISS",
        baselineValue: spread(b).median,
        candidateValue: spread(c).median,
        ratio,
        rounds: options.rounds,
        note:
          `${options.connections} connections, ${options.durationS} s per run; server CPU per request ` +
          `${cpuBase.toFixed(1)} µs bare vs ${cpuAxn.toFixed(1)} µs axn (${(cpuBase / cpuAxn).toFixed(2)}×)`,
      },
    ];
  } finally {
    await stop(candidate.server);
    await stop(baseline.server);
  }
}
