/**
 * The MCP session figure of docs/reliability.md, against a spawned `axn serve` on the MCP hoarding
 * fixture app (the server runs with --expose-gc): the live heap per anonymous session, each opened
 * by an `initialize` and kept, with plain capabilities and with ~900 KB of
 * `capabilities.experimental` (under the 1 MiB body limit); and the flood of issue 29 on default
 * settings — 1,000 anonymous `initialize`s each holding its `GET` stream — then a signed-in agent's
 * `initialize`: the statuses.
 *
 *   node --import tsx test/reliability/measure-sessions.ts
 */
import { holdStream, initialize, send, serveHoardApp, type HeldStream } from "./support/serve-mcp-hoard.js";

const SESSIONS = 40;
const ADA = { authorization: "Bearer ada-token" };

async function perSession(capabilities: object): Promise<number> {
  const app = await serveHoardApp({
    mcp: { maxSessionsPerPrincipal: 1000 },
    nodeOptions: ["--expose-gc"],
  });
  try {
    const mcp = `${app.url}/mcp`;
    const probe = await initialize(mcp, ADA);
    const heap = async (): Promise<number> => {
      const reply = await send(
        mcp,
        probe.id!,
        {
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "heap" },
        },
        ADA,
      );
      const used = /"heapUsed":(\d+)/.exec(reply.text);
      if (used === null) throw new Error(`${reply.status} ${reply.text}`);
      return Number(used[1]);
    };
    // Warm: the first sessions load what every session uses.
    for (let i = 0; i < 5; i++) await initialize(mcp, {}, capabilities);
    const before = await heap();
    for (let i = 0; i < SESSIONS; i++)
      if ((await initialize(mcp, {}, capabilities)).status !== 200) throw new Error("refused");
    const after = await heap();
    return (after - before) / SESSIONS / 1024;
  } finally {
    await app.stop();
  }
}

const plain = await perSession({});
const experimental = await perSession({ experimental: { blob: { data: "x".repeat(900_000) } } });
console.log(
  `${SESSIONS} anonymous sessions, live heap per session: plain ${plain.toFixed(1)} KiB; with ~900 KB experimental ${experimental.toFixed(1)} KiB`,
);

async function flood(): Promise<string> {
  const app = await serveHoardApp();
  const streams: HeldStream[] = [];
  try {
    const mcp = `${app.url}/mcp`;
    const statuses = new Map<number, number>();
    for (let i = 0; i < 1000; i++) {
      const opened = await initialize(mcp);
      statuses.set(opened.status, (statuses.get(opened.status) ?? 0) + 1);
      if (opened.id !== undefined) streams.push(await holdStream(mcp, opened.id));
    }
    const agent = await initialize(mcp, ADA);
    const counts = [...statuses].map(([status, count]) => `${count} × ${status}`).join(", ");
    return `1,000 anonymous initialize + held GET: ${counts}; then the agent's initialize: ${agent.status}`;
  } finally {
    for (const stream of streams) stream.close();
    await app.stop();
  }
}

console.log(await flood());
