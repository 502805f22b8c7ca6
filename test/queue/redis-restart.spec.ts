/**
 * A Redis restart under load: the producer's and the worker's connections drop and come back (the
 * clients reconnect and replay what was pending), and every job the producer was told was
 * accepted — before the restart, and while Redis was down — completes. The server keeps an
 * append-only file (synced on every write), as a production Redis holding a queue does; what this
 * pins is reconnection, not a server that forgets.
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn, Jobs, type JobHandle } from "@axn/core";
import { createHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { startQueueWorker } from "@axn/sdk/queue";
import { Redis } from "ioredis";
import { useRedis } from "../support/redis.js";
import { settleOrDescribe } from "./unsettled.js";

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
      // Awaited below; should the restart fail, it rejects only as the queue closes after the spec.
      during.catch(() => undefined);
      await restarting;
      const jobs: JobHandle<{ n: number }>[] = [...before, ...(await during)];
      // A job that never settles fails the spec naming it and its Redis records, before the mocha guard.
      const results = await settleOrDescribe(jobs, { url: redis.url, name }, 90_000);
      expect(results.map((result) => [result.ok, result.n])).to.deep.equal(
        Array.from({ length: 150 }, (_, n) => [true, n]),
      );
      // Each ran at least once; a job running at the crash may run again (at-least-once), none is lost.
      expect([...runs.keys()].sort((a, b) => a - b)).to.deep.equal(Array.from({ length: 150 }, (_, n) => n));
    } finally {
      await worker.close();
    }
  });

  it("a waiter hears the end of a job that ended while the producer's event reader was away, before it had heard any event", async () => {
    resetKernel();
    const name = `reader-${process.pid}`;
    await createHost({ config: { queue: { connection: redis.url, name } } });
    const Echo = defineAxn({
      name: "Restart.Echo",
      expects: { n: z.number().int() },
      exposes: { n: z.number().int() },
      call: async ({ n }) => ({ n }),
    });
    const worker = await startQueueWorker({ connection: redis.url, name });
    const admin = new Redis(redis.url);
    const watcher = new Redis(redis.url);
    for (const client of [admin, watcher]) client.on("error", () => undefined);
    try {
      // The producer opens (a read: no event yet), and its event reader waits in its first XREAD.
      expect(await Jobs.find("none-yet")).to.equal(undefined);
      // The producer's event reader (BullMQ names its connection "…:qe"), once it waits in XREAD.
      const reader = async () => {
        for (;;) {
          const line = ((await admin.client("LIST")) as string)
            .split("\n")
            .find((entry) => / name=\S+:qe /.test(entry) && / cmd=xread /.test(entry));
          if (line !== undefined) return /\bid=(\d+)/.exec(line)![1]!;
          await sleep(10);
        }
      };
      const readerId = await reader();
      // Every read of a job's hash from now on (the waiter's, should it not hear the end).
      const reads: string[] = [];
      const monitor = await watcher.monitor();
      monitor.on("error", () => undefined);
      monitor.on("monitor", (_time: string, args: string[], source: string) => {
        const command = args[0]?.toLowerCase();
        if (source !== "lua" && (command === "hmget" || command === "hgetall")) reads.push(args.join(" "));
      });
      // Cut the reader off and keep it off (no new connection is let in) while the job runs and ends.
      const { connected_clients: connected } = Object.fromEntries(
        ((await admin.info("clients")) as string).split("\r\n").map((line) => line.split(":")),
      ) as { connected_clients: string };
      await admin.config("SET", "maxclients", String(Number(connected) - 1));
      try {
        await admin.client("KILL", "ID", readerId);
        const job = await Echo.enqueue({ n: 7 });
        while ((await admin.hget(`axn:${name}:${job.id}`, "finishedOn")) === null) await sleep(10);
        const result = job.result();
        await admin.config("SET", "maxclients", "10000");
        expect((await result).n).to.equal(7);
        // Heard as an event once the reader was back — not found by the recheck's read RECHECK_MS later.
        expect(
          reads.filter((read) => read.includes(job.id)),
          "the waiter read the job: its end was not heard as an event",
        ).to.deep.equal([]);
      } finally {
        await admin.config("SET", "maxclients", "10000");
        monitor.disconnect();
      }
    } finally {
      admin.disconnect();
      watcher.disconnect();
      await worker.close();
    }
  });

  it("a worker closes when Redis has gone for good", async () => {
    resetKernel();
    const name = `gone-${process.pid}`;
    await createHost({ config: { queue: { connection: redis.url, name } } });
    const worker = await startQueueWorker({ connection: redis.url, name, concurrency: 4 });
    await redis.stop({ keepData: true });
    try {
      // BullMQ's own close waits for an 'end' that a client between reconnect attempts never emits.
      expect(await worker.close()).to.deep.equal({ finished: 0, returned: 0 });
    } finally {
      await redis.restart();
    }
  });
});
