/**
 * LangChain tools wrapped with `background: true` (plugins/langchain/src/job-call.ts): each call is
 * a job, and the tool message is the one the direct tool call produces — success, business
 * failure, refused arguments alike; the run's abort signal cancels the job. On the embedded queue,
 * then with a BullMQ worker doing the work.
 */
import { expect } from "chai";
import { z } from "zod";
import { createEmbeddedQueue, defineAxn, Jobs, type QueueBackend } from "@axn/core";
import { createHost } from "@axn/sdk";
import { startQueueWorker } from "@axn/sdk/queue";
import { resetKernel } from "@axn/sdk/testing";
import { LangchainAdapter } from "axn-plugin-langchain";
import { captureReports } from "../support/reports.js";
import { useRedis } from "../support/redis.js";

function call(name: string, args: Record<string, unknown>, id = "call_1") {
  return { name, args, id, type: "tool_call" as const };
}

/** The real embedded queue, counting what it is given (so a spec sees the call went through it). */
function countingQueue(): { queue: QueueBackend; added: () => number } {
  const inner = createEmbeddedQueue();
  let added = 0;
  const queue: QueueBackend = {
    kind: inner.kind,
    add: (payload, options) => {
      added++;
      return inner.add(payload, options);
    },
    snapshot: (id) => inner.snapshot(id),
    waitSettled: (id, signal) => inner.waitSettled(id, signal),
    cancel: (id) => inner.cancel(id),
    close: () => inner.close(),
  };
  return { queue, added: () => added };
}

const defineQuote = () =>
  defineAxn({
    name: "LangchainJobs.Quote",
    expects: { amount: z.number().int().positive(), userId: { schema: z.string(), on: "ambientContext" } },
    exposes: { quoted: z.number(), userId: z.string() },
    call: ({ amount, userId }, ctx) =>
      amount > 1000 ? ctx.fail("the amount is over the limit") : { quoted: amount * 2, userId },
  });

describe("queue: LangChain tools as background jobs", function () {
  this.timeout(60_000); // a hang guard for a loaded machine, not a budget
  beforeEach(() => resetKernel());
  afterEach(() => resetKernel());
  captureReports();

  it("background: true answers with the direct tool call's message, through a job", async () => {
    const { queue, added } = countingQueue();
    await Jobs.use(queue);
    const Quote = defineQuote();
    const direct = LangchainAdapter.wrap(Quote);
    const background = LangchainAdapter.wrap(Quote, { background: true });
    const context = { userId: "u1" };
    for (const args of [{ amount: 21 }, { amount: 5000 }, { amount: "many" }]) {
      const expected = await direct.invoke(call(direct.name, args), { context });
      const got = await background.invoke(call(background.name, args), { context });
      expect([got.content, got.artifact, got.status]).to.deep.equal([
        expected.content,
        expected.artifact,
        expected.status,
      ]);
    }
    expect(added()).to.equal(3);
  });

  it("the run's abort signal stops the wait and cancels the job", async () => {
    await Jobs.use(createEmbeddedQueue());
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let aborted = false;
    const Slow = defineAxn({
      name: "LangchainJobs.Slow",
      call: (_input, ctx) =>
        new Promise<void>((_resolve, reject) => {
          started();
          ctx.signal.addEventListener("abort", () => {
            aborted = true;
            reject(new Error("stopped"));
          });
        }),
    });
    const tool = LangchainAdapter.wrap(Slow, { background: true });
    const controller = new AbortController();
    const invoked = tool.invoke(call(tool.name, {}), { signal: controller.signal });
    await running;
    controller.abort();
    let error: unknown;
    try {
      await invoked;
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).name).to.equal("AbortError");
    // The cancel reaches the running body (polled: a hang guard bounds it).
    while (!aborted) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(aborted).to.equal(true);
  });

  describe("with a BullMQ worker", () => {
    const redis = useRedis();

    it("the worker does the work, and the tool message is the same", async () => {
      const name = `langchain-${process.pid}`;
      await createHost({ config: { queue: { connection: redis.url, name } } });
      const Quote = defineQuote();
      const worker = await startQueueWorker({ connection: redis.url, name });
      try {
        const tool = LangchainAdapter.wrap(Quote, { background: true });
        const message = await tool.invoke(call(tool.name, { amount: 2 }), { context: { userId: "u2" } });
        expect(message.artifact).to.deep.equal({ quoted: 4, userId: "u2" });
        expect(worker.running).to.equal(0);
      } finally {
        await worker.close();
      }
    });
  });
});
