/**
 * The queue contract on BullMQ over a real Redis (test/support/redis.ts): the config's
 * `queue: { connection }` switches `A.enqueue` from the embedded queue to BullMQ with no code
 * change; a worker (`startQueueWorker`, here in this process) settles the same `Result`; business
 * failures complete, exceptions retry and then dead-letter with one report per attempt; `jobId`
 * deduplicates; cancel; ambient context and trace context travel; the fair-share rank holds across
 * producers.
 */
import { expect } from "chai";
import { z } from "zod";
import { trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { defineAxn, Jobs, type JobHandle, type QueueBackend } from "@axn/core";
import { createHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { createBullmqQueue, startQueueWorker, type QueueWorker } from "@axn/sdk/queue";
import { captureReports } from "../support/reports.js";
import { pollUntil } from "../support/poll.js";
import { useRedis, withRedisClient } from "../support/redis.js";

describe("queue: BullMQ on a real Redis", function () {
  this.timeout(60_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis();
  let queueName = "";
  let serial = 0;
  let workers: QueueWorker[] = [];

  // The capture resets the kernel first; the host loads into that fresh kernel.
  const reports = captureReports();
  beforeEach(async () => {
    queueName = `spec-${process.pid}-${++serial}`;
    await createHost({ config: { queue: { connection: redis.url, name: queueName } } });
  });
  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    workers = [];
    resetKernel();
  });

  const worker = async (concurrency = 2) => {
    const started = await startQueueWorker({ connection: redis.url, name: queueName, concurrency });
    workers.push(started);
    return started;
  };

  /** An action that records the order its jobs ran in, by their `n`. */
  const recording = (name: string) => {
    const order: number[] = [];
    const action = defineAxn({
      name,
      expects: { n: z.number() },
      call: ({ n }) => {
        order.push(n);
      },
    });
    return { action, order };
  };

  it("the config's queue.connection selects BullMQ; a worker settles the Result a direct call returns", async () => {
    expect(Jobs.backend().kind).to.equal("bullmq");
    const Double = defineAxn({
      name: "Bull.Double",
      expects: { n: z.number().int(), userId: { schema: z.string(), on: "ambientContext" } },
      exposes: { doubled: z.number(), by: z.string() },
      call: ({ n, userId }) => ({ doubled: n * 2, by: userId }),
    });
    const job = await Double.enqueue({ n: 21 }, { ambientContext: { userId: "u1", other: "never travels" } });
    expect((await job.status()).state).to.equal("waiting");
    await worker();
    const result = await job.result();
    expect([result.ok, result.outcome, result.message, result.doubled, result.by]).to.deep.equal([
      true,
      "success",
      "Action completed successfully",
      42,
      "u1",
    ]);
    expect(await job.status()).to.deep.equal({
      id: job.id,
      action: "Bull.Double",
      state: "completed",
      attemptsMade: 1,
      attempts: 3,
    });
    const found = (await Jobs.find(job.id))!;
    expect((await found.result()).exposed).to.deep.equal({ doubled: 42, by: "u1" });
    expect(await Jobs.find("missing-job")).to.equal(undefined);
  });

  it("a business failure completes the job, never retried", async () => {
    let runs = 0;
    const A = defineAxn({
      name: "Bull.Refuses",
      call: (_i, ctx) => {
        runs++;
        return ctx.fail("the ledger is closed");
      },
    });
    await worker();
    const result = await (await A.enqueue({})).result();
    expect([result.ok, result.outcome, result.error]).to.deep.equal([false, "failure", "the ledger is closed"]);
    expect(runs).to.equal(1);
  });

  it("an action that keeps throwing ends dead-lettered, with one report per attempt and the user-facing error", async () => {
    let runs = 0;
    const A = defineAxn({
      name: "Bull.Flaky",
      messages: { error: "Could not sync the ledger" },
      call: () => {
        throw new Error(`connection reset (attempt ${++runs}) password=hunter2`);
      },
    });
    await worker();
    const job = await A.enqueue({}, { attempts: 3, backoff: { type: "fixed", delay: 10 } });
    const result = await job.result();
    expect([result.ok, result.outcome, result.error]).to.deep.equal([false, "exception", "Could not sync the ledger"]);
    expect(result.exception?.message).to.equal(
      `Job "${job.id}" of Bull.Flaky is dead: 3 of 3 attempts threw, and each exception was reported to onException by the worker that ran it`,
    );
    expect(await job.status()).to.deep.include({ state: "dead", attemptsMade: 3, attempts: 3 });
    expect(reports.map((r) => (r.error as Error).message)).to.deep.equal(
      [1, 2, 3].map((n) => `connection reset (attempt ${n}) password=hunter2`),
    );
    // What Redis keeps of the failure is the settled call, never the exception's message.
    const { Job, Queue } = await import("bullmq");
    const raw = new Queue(queueName, { connection: { url: redis.url }, prefix: "axn" });
    try {
      const stored = JSON.stringify(await Job.fromId(raw, job.id));
      expect(stored).to.not.include("hunter2");
    } finally {
      // Closed here: left open it would dial the spec's Redis after it stopped, printing each attempt.
      await raw.close();
    }
  });

  it("a job stores what its defaults do not imply: the worker applies the default attempts and backoff, a plain success is kept short and reads back whole", async () => {
    let runs = 0;
    const A = defineAxn({
      name: "Bull.Defaults",
      expects: { n: z.number() },
      exposes: { n: z.number() },
      call: ({ n }) => {
        if (++runs === 1) throw new Error("a transient fault");
        return { n };
      },
    });
    await worker();
    const job = await A.enqueue({ n: 7 });
    await withRedisClient(redis.url, async (admin) => {
      const key = `axn:${queueName}:${job.id}`;
      const opts = JSON.parse((await admin.hget(key, "opts"))!) as Record<string, unknown>;
      expect(opts).to.not.have.any.keys("backoff", "removeOnComplete", "removeOnFail");
      expect(opts["attempts"] ?? 0).to.equal(0);
      // The first attempt threw: BullMQ retries it after the default backoff's first step (1 s).
      const delay = await pollUntil(
        () => admin.hget(key, "delay"),
        (value) => value !== null && value !== "0",
      );
      expect(delay).to.equal("1000");
      const result = await job.result();
      expect([result.ok, result.outcome, result.message, (result as unknown as { n: number }).n]).to.deep.equal([
        true,
        "success",
        "Action completed successfully",
        7,
      ]);
      expect(result.elapsedMs).to.be.a("number").and.at.least(0);
      expect(await job.status()).to.deep.include({ state: "completed", attemptsMade: 2, attempts: 3 });
      const stored = JSON.parse((await admin.hget(key, "returnvalue"))!) as Record<string, unknown>;
      expect(Object.keys(stored)).to.deep.equal(["exposed", "us"]);
      expect(stored["exposed"]).to.deep.equal({ n: 7 });
      expect(Number.isInteger(stored["us"])).to.equal(true);
    });
  });

  it("the same jobId twice is one job", async () => {
    let runs = 0;
    const A = defineAxn({
      name: "Bull.Once",
      expects: { n: z.number() },
      exposes: { n: z.number() },
      call: ({ n }) => {
        runs++;
        return { n };
      },
    });
    const first = await A.enqueue({ n: 1 }, { jobId: "once-1" });
    const second = await A.enqueue({ n: 2 }, { jobId: "once-1" });
    expect(second.id).to.equal(first.id);
    await worker();
    expect((await second.result()).n).to.equal(1);
    expect(runs).to.equal(1);
  });

  // A capped job's options, as a transport's submission passes them (Jobs.submit), to the backend directly.
  const capped = (admission: { maxWaitingPerOwner: number; maxWaitingJobs: number }, jobId?: string) => ({
    jobId,
    delay: 0,
    attempts: 1,
    backoff: { type: "fixed" as const, delay: 0 },
    priority: undefined,
    admission,
  });

  it("an admission that ran once already, its job not stored, still stores the job (a command sent again after a dropped connection)", async () => {
    defineAxn({
      name: "Bull.Readmitted",
      expects: { n: z.number() },
      exposes: { n: z.number() },
      call: ({ n }) => ({ n }),
    });
    // What an admission's first run leaves when its answer is lost with the connection: the id
    // counted waiting and admitting, no job yet. The client sends the admission again, and it finds
    // the id counted.
    await withRedisClient(redis.url, async (admin) => {
      await admin.zadd(`axn:${queueName}:axn:admitting`, Date.now() + 60_000, "readmitted-1");
      await admin.zadd(`axn:${queueName}:axn:waiting:app`, Date.now(), "readmitted-1");
      const id = await Jobs.backend().add(
        { action: "Bull.Readmitted", args: { n: 2 }, ambient: {} },
        capped({ maxWaitingPerOwner: 3, maxWaitingJobs: 3 }, "readmitted-1"),
      );
      expect([id, await admin.exists(`axn:${queueName}:readmitted-1`)]).to.deep.equal(["readmitted-1", 1]);
      await worker();
      expect((await (await Jobs.find(id))!.result()).n).to.equal(2);
    });
  });

  it("the caps count only waiting jobs: every started or stale one at an owner's set's front leaves it, every stored or expired one at the admitting set's, more than one read's worth", async () => {
    // At the front of the owner's set: 5 members older than a day whose jobs went away unseen, then
    // 20 jobs BullMQ has started (their hash has processedOn), their worker's count-out not come yet.
    // At the front of the admitting set: 5 whose deadline passed, their add never landed, then the 20
    // (stored: BullMQ's lists count them, or not once started). The admission prunes them all (read
    // 16 at a time), so caps of 3 still admit a job.
    await withRedisClient(redis.url, async (admin) => {
      for (let i = 0; i < 5; i++) {
        await admin.zadd(`axn:${queueName}:axn:waiting:app`, Date.now() - 25 * 3600_000 + i, `gone-${i}`);
        await admin.zadd(`axn:${queueName}:axn:admitting`, Date.now() - 60_000 + i, `gone-${i}`);
      }
      const ids = Array.from({ length: 20 }, (_, i) => `started-${i}`);
      for (const [i, id] of ids.entries()) {
        await admin.hset(`axn:${queueName}:${id}`, "processedOn", String(Date.now()));
        await admin.zadd(`axn:${queueName}:axn:waiting:app`, Date.now() - 1000 + i, id);
        await admin.zadd(`axn:${queueName}:axn:admitting`, Date.now() + 60_000 + i, id);
      }
      const admitted = await Jobs.backend().add(
        { action: "Bull.Capped", args: {}, ambient: {} },
        capped({ maxWaitingPerOwner: 3, maxWaitingJobs: 3 }),
      );
      expect(await admin.zrange(`axn:${queueName}:axn:waiting:app`, "0", "-1")).to.deep.equal([admitted]);
      expect(await admin.zrange(`axn:${queueName}:axn:admitting`, "0", "-1")).to.deep.equal([admitted]);
    });
  });

  it("the global cap counts every job BullMQ holds waiting: the app's own (never admitted), delayed ones, and the capped ones admitted whose add has not landed", async () => {
    const A = defineAxn({ name: "Bull.Counted", call: () => undefined });
    const payload = { action: "Bull.Counted", args: {}, ambient: {} };
    const backend = Jobs.backend();
    // The app's own: no admission (nothing in axn's sets), counted in BullMQ's wait list, its
    // prioritized set (the second one's rank) and its delayed set.
    await A.enqueue({});
    await A.enqueue({});
    await A.enqueue({}, { delay: 60_000 });
    await withRedisClient(redis.url, async (admin) => {
      expect(await admin.keys(`axn:${queueName}:axn:*`)).to.deep.equal([]);
      // One admitted in another producer, its add still on the wire.
      await admin.zadd(`axn:${queueName}:axn:admitting`, Date.now() + 60_000, "in-flight-1");
    });
    const refused = await backend.add(payload, capped({ maxWaitingPerOwner: 10, maxWaitingJobs: 4 })).then(
      () => "admitted",
      (error: unknown) => (error as Error).message,
    );
    expect(refused).to.equal(
      "Cannot enqueue Bull.Counted: 4 jobs are waiting (queue.maxWaitingJobs); try again once some have started",
    );
    // Room for one more: the fifth.
    expect(await backend.add(payload, capped({ maxWaitingPerOwner: 10, maxWaitingJobs: 5 }))).to.be.a("string");
  });

  it("a capped job's worker counts it out of its owner's waiting set as it starts; the app's own job is in no set, and carries no mark", async () => {
    const A = defineAxn({ name: "Bull.CountedOut", call: () => undefined });
    const payload = { action: "Bull.CountedOut", args: {}, ambient: {} };
    const backend = Jobs.backend();
    const ids = [
      await backend.add(payload, capped({ maxWaitingPerOwner: 10, maxWaitingJobs: 10 })),
      await backend.add(payload, capped({ maxWaitingPerOwner: 10, maxWaitingJobs: 10 })),
    ];
    const own = await A.enqueue({});
    await withRedisClient(redis.url, async (admin) => {
      const set = `axn:${queueName}:axn:waiting:app`;
      expect(await admin.zrange(set, "0", "-1")).to.deep.equal(ids);
      const data = async (id: string) => JSON.parse((await admin.hget(`axn:${queueName}:${id}`, "data"))!) as object;
      expect(await data(ids[0]!)).to.deep.equal({ ...payload, axnCounted: true });
      expect(await data(own.id)).to.deep.equal(payload);
      await worker();
      for (const id of ids) expect((await (await Jobs.find(id))!.result()).ok).to.equal(true);
      // No admission ran since: the worker's step (within 20 ms of each start) emptied the set. The
      // deadline only guards a hang.
      expect(
        await pollUntil(
          () => admin.zcard(set),
          (count) => count === 0,
        ),
      ).to.equal(0);
    });
  });

  it("the jobs submitted in one tick are admitted in order: ranks count up, caps hold, a repeated id is one job", async () => {
    const options = (jobId?: string) => capped({ maxWaitingPerOwner: 3, maxWaitingJobs: 100 }, jobId);
    const payload = { action: "Bull.Batched", args: {}, ambient: {} };
    const backend = Jobs.backend();
    const settled = await Promise.allSettled([
      backend.add(payload, options()),
      backend.add(payload, options("batched-1")),
      backend.add(payload, options("batched-1")),
      backend.add(payload, options()),
      backend.add(payload, options()),
    ]);
    expect(settled.map((outcome) => outcome.status)).to.deep.equal([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
    ]);
    const ids = settled.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    expect(ids[2]).to.equal("batched-1");
    expect(String((settled[4] as PromiseRejectedResult).reason)).to.include("its owner already has 3 jobs waiting");
    await withRedisClient(redis.url, async (admin) => {
      const priorities = await Promise.all(
        [ids[0]!, ids[1]!, ids[3]!].map((id) => admin.hget(`axn:${queueName}:${id}`, "priority")),
      );
      expect(priorities).to.deep.equal(["0", "2", "3"]);
      expect(await admin.zcard(`axn:${queueName}:axn:waiting:app`)).to.equal(3);
    });
  });

  it("the worker's keepEnded trims the jobs it ends: past its count they read as unknown", async () => {
    const A = defineAxn({
      name: "Bull.Kept",
      expects: { n: z.number() },
      exposes: { n: z.number() },
      call: ({ n }) => ({ n }),
    });
    // The producer keeps the default (1,000); the worker's 2 decides.
    workers.push(
      await startQueueWorker({ connection: redis.url, name: queueName, concurrency: 1, keepEnded: { count: 2 } }),
    );
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const job = await A.enqueue({ n });
      await job.result();
      ids.push(job.id);
    }
    // Trimmed in a batch within 100 ms of the ends (docs/scaling.md, keepEnded): until then the set
    // may hold more than 2. Polled; the deadline only guards a hang.
    const seen = await pollUntil(
      () => Promise.all(ids.map(async (id) => (await Jobs.find(id)) !== undefined)),
      (found) => found.filter(Boolean).length <= 2,
    );
    expect(seen).to.deep.equal([false, false, true, true]);
    // Trimmed by BullMQ's own clean: no key of a removed job is left behind.
    await withRedisClient(redis.url, async (admin) => {
      expect(await admin.exists(`axn:${queueName}:${ids[0]!}`, `axn:${queueName}:${ids[1]!}`)).to.equal(0);
      expect(await admin.zcard(`axn:${queueName}:completed`)).to.equal(2);
    });
  });

  it("the worker's keepEnded.ageSeconds trims ended jobs past their age at a later end", async () => {
    const A = defineAxn({
      name: "Bull.Aged",
      expects: { n: z.number() },
      exposes: { n: z.number() },
      call: ({ n }) => ({ n }),
    });
    workers.push(
      await startQueueWorker({ connection: redis.url, name: queueName, concurrency: 1, keepEnded: { ageSeconds: 1 } }),
    );
    const old = await A.enqueue({ n: 1 });
    await old.result();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const fresh = await A.enqueue({ n: 2 });
    await fresh.result();
    // The next end's trim (within 100 ms) removes what is older than a second. The deadline only
    // guards a hang.
    await pollUntil(
      () => Jobs.find(old.id),
      (job) => job === undefined,
    );
    expect([(await Jobs.find(old.id)) === undefined, (await Jobs.find(fresh.id)) !== undefined]).to.deep.equal([
      true,
      true,
    ]);
  });

  it("an admitted job runs at its owner's fair-share rank whichever producer admitted it; rank 1 is BullMQ's wait list", async () => {
    const { order } = recording("Bull.Rank");
    // Capped submissions of one owner (a transport's, here to the backends directly): this producer's
    // three get ranks 1, 2, 3; a second producer's, with none of its own waiting, is counted 4th.
    const add = (backend: QueueBackend, n: number) =>
      backend.add(
        { action: "Bull.Rank", args: { n }, ambient: {} },
        capped({ maxWaitingPerOwner: 10, maxWaitingJobs: 10 }),
      );
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await add(Jobs.backend(), n));
    await Jobs.use(await createBullmqQueue({ connection: redis.url, name: queueName }));
    ids.push(await add(Jobs.backend(), 4));
    await withRedisClient(redis.url, async (client) => {
      const key = (id: string) => `axn:${queueName}:${id}`;
      expect(await Promise.all(ids.map((id) => client.hget(key(id), "priority")))).to.deep.equal(["0", "2", "3", "4"]);
      expect(await client.lrange(key("wait"), 0, -1)).to.deep.equal([ids[0]]);
      expect(await client.zrange(key("prioritized"), "0", "-1")).to.deep.equal(ids.slice(1));
    });
    await worker(1);
    await pollUntil(
      async () => order.length,
      (ran) => ran === 4,
    );
    expect(order).to.deep.equal([1, 2, 3, 4]);
  });

  it("the app's own job (no cap, no admission) runs at its rank among its producer's jobs of its owner not started yet", async () => {
    const { action: A, order } = recording("Bull.OwnRank");
    // This producer's three: ranks 1, 2, 3. A second producer's first: rank 1 among its own, so it
    // runs second — BullMQ's wait list is first in, first out, and before every prioritized job.
    const jobs: JobHandle[] = [];
    for (const n of [1, 2, 3]) jobs.push(await A.enqueue({ n }));
    await Jobs.use(await createBullmqQueue({ connection: redis.url, name: queueName }));
    jobs.push(await A.enqueue({ n: 4 }));
    await withRedisClient(redis.url, async (client) => {
      const key = (id: string) => `axn:${queueName}:${id}`;
      expect(await Promise.all(jobs.map((job) => client.hget(key(job.id), "priority")))).to.deep.equal([
        "0",
        "2",
        "3",
        "0",
      ]);
    });
    await worker(1);
    await Promise.all(jobs.map((job) => job.result()));
    expect(order).to.deep.equal([1, 4, 2, 3]);
  });

  it("the app's own job on a caller's behalf counts under that caller: ranked across producers, and toward the caller's maxWaitingPerOwner", async () => {
    const { action: A, order } = recording("Bull.OnBehalf");
    const ada = { ambientContext: { principal: { id: "ag_ada" } } };
    // This producer's two: ranks 1 and 2. A second producer's first, with none of its own waiting,
    // goes with its admission as if rank 1; Redis counts it 3rd, and it is set to 3 right after.
    const jobs: JobHandle[] = [await A.enqueue({ n: 1 }, ada), await A.enqueue({ n: 2 }, ada)];
    await Jobs.use(await createBullmqQueue({ connection: redis.url, name: queueName }));
    jobs.push(await A.enqueue({ n: 3 }, ada));
    // Ada's own submission, past her cap of 3: the app's jobs for her count.
    const refused = await Jobs.backend()
      .add(
        { action: "Bull.OnBehalf", args: { n: 4 }, ambient: {}, owner: "ag_ada" },
        capped({ maxWaitingPerOwner: 3, maxWaitingJobs: 10 }),
      )
      .then(
        () => "admitted",
        (error: unknown) => (error as Error).message,
      );
    expect(refused).to.equal(
      "Cannot enqueue Bull.OnBehalf: its owner already has 3 jobs waiting (queue.maxWaitingPerOwner); try again once some have started",
    );
    await withRedisClient(redis.url, async (client) => {
      const key = (id: string) => `axn:${queueName}:${id}`;
      expect(await Promise.all(jobs.map((job) => client.hget(key(job.id), "priority")))).to.deep.equal(["0", "2", "3"]);
      expect(JSON.parse((await client.hget(key(jobs[0]!.id), "data"))!)).to.deep.include({ axnCounted: true });
    });
    await worker(1);
    await Promise.all(jobs.map((job) => job.result()));
    expect(order).to.deep.equal([1, 2, 3]);
  });

  it("the app's own job that started no longer ranks the next one behind it, though it has not ended", async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const Slow = defineAxn({
      name: "Bull.Slow",
      call: () => {
        started();
        return gate;
      },
    });
    const Quick = defineAxn({ name: "Bull.Quick", call: () => undefined });
    await worker(2);
    const slow = await Slow.enqueue({});
    await running;
    // Another job's end, heard by this producer after the slow one's start (one event stream, in order).
    await (await Quick.enqueue({}, { priority: 1 })).result();
    const next = await Quick.enqueue({}, { delay: 60_000 });
    await withRedisClient(redis.url, async (client) => {
      expect(await client.hget(`axn:${queueName}:${next.id}`, "priority")).to.equal("0");
    });
    release();
    expect((await slow.result()).ok).to.equal(true);
  });

  it("Redis refuses a store past the enqueue deadline, storing nothing; Jobs.submit answers that as its own timer's 503", async () => {
    const A = defineAxn({ name: "Bull.Late", expects: { n: z.number() }, call: () => undefined });
    const real = await createBullmqQueue({ connection: redis.url, name: queueName });
    // Redis's verdict before this process's timer (a busy event loop, a stepped clock): the same
    // real queue, its deadline already behind it when the admission reaches Redis.
    const late: QueueBackend = {
      kind: real.kind,
      limits: real.limits,
      add: (payload, options, local) =>
        real.add(payload, { ...options, admission: { ...options.admission!, notAfter: Date.now() - 60_000 } }, local),
      snapshot: (id) => real.snapshot(id),
      waitSettled: (id, signal) => real.waitSettled(id, signal),
      cancel: (id) => real.cancel(id),
      close: () => real.close(),
    };
    await Jobs.use(late);
    const submitted = await Jobs.submit(A, { n: 1 }, { ambientContext: {}, invoker: {} });
    expect(submitted).to.deep.equal({
      ok: false,
      reason: "unavailable",
      message: "The job queue did not answer in time; the call was not enqueued, retry later",
      retryAfterSeconds: 5,
    });
    await withRedisClient(redis.url, async (client) => {
      // Nothing of the job: no hash, no place in a list, no waiting count.
      const keys = (await client.keys(`axn:${queueName}:*`)).filter((key) => !/:(meta|events|id)$/.test(key));
      expect(keys).to.deep.equal([]);
    });
  });

  it("cancels a waiting job; a running one sees ctx.signal abort and is not retried", async () => {
    const A = defineAxn({ name: "Bull.Later", call: () => undefined });
    const later = await A.enqueue({}, { delay: 60_000 });
    expect((await later.status()).state).to.equal("delayed");
    expect(await later.cancel()).to.equal(true);
    expect([(await later.result()).error, (await later.status()).state]).to.deep.equal([
      "The job was cancelled",
      "cancelled",
    ]);

    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const Long = defineAxn({
      name: "Bull.Long",
      call: (_i, ctx) =>
        new Promise<void>((_resolve, reject) => {
          started();
          ctx.signal.addEventListener("abort", () => reject(new Error("stopped")));
        }),
    });
    await worker();
    const job = await Long.enqueue({});
    await running;
    expect(await job.cancel()).to.equal(true);
    const r = await job.result();
    expect(r.error).to.equal("The job was cancelled");
    expect((await job.status()).state).to.equal("cancelled");
  });

  it("refuses a bad queue setting at host load, naming it", async () => {
    resetKernel();
    let error: unknown;
    try {
      await createHost({ config: { queue: { connection: "localhost:6379" } } });
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).to.equal(
      'the config passed to createHost: "queue.connection" must be a Redis URL such as "redis://127.0.0.1:6379" (got "localhost:6379")',
    );
    try {
      await createHost({ config: { queue: { conection: redis.url } as never } });
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).message).to.equal(
      'the config passed to createHost: unknown setting "queue.conection"; the queue settings are connection, name, prefix, lockDuration, stalledInterval, concurrency, maxJobBytes, maxWaitingJobs, maxWaitingPerOwner, keepEnded, enqueueTimeoutMs',
    );
  });

  describe("trace context", () => {
    const exporter = new InMemorySpanExporter();
    before(() =>
      trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })),
    );
    after(() => trace.disable());

    it("travels as traceparent: the job's span is a child of the enqueuing call's", async () => {
      const Child = defineAxn({ name: "Bull.Traced.Child", call: () => undefined });
      let job!: JobHandle;
      const Parent = defineAxn({ name: "Bull.Traced.Parent", call: async () => void (job = await Child.enqueue({})) });
      await worker();
      await Parent.call({});
      await job.result();
      const spans = exporter.getFinishedSpans();
      const parent = spans.find((s) => s.attributes["axn.action"] === "Bull.Traced.Parent")!;
      const child = spans.find((s) => s.attributes["axn.action"] === "Bull.Traced.Child")!;
      expect(child.spanContext().traceId).to.equal(parent.spanContext().traceId);
      expect(child.parentSpanContext?.spanId).to.equal(parent.spanContext().spanId);
    });
  });
});
