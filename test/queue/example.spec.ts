/**
 * The example app's long-running tool (docs/examples/helpdesk/agent_tools/ticket_report.ts) and
 * docs/scaling.md's snippets: called directly, enqueued, and over HTTP from a real `axn serve` —
 * synchronously (200 after the whole export), then with `?async=1` (202 at once, the CSV at the
 * job's URL afterwards).
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { createEmbeddedQueue, DEFAULT_QUEUE_LIMITS, Jobs } from "@axn/core";
import { loadHost } from "@axn/sdk";
import { resolveQueueSettings } from "@axn/sdk/queue";
import { resetKernel } from "@axn/sdk/testing";
import { axnBin, exitOf, readUntil } from "../support/axn-child.js";
import { config, enqueueExport, readBack } from "../../docs/examples/snippets/queue.js";

const helpdesk = fileURLToPath(new URL("../../docs/examples/helpdesk/", import.meta.url));

describe("queue: the example app's long-running export", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget

  describe("docs/scaling.md's snippets", () => {
    beforeEach(async () => {
      resetKernel();
      await loadHost({ cwd: helpdesk });
      await Jobs.use(createEmbeddedQueue());
    });
    afterEach(() => resetKernel());

    it("enqueues the export and reads the job back by id", async () => {
      const lines: string[] = [];
      const log = console.log;
      console.log = (line: string) => void lines.push(line);
      let enqueued: Awaited<ReturnType<typeof enqueueExport>>;
      try {
        enqueued = await enqueueExport();
      } finally {
        console.log = log;
      }
      expect(enqueued).to.deep.equal({
        id: "export-open-2026-12-01",
        before: "waiting",
        ok: true,
        rows: enqueued.rows,
        message: `Exported ${enqueued.rows} tickets`,
      });
      expect(enqueued.rows).to.be.greaterThan(0);
      expect(lines).to.deep.equal([`Exported ${enqueued.rows} tickets: ${enqueued.rows} rows`]);
      expect(await readBack(enqueued.id)).to.deep.equal({ state: "completed", attemptsMade: 1 });
      expect(await readBack("nope")).to.equal(undefined);
    });

    it("the config's queue key is what @axn/sdk reads", () => {
      expect(resolveQueueSettings(config.queue, "docs")).to.deep.equal({
        connection: "redis://127.0.0.1:6379",
        name: "axn",
        prefix: "axn",
        lockDuration: undefined,
        stalledInterval: undefined,
        limits: DEFAULT_QUEUE_LIMITS,
      });
    });
  });

  it("over HTTP from axn serve: synchronously 200; with ?async=1, 202 and then the same reply at the job's URL", async () => {
    const { PORT: _port, ...env } = process.env;
    const server = spawn(process.execPath, [axnBin, "serve", "--port", "0"], {
      cwd: helpdesk,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    try {
      const banner = await readUntil(server, "Press Ctrl+C to stop.\n");
      const base = /http:\/\/127\.0\.0\.1:\d+/.exec(banner)![0];
      const post = (query: string) =>
        fetch(`${base}/api/ticket_report/v1${query}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: "Bearer ada-token" },
          body: JSON.stringify({ status: "open", pauseMs: 20 }),
        });
      const sync = await post("");
      const syncBody = (await sync.json()) as { csv: string; rows: number };
      expect(sync.status).to.equal(200);
      expect(syncBody.csv.split("\n")[0]).to.equal("id,status,priority,subject");

      const accepted = await post("?async=1");
      expect(accepted.status).to.equal(202);
      const location = accepted.headers.get("location")!;
      expect(location).to.match(/^\/api\/jobs\/[0-9a-f-]{36}$/);
      let reply: Response;
      // Poll as a client does (Retry-After: 1 is the hint; a hang guard bounds the loop).
      for (;;) {
        reply = await fetch(`${base}${location}`, { headers: { authorization: "Bearer ada-token" } });
        const body = (await reply.clone().json()) as { state?: string };
        if (body.state === undefined) break;
        expect(["waiting", "active"]).to.include(body.state);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect([reply.status, await reply.json()]).to.deep.equal([200, syncBody]);
      // The job's URL sits behind the app's authenticate, like the tool routes: a bad token is refused.
      const refused = await fetch(`${base}${location}`, { headers: { authorization: "Bearer wrong" } });
      expect(refused.status).to.equal(401);
    } finally {
      server.kill("SIGTERM");
      await exitOf(server);
    }
  });
});
