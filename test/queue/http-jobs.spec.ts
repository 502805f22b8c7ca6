/**
 * Background calls over HTTP (plugins/http/src/jobs/jobs.ts), through a real server on loopback:
 * `?async=1` or `Prefer: respond-async` answers 202 with `Location: {basePath}/jobs/{id}`; `GET`
 * on it gives the job's state while it is pending, then exactly the reply — status code and body —
 * the synchronous call gives. On the embedded queue here; the same over BullMQ at the end.
 */
import { expect } from "chai";
import { z } from "zod";
import { createEmbeddedQueue, defineAxn, Jobs, type AnyAxn } from "@axn/core";
import { servingPolicy } from "@axn/sdk/serving";
import { startQueueWorker } from "@axn/sdk/queue";
import { serve } from "axn-plugin-http";
import { captureReports } from "../support/reports.js";
import { useRedis } from "../support/redis.js";
import { postJson, send } from "../plugins/http/support.js";
import { agentFromHeader, startJobsServer, type JobsServer } from "./fixtures/jobs-server.js";

/** Every caller of these specs is the officer o1 (`serve.authenticate`), unless a spec serves otherwise. */
const OFFICER = { id: "o1" };

function defineTools(): { Quote: AnyAxn; Hold: AnyAxn; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const Quote = defineAxn({
    name: "Jobs.Quote",
    tool: true,
    expects: {
      amount: z.number().int().positive(),
      principal: { schema: z.object({ id: z.string() }), on: "ambientContext" },
    },
    exposes: { quoted: z.number(), officerId: z.string() },
    messages: { error: "Could not quote" },
    failsOn: [],
    call: ({ amount, principal }, ctx) => {
      if (amount > 1000) ctx.fail("the amount is over the limit");
      if (amount === 13) throw new Error("database password is hunter2");
      return { quoted: amount * 2, officerId: principal.id };
    },
  });
  const Hold = defineAxn({ name: "Jobs.Hold", tool: true, call: async () => void (await gate) });
  return { Quote, Hold, release };
}

