/**
 * A background call's job is bound to the principal that enqueued it (plugins/http/src/jobs.ts,
 * `JobPayload.owner`): over real HTTP on loopback, `GET {basePath}/jobs/{id}` by another principal
 * — or by an anonymous caller — is the 404 an unknown id gets, byte for byte; the owner reads it; a
 * job enqueued anonymously is read with the capability token its 202 returned, and by no one
 * else; a job trusted code enqueued without a principal by no caller at all (its id is random on
 * BullMQ too, never BullMQ's counter); trusted code (`Jobs.find` without a
 * principal, what `axn jobs ID` calls) finds every job. On the embedded queue and on BullMQ with a
 * worker on the real Redis the spec starts.
 */
import { expect } from "chai";
import { createEmbeddedQueue, defineAxn, Jobs, type AnyAxn } from "@axn/core";
import { startQueueWorker, type QueueWorker } from "@axn/sdk/queue";
import { useRedis } from "../support/redis.js";
import { postJson, send, type Reply } from "../plugins/http/support.js";
import { agentFromHeader, startJobsServer, type JobsServer } from "./fixtures/jobs-server.js";

const ADA = { "x-agent": "ag_ada" };
const BOB = { "x-agent": "ag_bob" };
const unknownJob = (id: string) => ({ error: `No job "${id}"; it was never enqueued here, or it expired` });

function defineTools() {
  // No access policy: an anonymous caller may enqueue it too.
  const Echo = defineAxn({ name: "Owner.Echo", tool: true, call: () => undefined });
  const Close = defineAxn({ name: "Owner.Close", tool: true, access: { roles: ["agent"] }, call: () => undefined });
  return { Echo, Close: Close as AnyAxn };
}

describe("queue: a job is bound to the principal that enqueued it", function () {
  this.timeout(60_000); // a hang guard for a loaded machine, not a budget
  let app: JobsServer<ReturnType<typeof defineTools>>;
  let tools: ReturnType<typeof defineTools>;
  let worker: QueueWorker | undefined;

  async function start(config: Record<string, object> = {}): Promise<void> {
    app = await startJobsServer({
      define: defineTools,
      tools: ({ Echo, Close }) => [Echo, Close],
      config: { serve: { authenticate: agentFromHeader, anonymous: true }, ...config },
    });
    tools = app.defined;
  }
  afterEach(async () => {
    await worker?.close();
    worker = undefined;
    await app.close();
  });

  const url = (path: string) => app.url(path);
  const get = (accepted: Reply, headers: Record<string, string> = {}) => app.job(accepted, headers);
  async function enqueued(
    tool: string,
    headers: Record<string, string> = {},
  ): Promise<{ accepted: Reply; id: string }> {
    const accepted = await postJson(url(`/${tool}/v1?async=1`), {}, headers);
    expect(accepted.status).to.equal(202);
    const id = (accepted.body as { id: string }).id;
    // Trusted code finds it whoever enqueued it (`axn jobs ID` reads through this call).
    await (await Jobs.find(id))!.result();
    return { accepted, id };
  }

  function behaves(): void {
    it("another principal and an anonymous caller get the unknown-id 404; the owner gets the reply", async () => {
      const { accepted, id } = await enqueued("owner_close", ADA);
      for (const headers of [BOB, {}]) {
        const other = await get(accepted, headers);
        expect([other.status, other.body]).to.deep.equal([404, unknownJob(id)]);
        const unknown = await send(url("/jobs/never-enqueued-id"), { method: "GET", headers });
        expect(unknown.status).to.equal(404);
        expect(other.headers.get("content-type")).to.equal(unknown.headers.get("content-type"));
      }
      const own = await get(accepted, ADA);
      expect([own.status, own.body]).to.deep.equal([200, { message: "Action completed successfully" }]);
    });

    it("a job enqueued anonymously is its creator's: the token in its URL reads it, the bare id is the unknown-id 404", async () => {
      const { accepted, id } = await enqueued("owner_echo");
      const { token } = accepted.body as { token: string };
      expect(token).to.match(/^[0-9a-f]{64}$/);
      expect(accepted.headers.get("location")).to.equal(`/api/jobs/${id}?token=${token}`);
      const creator = await get(accepted);
      expect([creator.status, creator.body]).to.deep.equal([200, { message: "Action completed successfully" }]);
      for (const [headers, query] of [
        [{}, ""],
        [{}, "?token=guessed"],
        [BOB, ""],
        [BOB, "?token=guessed"],
      ] as const) {
        const other = await send(url(`/jobs/${id}${query}`), { method: "GET", headers });
        expect([other.status, other.body]).to.deep.equal([404, unknownJob(id)]);
      }
      expect(await Jobs.find(id, { principal: null, token })).to.not.equal(undefined);
      expect(await Jobs.find(id, { principal: null })).to.equal(undefined);
    });

    it("a job trusted code enqueued with no principal is the unknown-id 404 to every caller", async () => {
      const job = await tools.Echo.enqueue({});
      await job.result();
      for (const headers of [{}, BOB]) {
        const reply = await send(url(`/jobs/${job.id}`), { method: "GET", headers });
        expect([reply.status, reply.body]).to.deep.equal([404, unknownJob(job.id)]);
      }
      expect(job.id).to.match(/^[0-9a-f-]{36}$/);
    });

    it("the owner is the principal's id: the same principal on another request reads it, Jobs.find({ principal }) agrees", async () => {
      const { id } = await enqueued("owner_echo", BOB);
      expect(await Jobs.find(id, { principal: { id: "ag_bob" } })).to.not.equal(undefined);
      expect(await Jobs.find(id, { principal: { id: "ag_ada" } })).to.equal(undefined);
      expect(await Jobs.find(id, { principal: null })).to.equal(undefined);
      expect(await Jobs.find(id)).to.not.equal(undefined);
    });
  }

  describe("on the embedded queue", () => {
    beforeEach(async () => {
      await start();
      await Jobs.use(createEmbeddedQueue());
    });
    behaves();
  });

  describe("on BullMQ with a worker", () => {
    const redis = useRedis();
    let name: string;
    let count = 0;
    beforeEach(async () => {
      name = `owner-${process.pid}-${++count}`;
      await start({ queue: { connection: redis.url, name } });
      worker = await startQueueWorker({ connection: redis.url, name, concurrency: 2 });
    });
    behaves();

    it("a cancelled job (removed from BullMQ) keeps its owner", async () => {
      const job = await tools.Echo.enqueue(
        {},
        { ambientContext: { principal: { id: "ag_ada" } }, delay: 600_000, jobId: `owned-${name}` },
      );
      expect(await job.cancel()).to.equal(true);
      expect((await Jobs.find(job.id))!.id).to.equal(job.id);
      expect(await Jobs.find(job.id, { principal: { id: "ag_bob" } })).to.equal(undefined);
      const other = await send(url(`/jobs/${job.id}`), { method: "GET", headers: BOB });
      expect([other.status, other.body]).to.deep.equal([404, unknownJob(job.id)]);
      const own = await send(url(`/jobs/${job.id}`), { method: "GET", headers: ADA });
      expect(own.status).to.not.equal(404);
    });
  });
});
