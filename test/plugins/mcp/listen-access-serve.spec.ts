/**
 * 2026-07-28 `subscriptions/listen` under `axn serve` (child process, Streamable HTTP on loopback,
 * the v2 `Client` pinned to the revision): a stream hears a resource's updates only while its
 * caller may read the resource — an agent hears all three, a signed-in user the runbook and the
 * notes, an anonymous caller the public notes only — although each one's acknowledgement echoes
 * the filter as asked (test/fixtures/listen-access). The public resource is updated last, so once
 * a stream has heard it, it has heard everything it ever will of that change.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { axnBin, readUntil, repo } from "../../support/axn-child.js";

const fixture = join(repo, "test/fixtures/listen-access");
const FILTER = ["tickets://1", "internal://runbook", "docs://notes"];

describe("axn serve: 2026-07-28 listen streams hear only what their caller may read (child process)", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  let child: ChildProcess;
  let url: URL;
  const clients: Client[] = [];
  before(async () => {
    const { PORT: _port, NODE_ENV: _env, ...env } = process.env;
    child = spawn(process.execPath, [axnBin, "serve", "--port", "0"], { cwd: fixture, env });
    const banner = await readUntil(child, "Press Ctrl+C to stop.\n");
    url = new URL(`${/on (http:\/\/[\d.]+:\d+)\n/.exec(banner)![1]!}/mcp`);
  });
  after(async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
    child.kill("SIGKILL");
  });

  async function listener(token?: string) {
    const client = new Client(
      { name: "listen-access", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } } },
    );
    clients.push(client);
    const updates: string[] = [];
    client.setNotificationHandler("notifications/resources/updated", (n) => void updates.push(n.params.uri));
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
      }),
    );
    const subscription = await client.listen({ resourceSubscriptions: FILTER });
    return { client, updates, subscription };
  }

  it("each stream's acknowledgement echoes the filter; each hears the updates its caller may read, once", async () => {
    const [ada, bob, anonymous] = await Promise.all([listener("t-ada"), listener("t-bob"), listener()]);
    for (const { subscription } of [ada, bob, anonymous])
      expect(subscription.honoredFilter).to.deep.equal({ resourceSubscriptions: FILTER });
    const tools = await ada.client.listTools();
    const touch = tools.tools.find((tool) => tool.name.includes("touch") || tool.name.includes("board"))!;
    await ada.client.callTool({ name: touch.name, arguments: {} });
    for (const { updates } of [ada, bob, anonymous])
      while (!updates.includes("docs://notes")) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(ada.updates).to.deep.equal(FILTER);
    expect(bob.updates).to.deep.equal(["internal://runbook", "docs://notes"]);
    expect(anonymous.updates).to.deep.equal(["docs://notes"]);
    for (const { subscription } of [ada, bob, anonymous]) await subscription.close();
  });
});
