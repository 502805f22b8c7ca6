/**
 * Scenario 22d/22e (issue 22): many instances behind a balancer. Two `axn serve` processes of the
 * bench's add app (test/bench/apps/add/axn.proxy.config.ts: HTTP, and MCP Streamable HTTP
 * stateless) behind Debian's HAProxy round-robin (test/support/haproxy.ts), against **one instance
 * answering directly** (the baseline): HTTP `POST /api/add/v1` (22d) and MCP `tools/call` as raw
 * JSON-RPC POSTs to `/mcp` (22e, stateless: no session, so each POST is a whole call), each an
 * autocannon run on loopback. The note adds one instance through the proxy, which isolates the
 * proxy's own cost. Rounds alternate the order of the three setups.
 *
 * What the figure can show on this machine: the bench, the proxy and both instances share 2
 * cores, so a second instance adds no CPU to serve with — see the finding. Not in the smoke pass
 * (it starts three processes); in a quick or full run without `haproxy` installed the rows are
 * skipped with the reason (the bench never installs it; the specs' helper does).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { axnBin, exitOf, readUntil } from "../../support/axn-child.js";
import { startBalancer, type Balancer } from "../../support/haproxy.js";
import { freePort } from "../../support/redis.js";
import { meets, skippedRow } from "../lib/rows.js";
import { spread } from "../lib/stats.js";
import type { Row, ScenarioContext, Target } from "../lib/types.js";

const APP = fileURLToPath(new URL("../apps/add/", import.meta.url));
// Two instances should serve at least what one does; on 2 shared cores they cannot (the finding).
const TARGET: Target = { kind: "min", value: 1 };

const HEADS = {
  http: {
    id: "22d",
    title: "HTTP req/s, 2 instances behind HAProxy",
    candidate: "HAProxy → 2 × axn serve",
    baseline: "1 × axn serve, direct",
    target: TARGET,
  },
  mcp: {
    id: "22e",
    title: "MCP tools/call/s (stateless), 2 instances behind HAProxy",
    candidate: "HAProxy → 2 × axn serve",
    baseline: "1 × axn serve, direct",
    target: TARGET,
  },
} as const;

const WORKLOADS = {
  http: { path: "/api/add/v1", headers: { "content-type": "application/json" }, body: JSON.stringify({ a: 2, b: 3 }) },
  mcp: {
    path: "/mcp",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "add", arguments: { a: 2, b: 3 } },
    }),
  },
} as const;

type Kind = keyof typeof WORKLOADS;

const haproxyInstalled = (): boolean =>
  spawnSync("sh", ["-c", "command -v haproxy || ls /usr/sbin/haproxy"], { encoding: "utf8" }).stdout.trim() !== "";

async function serve(port: number): Promise<ChildProcess> {
  const { PORT: _port, ...env } = process.env;
  const child = spawn(process.execPath, [axnBin, "serve", "--config", "axn.proxy.config.ts", "--port", String(port)], {
    cwd: APP,
    env: { ...env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await readUntil(child, "Press Ctrl+C to stop.");
  return child;
}

/** Fairness: the same answer from every setup before anything is timed. */
async function answerOf(base: string, kind: Kind): Promise<string> {
  const { path, headers, body } = WORKLOADS[kind];
  const response = await fetch(`${base}${path}`, { method: "POST", headers, body });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`bench workload broken: ${base}${path} answered ${response.status}: ${text}`);
  // MCP answers as one server-sent event; its data line is the JSON-RPC reply.
  const json =
    kind === "mcp"
      ? text
          .split("\n")
          .find((line) => line.startsWith("data: "))!
          .slice(6)
      : text;
  const parsed = JSON.parse(json) as {
    sum?: number;
    result?: { structuredContent?: { sum?: number }; isError?: boolean };
  };
  const sum =
    kind === "mcp" ? (parsed.result?.isError === true ? undefined : parsed.result?.structuredContent?.sum) : parsed.sum;
  if (sum !== 5) throw new Error(`bench workload broken: ${base}${path} answered ${text}`);
  return json;
}

async function load(base: string, kind: Kind, durationS: number, connections: number): Promise<number> {
  const { path, headers, body } = WORKLOADS[kind];
  const result = await autocannon({
    url: `${base}${path}`,
    method: "POST",
    headers,
    body,
    connections,
    duration: durationS,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0)
    throw new Error(`proxy bench: ${failed} failed requests against ${base}${path} (non2xx ${result.non2xx})`);
  return result.requests.average;
}

export async function proxyScenario(ctx: ScenarioContext): Promise<readonly Row[]> {
  if (!ctx.ownProcess) return [];
  if (!haproxyInstalled())
    return Object.values(HEADS).map((head) =>
      skippedRow(head, "req/s", "skipped: haproxy is not installed (apt-get install haproxy)"),
    );
  const rounds = ctx.quick ? 2 : 5;
  const durationS = ctx.quick ? 1 : 3;
  // Enough in flight to keep two instances busy.
  const connections = 20;
  const instances: ChildProcess[] = [];
  const balancers: Balancer[] = [];
  try {
    const [portA, portB] = [await freePort(), await freePort()];
    instances.push(await serve(portA), await serve(portB));
    const one = await startBalancer({ a: portA });
    balancers.push(one);
    const two = await startBalancer({ a: portA, b: portB });
    balancers.push(two);
    const setups = { direct: `http://127.0.0.1:${portA}`, one: one.url, two: two.url } as const;
    const rows: Row[] = [];
    for (const kind of Object.keys(WORKLOADS) as Kind[]) {
      const expected = await answerOf(setups.direct, kind);
      for (const base of [setups.one, setups.two, setups.two]) {
        if ((await answerOf(base, kind)) !== expected)
          throw new Error(`bench workload broken: ${base} answers differently from one instance`);
      }
      ctx.log(`22${kind === "http" ? "d" : "e"} ${kind} through HAProxy: warm-up`);
      for (const base of Object.values(setups)) await load(base, kind, 1, connections);
      const runs: Record<keyof typeof setups, number[]> = { direct: [], one: [], two: [] };
      for (let round = 0; round < rounds; round++) {
        ctx.log(`22${kind === "http" ? "d" : "e"} ${kind} through HAProxy: round ${round + 1}/${rounds}`);
        const order = (["direct", "one", "two"] as const).slice();
        if (round % 2 === 1) order.reverse();
        for (const setup of order) runs[setup].push(await load(setups[setup], kind, durationS, connections));
      }
      const ratio = spread(runs.two.map((value, r) => value / runs.direct[r]!));
      const viaOne = spread(runs.one.map((value, r) => value / runs.direct[r]!));
      const head = HEADS[kind];
      rows.push({
        ...head,
        unit: "req/s",
        verdict: meets(head.target, ratio.median) ? "pass" : "MISS",
        baselineValue: spread(runs.direct).median,
        candidateValue: spread(runs.two).median,
        ratio,
        rounds,
        note:
          `${connections} connections, ${durationS} s per run; through HAProxy to one instance ${Math.round(spread(runs.one).median).toLocaleString("en-US")} req/s ` +
          `(${viaOne.median.toFixed(2)}× direct): the proxy's own cost. The load generator, the proxy and both instances share ${cpus().length} cores`,
      });
    }
    return rows;
  } finally {
    for (const balancer of balancers) await balancer.stop();
    for (const child of instances) child.kill("SIGTERM");
    await Promise.all(instances.map(exitOf));
  }
}
