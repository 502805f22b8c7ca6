/**
 * Issue 29, item 7: an MCP task's progress reaches the client on whichever instance holds its
 * `GET` stream — two spawned `axn serve` instances of the fixture app sharing MCP sessions through a
 * real Redis (`mcp.sessionStore`), the task created through one, the session's stream held on the
 * other. The task runs where it was created (embedded queue), whose copy of the session has no
 * stream: before, its progress was dropped there; now the session store carries it to the instance
 * that holds the stream.
 */
import { expect } from "chai";
import { useRedis } from "../support/redis.js";
import type { ServedApp } from "./support/serve-child.js";
import { initialize, send, serveHoardApp } from "./support/serve-mcp-hoard.js";

const ADA = { authorization: "Bearer ada-token" };

/** The session's GET stream on `mcpUrl`, open (its headers in); `until` resolves once `marker` is in what arrived. */
async function openStream(
  mcpUrl: string,
  id: string,
  marker: string,
  signal: AbortSignal,
): Promise<{ readonly status: number; readonly until: Promise<string> }> {
  const response = await fetch(mcpUrl, {
    headers: { ...ADA, accept: "text/event-stream", "mcp-session-id": id, "mcp-protocol-version": "2025-11-25" },
    signal,
  });
  const until = (async () => {
    let seen = "";
    const decoder = new TextDecoder();
    for await (const chunk of response.body!) {
      seen += decoder.decode(chunk, { stream: true });
      if (seen.includes(marker)) return seen;
    }
    return seen;
  })();
  return { status: response.status, until };
}

describe("axn serve, two instances: an MCP task's progress reaches the instance holding the client's stream", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis();
  const apps: ServedApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.stop();
  });

  it("a task created through instance A reports its progress on the GET stream held on instance B", async () => {
    const mcp = { sessionStore: redis.url };
    const a = await serveHoardApp({ mcp });
    const b = await serveHoardApp({ mcp });
    apps.push(a, b);
    const opened = await initialize(`${a.url}/mcp`, ADA);
    const listening = new AbortController();
    // The stream held on B (the session rebuilt there from its record).
    const stream = await openStream(`${b.url}/mcp`, opened.id!, '"progress":2', listening.signal);
    expect(stream.status).to.equal(200);
    const created = await send(
      `${a.url}/mcp`,
      opened.id!,
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "hoard_report", arguments: {}, task: { ttl: 60_000 }, _meta: { progressToken: "report-1" } },
      },
      ADA,
    );
    expect(created.text).to.include('"status":"working"');
    const seen = await stream.until;
    listening.abort();
    const progress = [...seen.matchAll(/^data: (.*)$/gm)]
      .map((match) => JSON.parse(match[1]!) as { method?: string; params?: Record<string, unknown> })
      .filter((message) => message.method === "notifications/progress")
      .map(({ params }) => [params!["progressToken"], params!["progress"], params!["total"], params!["message"]]);
    expect(progress).to.deep.equal([
      ["report-1", 1, 2, "started"],
      ["report-1", 2, 2, "done"],
    ]);
    expect([a.stderr(), b.stderr()]).to.deep.equal(["", ""]);
  });
});
