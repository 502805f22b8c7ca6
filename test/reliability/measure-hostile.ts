/**
 * The background-call figures of docs/reliability.md, against a spawned `axn serve` on the
 * hostile-load fixture app (embedded queue, default limits):
 *
 * - memory per anonymous background call: the server's live heap (after a full collection: the
 *   server runs with --expose-gc) before and after N anonymous `?async=1` calls with a ~1 MB body,
 *   and with a 60 KB one (under the job size limit), per call;
 * - a signed-in agent's wait under a flood: 600 anonymous slow jobs (50 ms each) queued first,
 *   then the agent's one — the time from its 202 to its result.
 *
 *   node --import tsx test/reliability/measure-hostile.ts
 */
import { serveHostileApp, type ServedApp } from "./support/serve-child.js";

/** The server's live heap after a full collection (KiB). */
async function heapKiB(app: ServedApp): Promise<number> {
  const response = await post(`${app.url}/api/heap/v1`, "{}");
  return ((await response.json()) as { heapUsed: number }).heapUsed / 1024;
}

async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
}

async function memoryPerCall(bodyBytes: number, calls: number): Promise<string> {
  const app = await serveHostileApp({ nodeOptions: "--expose-gc" });
  try {
    const url = `${app.url}/api/hostile_list_tickets/v1?async=1`;
    const body = JSON.stringify({ filter: "x".repeat(bodyBytes - 20) });
    // Warm: the first calls load what every call uses.
    for (let i = 0; i < 10; i++) await (await post(url, body)).text();
    const before = await heapKiB(app);
    const statuses = new Map<number, number>();
    for (let i = 0; i < calls; i++) {
      const response = await post(url, body);
      await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    const grown = (await heapKiB(app)) - before;
    const answered = [...statuses].map(([status, n]) => `${n}× ${status}`).join(", ");
    return `${calls} anonymous ?async=1 calls of ${Math.round(bodyBytes / 1000)} KB: ${answered}; live heap ${grown >= 0 ? "+" : ""}${(grown / 1024).toFixed(1)} MiB (${Math.round(grown / calls)} KiB per call)`;
  } finally {
    await app.stop();
  }
}

async function agentUnderFlood(flood: number): Promise<string> {
  const app = await serveHostileApp();
  try {
    const url = `${app.url}/api/hostile_hold/v1?async=1`;
    const statuses = new Map<number, number>();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: flood }, async () => {
        const response = await post(url, JSON.stringify({ ms: 50 }));
        await response.text();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }),
    );
    const flooded = performance.now() - started;
    const accepted = await post(url, JSON.stringify({ ms: 50 }), { authorization: "Bearer ada-token" });
    const location = accepted.headers.get("location")!;
    const queued = performance.now();
    for (;;) {
      const reply = await fetch(`${app.url}${location}`, { headers: { authorization: "Bearer ada-token" } });
      await reply.text();
      if (reply.headers.get("retry-after") === null) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const waited = performance.now() - queued;
    const answered = [...statuses].map(([status, n]) => `${n}× ${status}`).join(", ");
    return `${flood} anonymous 50 ms jobs in ${Math.round(flooded)} ms (${answered}); then the agent's job: result after ${Math.round(waited)} ms`;
  } finally {
    await app.stop();
  }
}

console.log(await memoryPerCall(1_000_000, 200));
console.log(await memoryPerCall(60_000, 1000));
console.log(await agentUnderFlood(600));
