/**
 * A Redis restart under load: the producer's and the worker's connections drop and come back (the
 * clients reconnect and replay what was pending), and every job the producer was told was
 * accepted — before the restart, and while Redis was down — completes. The server keeps an
 * append-only file (synced on every write), as a production Redis holding a queue does; what this
 * pins is reconnection, not a server that forgets.
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn, type JobHandle } from "@axn/core";
import { createHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { startQueueWorker } from "@axn/sdk/queue";
import { useRedis } from "../support/redis.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("queue: a Redis restart", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis({ persistent: true });
  afterEach(() => resetKernel());

  it("producers and workers reconnect, and nothing accepted is lost", async () => {
    resetKernel();
    const name = `restart-${process.pid}`;
    await createHost({ config: { queue: { connection: redis.url, name } } });
    const runs = new Map<number, number>();
    const Count = defineAxn({
      name: "Restart.Count",
      expects: { n: z.number().int() },
      exposes: { n: z.number().int() },
      call: async ({ n }) => {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await sleep(2);
        return { n };
      },
    });
    // Short locks: a job whose completion was cut off by the crash is taken over within seconds.
    const worker = await startQueueWorker({
      connection: redis.url,
      name,
      concurrency: 4,
      lockDuration: 1000,
      stalledInterval: 500,
    });
    try {
      const before = await Promise.all(Array.from({ length: 100 }, (_, n) => Count.enqueue({ n })));
      // Crash it with jobs waiting and running, and enqueue more while it is down.
      const restarting = redis.restart({ crash: true, downMs: 500 });
      await sleep(50);
      const during = Promise.all(Array.from({ length: 50 }, (_, i) => Count.enqueue({ n: 100 + i })));
      await restarting;
      const jobs: JobHandle<{ n: number }>[] = [...before, ...(await during)];
      const results = await Promise.all(jobs.map((job) => job.result()));
      expect(results.map((result) => [result.ok, result.n])).to.deep.equal(
        Array.from({ length: 150 }, (_, n) => [true, n]),
      );
      // Each ran at least once; a job running at the crash may run again (at-least-once), none is lost.
      expect([...runs.keys()].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 150 }, (_, n) => n));
    } finally {
      await worker.close();
    }
  });
});
