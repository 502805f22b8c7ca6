/**
 * `A.enqueue` on the embedded queue (the default): the job runs the action the way a direct call
 * does and settles the same `Result`; business failures are results, exceptions retry and then
 * dead-letter; only declared ambient fields travel and only as plain data; `jobId` deduplicates;
 * delay, priority, cancel. The same contract on BullMQ is pinned in bullmq.spec.ts.
 */
import { expect } from "chai";
import { z } from "zod";
import { trace } from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { createEmbeddedQueue, Current, defineAxn, Factory, isAxnError, Jobs, type JobHandle } from "@axn/core";
import { captureReports } from "../support/reports.js";

/** The error `fn`'s promise rejects with; fails the spec when it resolves. */
async function thrown(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("queue: A.enqueue on the embedded queue", () => {
  // The capture resets the kernel first; the queue is installed in that fresh kernel.
  const reports = captureReports();
  beforeEach(async () => {
    await Jobs.use(createEmbeddedQueue({ concurrency: 2 }));
  });

  const Double = () =>
    defineAxn({
      name: "Queue.Double",
      expects: { n: z.number().int(), userId: { schema: z.string(), on: "ambientContext" } },
      exposes: { doubled: z.number(), by: z.string() },
      call: ({ n, userId }) => ({ doubled: n * 2, by: userId }),
    });

  it("runs the action and settles the Result a direct call would return", async () => {
    const A = Double();
    const job = await A.enqueue({ n: 21 }, { ambientContext: { userId: "u1" } });
    expect(job.action).to.equal("Queue.Double");
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
      action: "Queue.Double",
      state: "completed",
      attemptsMade: 1,
      attempts: 3,
    });
    // Read back by id, as a transport does.
    const found = (await Jobs.find(job.id))!;
    expect((await found.result()).exposed).to.deep.equal({ doubled: 42, by: "u1" });
    expect(await Jobs.find("no-such-job")).to.equal(undefined);
  });

  it("a business failure is a settled result, never retried", async () => {
    let runs = 0;
    const A = defineAxn({
      name: "Queue.Refuses",
      call: (_i, ctx) => {
        runs++;
        return ctx.fail("the ledger is closed");
      },
    });
    const job = await A.enqueue({});
    const result = await job.result();
    expect([result.ok, result.outcome, result.error]).to.deep.equal([false, "failure", "the ledger is closed"]);
    expect((await job.status()).state).to.equal("completed");
    expect(runs).to.equal(1);
    expect(reports).to.have.length(0);
  });

  it("an exception retries with backoff, then the job is dead with one report per attempt", async () => {
    let runs = 0;
    const A = defineAxn({
      name: "Queue.Flaky",
      messages: { error: "Could not sync the ledger" },
      call: () => {
        runs++;
        throw new Error(`connection reset (attempt ${runs})`);
      },
    });
    const job = await A.enqueue({}, { attempts: 3, backoff: { type: "fixed", delay: 5 } });
    const result = await job.result();
    expect([result.ok, result.outcome, result.error]).to.deep.equal([false, "exception", "Could not sync the ledger"]);
    expect(result.exception?.message).to.equal(
      `Job "${job.id}" of Queue.Flaky is dead: 3 of 3 attempts threw, and each exception was reported to onException by the worker that ran it`,
    );
    expect(await job.status()).to.deep.include({ state: "dead", attemptsMade: 3, attempts: 3 });
    expect(reports.map((r) => [r.action, (r.error as Error).message])).to.deep.equal([
      ["Queue.Flaky", "connection reset (attempt 1)"],
      ["Queue.Flaky", "connection reset (attempt 2)"],
      ["Queue.Flaky", "connection reset (attempt 3)"],
    ]);
  });

  it("an exception that stops recurring completes on a later attempt", async () => {
    let runs = 0;
    const A = defineAxn({
      name: "Queue.Recovers",
      exposes: { runs: z.number() },
      call: () => {
        if (++runs < 2) throw new Error("blip");
        return { runs };
      },
    });
    const job = await A.enqueue({}, { backoff: 1 });
    expect((await job.result()).runs).to.equal(2);
    expect(await job.status()).to.deep.include({ state: "completed", attemptsMade: 2 });
  });

  it("only the action's declared ambient fields travel", async () => {
    let seen: unknown;
    const A = defineAxn({
      name: "Queue.Ambient",
      expects: { tenant: { schema: z.string(), on: "ambientContext" } },
      call: (input) => void (seen = input),
    });
    const job = await A.enqueue({}, { ambientContext: { tenant: "acme", session: { socket: new Map() } } });
    await job.result();
    expect(seen).to.deep.equal({ tenant: "acme" });
  });

  it("a job sees what it carries, never the context of the code that enqueued it", async () => {
    const seen: unknown[] = [];
    const A = defineAxn({
      name: "Queue.Isolated",
      expects: { tenant: { schema: z.string().optional(), on: "ambientContext" } },
      call: ({ tenant }) => void seen.push([tenant ?? "(none)", Current.get()]),
    });
    // The embedded queue runs the job from inside the enqueuing code's async context: a Current.run
    // table, then an action's own scope, must stay behind.
    await (await Current.run({ tenant: "outer" }, () => A.enqueue({}))).result();
    const Outer = defineAxn({
      name: "Queue.Outer",
      expects: { tenant: { schema: z.string(), on: "ambientContext" } },
      call: async () => void (await (await A.enqueue({})).result()),
    });
    await Outer.call({}, { ambientContext: { tenant: "parent" } });
    // What the job carries, it sees.
    await (await A.enqueue({}, { ambientContext: { tenant: "carried" } })).result();
    expect(seen).to.deep.equal([
      ["(none)", {}],
      ["(none)", {}],
      ["carried", { tenant: "carried" }],
    ]);
  });

  it("refuses at enqueue an argument or ambient value that is not plain data, naming its path", async () => {
    const A = Double();
    const date = await thrown(() =>
      A.enqueue({ n: 1, when: new Date(0) } as never, { ambientContext: { userId: "u" } }),
    );
    expect(isAxnError(date)).to.equal(true);
    expect(date).to.have.property("code", "AXN_JOB_UNSERIALIZABLE");
    expect((date as Error).message).to.equal(
      "Cannot enqueue Queue.Double: args.when is a Date, which cannot travel with a job (a job carries plain JSON data: strings, finite numbers, booleans, null, arrays and plain objects); pass it as one of those",
    );
    const fn = await thrown(() => A.enqueue({ n: 1 }, { ambientContext: { userId: (() => "u") as never } }));
    expect((fn as Error).message).to.match(
      /^Cannot enqueue Queue\.Double: ambientContext\.userId is a function, which cannot travel/,
    );
    const cyclic: Record<string, unknown> = { n: 1 };
    cyclic["self"] = cyclic;
    expect(((await thrown(() => A.enqueue(cyclic as never))) as Error).message).to.equal(
      "Cannot enqueue Queue.Double: args.self refers back to itself (a cycle), which cannot travel with a job",
    );
    expect((await thrown(() => A.enqueue({ n: Number.NaN }))) as Error)
      .to.have.property("message")
      .that.includes("args.n is the number NaN");
    expect((await thrown(() => A.enqueue({ n: 1, tags: [undefined] } as never))) as Error)
      .to.have.property("message")
      .that.includes("args.tags[0] is undefined");
  });

  it("refuses a misspelt or out-of-range option, naming it", async () => {
    const A = Double();
    expect(((await thrown(() => A.enqueue({ n: 1 }, { atempts: 2 } as never))) as Error).message).to.equal(
      'Cannot enqueue Queue.Double: unknown option "atempts"; did you mean "attempts"?',
    );
    expect(((await thrown(() => A.enqueue({ n: 1 }, { attempts: 0 }))) as Error).message).to.equal(
      'Cannot enqueue Queue.Double: option "attempts" must be an integer ≥ 1 (got 0)',
    );
    expect(((await thrown(() => A.enqueue({ n: 1 }, { priority: 0 }))) as Error).message).to.equal(
      'Cannot enqueue Queue.Double: option "priority" must be an integer from 1 to 2097152 (got 0)',
    );
    expect(((await thrown(() => A.enqueue({ n: 1 }, { jobId: "42" }))) as Error).message).to.equal(
      'Cannot enqueue Queue.Double: option "jobId" must be a non-empty string without ":" that is not an integer (got "42"); use a key such as "digest-u1-2026-12-01"',
    );
    const inline = Factory.build({ name: "Inline" }, () => undefined);
    expect(((await thrown(() => inline.enqueue({}))) as Error).message).to.equal(
      "Cannot enqueue Inline: it was built by Factory.build, so a worker cannot find it by name; define it with defineAxn in a module the worker loads",
    );
  });

  it("the same jobId twice is one job", async () => {
    let runs = 0;
    const A = defineAxn({
      name: "Queue.Once",
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
    expect((await second.result()).n).to.equal(1);
    expect(runs).to.equal(1);
  });

  it("runs higher priority first — an unset one at its fair-share rank — and a delayed job after its delay", async () => {
    await Jobs.use(createEmbeddedQueue({ concurrency: 1 }));
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const A = defineAxn({
      name: "Queue.Order",
      expects: { tag: z.string() },
      call: async ({ tag }) => {
        if (tag === "first") await gate;
        order.push(tag);
      },
    });
    // The one slot is busy while the others are enqueued: they wait and are picked by priority.
    const jobs: JobHandle[] = [await A.enqueue({ tag: "first" })];
    jobs.push(await A.enqueue({ tag: "delayed" }, { delay: 30 }));
    jobs.push(await A.enqueue({ tag: "low" }, { priority: 10 }));
    jobs.push(await A.enqueue({ tag: "high" }, { priority: 1 }));
    jobs.push(await A.enqueue({ tag: "none" }));
    expect((await jobs[1]!.status()).state).to.equal("delayed");
    release();
    await Promise.all(jobs.map((job) => job.result()));
    // "none" is the app's 4th waiting job (delayed, low, high before it): it runs at priority 4.
    expect(order).to.deep.equal(["first", "high", "none", "low", "delayed"]);
  });

  it("cancels a job that has not run; a running one sees ctx.signal abort", async () => {
    const A = defineAxn({ name: "Queue.Cancel", call: () => undefined });
    const later = await A.enqueue({}, { delay: 60_000 });
    expect(await later.cancel()).to.equal(true);
    const result = await later.result();
    expect([result.ok, result.error, (await later.status()).state]).to.deep.equal([
      false,
      "The job was cancelled",
      "cancelled",
    ]);
    expect(await later.cancel()).to.equal(false);

    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const Long = defineAxn({
      name: "Queue.Long",
      call: (_i, ctx) =>
        new Promise<void>((_resolve, reject) => {
          started();
          ctx.signal.addEventListener("abort", () => reject(new Error("stopped")));
        }),
    });
    const job = await Long.enqueue({});
    await running;
    expect(await job.cancel()).to.equal(true);
    expect((await job.result()).error).to.equal("The job was cancelled");
    expect(await job.status()).to.deep.include({ state: "cancelled", attemptsMade: 1 });
  });

  it("status of a forgotten job names the id and says the embedded queue forgets on restart", async () => {
    const A = Double();
    const job = await A.enqueue({ n: 1 }, { ambientContext: { userId: "u" } });
    await job.result();
    await Jobs.use(createEmbeddedQueue());
    const stale = await thrown(() => Jobs.backend().waitSettled(job.id));
    expect((stale as Error).message).to.equal(
      `No job "${job.id}" in the embedded queue; it was never enqueued there, or it expired (the embedded queue keeps jobs in this process only: they are lost on restart)`,
    );
  });

  describe("trace context", () => {
    const exporter = new InMemorySpanExporter();
    before(() =>
      trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })),
    );
    after(() => trace.disable());

    it("the job's axn.call span is a child of the enqueuing call's span", async () => {
      const Child = defineAxn({ name: "Queue.Traced.Child", call: () => undefined });
      let job!: JobHandle;
      const Parent = defineAxn({ name: "Queue.Traced.Parent", call: async () => void (job = await Child.enqueue({})) });
      await Parent.call({});
      await job.result();
      const parent = exporter.getFinishedSpans().find((s) => s.attributes["axn.action"] === "Queue.Traced.Parent")!;
      const child = exporter.getFinishedSpans().find((s) => s.attributes["axn.action"] === "Queue.Traced.Child")!;
      expect(child.spanContext().traceId).to.equal(parent.spanContext().traceId);
      expect(child.parentSpanContext?.spanId).to.equal(parent.spanContext().spanId);
    });
  });
});