describe("queue: background calls over HTTP", function () {
  this.timeout(60_000); // a hang guard for a loaded machine, not a budget
  let app: JobsServer<ReturnType<typeof defineTools>>;
  let tools: ReturnType<typeof defineTools>;

  async function start(config: Record<string, object> = {}): Promise<void> {
    app = await startJobsServer({
      define: defineTools,
      tools: ({ Quote, Hold }) => [Quote, Hold],
      config: { serve: { authenticate: () => OFFICER }, ...config },
    });
    tools = app.defined;
  }
  afterEach(async () => {
    tools.release();
    await app.close();
  });
  const reports = captureReports();

  const url = (path: string) => app.url(path);
  const settled: JobsServer<unknown>["settled"] = (accepted, headers) => app.settled(accepted, headers);

  describe("on the embedded queue", () => {
    beforeEach(async () => {
      await start();
      await Jobs.use(createEmbeddedQueue());
    });

    it("?async=1 answers 202 with the job's Location; GET gives the synchronous reply once it settled", async () => {
      const accepted = await postJson(url("/jobs_quote/v1?async=1"), { amount: 21 });
      const id = (accepted.body as { id: string }).id;
      expect(accepted.status).to.equal(202);
      expect(accepted.headers.get("location")).to.equal(`/api/jobs/${id}`);
      expect(accepted.headers.get("preference-applied")).to.equal("respond-async");
      expect(accepted.body).to.deep.equal({
        id,
        tool: "jobs_quote",
        version: 1,
        state: "waiting",
        location: `/api/jobs/${id}`,
      });
      const sync = await postJson(url("/jobs_quote/v1"), { amount: 21 });
      const later = await settled(accepted);
      expect([later.status, later.body]).to.deep.equal([sync.status, sync.body]);
      expect(later.body).to.deep.equal({ quoted: 42, officerId: "o1" });
    });

    it("an input error: the synchronous 400 with the field errors at once, and nothing is enqueued", async () => {
      const sync = await postJson(url("/jobs_quote/v1"), { amount: "many" });
      const refused = await postJson(url("/jobs_quote/v1?async=1"), { amount: "many" });
      expect(sync.status).to.equal(400);
      expect([refused.status, refused.body]).to.deep.equal([sync.status, sync.body]);
      expect(refused.headers.get("location")).to.equal(null);
    });

    for (const [what, args, status] of [
      ["a business failure: 422 with the tool's message", { amount: 5000 }, 422],
      ["an exception: 500 with the user-facing error, never the cause", { amount: 13 }, 500],
    ] as const) {
      it(`${what} — the same as the synchronous call`, async () => {
        const sync = await postJson(url("/jobs_quote/v1"), args);
        const accepted = await postJson(url("/jobs_quote/v1"), args, { prefer: "respond-async, wait=0" });
        expect(accepted.status).to.equal(202);
        const later = await settled(accepted);
        expect([later.status, later.body]).to.deep.equal([status, sync.body]);
        expect(JSON.stringify(later.body)).to.not.include("hunter2");
        // The exception's cause is reported (by the synchronous call, then once per attempt of the job).
        expect(reports.filter((r) => (r.error as Error).message.includes("hunter2"))).to.have.length(
          status === 500 ? 1 + 3 : 0,
        );
      });
    }

    it("while pending, GET gives the job's state with Retry-After", async () => {
      const accepted = await postJson(url("/jobs_hold/v1?async=1"), {});
      const id = (accepted.body as { id: string }).id;
      const pending = await send(url(`/jobs/${id}`), { method: "GET" });
      expect(pending.status).to.equal(200);
      expect(pending.headers.get("retry-after")).to.equal("1");
      expect(pending.body).to.deep.include({ id, tool: "jobs_hold", version: 1, attempts: 3 });
      expect(["waiting", "active"]).to.include((pending.body as { state: string }).state);
      tools.release();
      expect((await settled(accepted)).body).to.deep.equal({ message: "Action completed successfully" });
    });

    it("a tool's access policy: a refused caller gets the synchronous refusal and nothing is enqueued; the principal travels", async () => {
      const Close = defineAxn({
        name: "Jobs.Close",
        tool: true,
        access: { roles: ["agent"] },
        // No declared principal field: it travels anyway, for the worker's access check.
        call: () => undefined,
      });
      // Served in code with a serving policy of its own: the x-agent header's agent, or anonymous.
      const server = await serve({
        port: 0,
        tools: [Close],
        serving: servingPolicy({ authenticate: agentFromHeader, anonymous: true }),
      });
      try {
        const at = (path: string) => `${server.url}/api${path}`;
        const sync = await postJson(at("/jobs_close/v1"), {});
        const refused = await postJson(at("/jobs_close/v1?async=1"), {});
        expect([refused.status, refused.body]).to.deep.equal([sync.status, sync.body]);
        expect(refused.status).to.equal(401);
        const accepted = await postJson(at("/jobs_close/v1?async=1"), {}, { "x-agent": "ag_ada" });
        expect(accepted.status).to.equal(202);
        // The job is bound to its enqueuer (job-owner.spec.ts): the same principal reads it.
        await (await Jobs.find((accepted.body as { id: string }).id))!.result();
        const later = await send(`${server.url}${accepted.headers.get("location")!}`, {
          method: "GET",
          headers: { "x-agent": "ag_ada" },
        });
        expect([later.status, later.body]).to.deep.equal([200, { message: "Action completed successfully" }]);
      } finally {
        await server.close();
      }
    });

    it("a cancelled job answers its state, cancelled — the word axn jobs and MCP tasks use — not a call result", async () => {
      const accepted = await postJson(url("/jobs_hold/v1?async=1"), {});
      const id = (accepted.body as { id: string }).id;
      const job = (await Jobs.find(id))!;
      expect(await job.cancel()).to.equal(true);
      // Hold ignores its signal: let the body end; the cancel asked for decides the state.
      tools.release();
      await job.result();
      const reply = await send(url(`/jobs/${id}`), { method: "GET" });
      expect([reply.status, reply.body, reply.headers.get("retry-after")]).to.deep.equal([
        200,
        {
          id,
          tool: "jobs_hold",
          version: 1,
          state: "cancelled",
          attemptsMade: (await job.status()).attemptsMade,
          attempts: 3,
        },
        null,
      ]);
    });

    it("an unknown job id is a 404 naming it", async () => {
      const reply = await send(url("/jobs/nope"), { method: "GET" });
      expect([reply.status, reply.body]).to.deep.equal([
        404,
        { error: 'No job "nope"; it was never enqueued here, or it expired' },
      ]);
      expect(reports).to.have.length(0);
    });
  });

  describe("on BullMQ with a worker", () => {
    const redis = useRedis();

    it("202, then the worker's result with the synchronous status code", async () => {
      const name = `http-${process.pid}`;
      await start({ queue: { connection: redis.url, name } });
      const worker = await startQueueWorker({ connection: redis.url, name, concurrency: 2 });
      try {
        const accepted = await postJson(url("/jobs_quote/v1?async=1"), { amount: 5000 });
        expect(accepted.status).to.equal(202);
        const later = await settled(accepted);
        expect([later.status, later.body]).to.deep.equal([
          422,
          { error: "Could not quote: the amount is over the limit" },
        ]);
        const ok = await settled(await postJson(url("/jobs_quote/v1?async=1"), { amount: 2 }));
        expect([ok.status, ok.body]).to.deep.equal([200, { quoted: 4, officerId: "o1" }]);
      } finally {
        await worker.close();
      }
    });
  });
});
