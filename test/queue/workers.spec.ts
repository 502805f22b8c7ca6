/**
 * `axn worker` processes on a real Redis, and the faults the queue must survive: a worker killed
 * mid-job (another takes the job over through BullMQ's stalled-job check; one success recorded),
 * many jobs across two workers (each completes exactly once), graceful shutdown (a running job
 * finishes within the grace period, or is returned to the queue after it). The fixture app
 * (fixtures/app) records in Redis which process started and completed each job.
 *
 * AXN_QUEUE_SPEC_JOBS sets how many jobs the two-worker spec runs (default 400, kept small for a
 * loaded CI machine; docs/scaling.md reports a run with 10,000).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import type { AnyAxn, JobHandle } from "@axn/core";
import { catalogActions } from "@axn/core/internal";
import { loadHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import { Redis } from "ioredis";
import { axnBin, exitOf, readUntil } from "../support/axn-child.js";
import { useRedis } from "../support/redis.js";

const fixture = fileURLToPath(new URL("./fixtures/app/", import.meta.url));
const JOBS = Number(process.env["AXN_QUEUE_SPEC_JOBS"] ?? 400);

describe("queue: axn worker processes and their faults", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis();
  const queue = `workers-${process.pid}`;
  let record: Redis;
  let children: ChildProcess[] = [];
  let Hold: AnyAxn;
  let Count: AnyAxn;

  const env = () => ({ ...process.env, AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: queue });

  before(async () => {
    resetKernel();
    Object.assign(process.env, { AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: queue });
    await loadHost({ cwd: fixture });
    Hold = catalogActions().find((action) => action.name === "QueueFixture.Hold")!;
    Count = catalogActions().find((action) => action.name === "QueueFixture.Count")!;
    record = new Redis(redis.url, { maxRetriesPerRequest: null });
  });
  afterEach(async () => {
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exitOf));
    children = [];
  });
  after(async () => {
    await record.quit();
    resetKernel();
  });

  async function startWorker(
    concurrency: number,
    extra: readonly string[] = [],
  ): Promise<{ child: ChildProcess; banner: Promise<string> }> {
    const child = spawn(process.execPath, [axnBin, "worker", "--concurrency", String(concurrency), ...extra], {
      cwd: fixture,
      env: env(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    const banner = readUntil(child, "(Ctrl+C to stop)");
    await banner;
    return { child, banner };
  }

  /** Polls `check` until it holds (a hang guard bounds it; nothing here is timed). */
  async function until(check: () => Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 25));
  }

  const started = (key: string) => record.lrange(`started:${key}`, 0, -1);
  const done = (key: string) => record.lrange(`done:${key}`, 0, -1);

  it("a worker killed mid-job: another worker completes it, and exactly one success is recorded", async () => {
    const first = await startWorker(1);
    const job = (await Hold.enqueue({ key: "crash", holdMs: 600_000 } as never)) as JobHandle<{ pid: number }>;
    await until(async () => (await started("crash")).length === 1);
    expect((await job.status()).state).to.equal("active");
    first.child.kill("SIGKILL");
    await exitOf(first.child);
    const second = await startWorker(1);
    const result = await job.result();
    expect([result.ok, result.pid]).to.deep.equal([true, second.child.pid]);
    expect(await started("crash")).to.deep.equal([String(first.child.pid), String(second.child.pid)]);
    expect(await done("crash")).to.deep.equal([String(second.child.pid)]);
    expect((await job.status()).state).to.equal("completed");
  });

  it(`${JOBS} jobs across two worker processes: each completes exactly once`, async () => {
    const run = `many-${Date.now()}`;
    const [a, b] = await Promise.all([startWorker(8), startWorker(8)]);
    const began = performance.now();
    const jobs: JobHandle<object>[] = [];
    for (let from = 0; from < JOBS; from += 500) {
      const batch = Array.from({ length: Math.min(500, JOBS - from) }, (_, i) =>
        Count.enqueue({ run, n: from + i } as never),
      );
      jobs.push(...(await Promise.all(batch)));
    }
    const results = await Promise.all(jobs.map((job) => job.result()));
    const elapsed = performance.now() - began;
    expect(results.filter((result) => !result.ok)).to.have.length(0);
    const counts = await record.hgetall(`count:${run}`);
    expect(Object.keys(counts)).to.have.length(JOBS);
    expect(Object.values(counts).filter((count) => count !== "1")).to.deep.equal([]);
    const by = await record.hgetall(`by:${run}`);
    expect(Object.keys(by).sort()).to.deep.equal([String(a.child.pid), String(b.child.pid)].sort());
    if (process.env["AXN_QUEUE_SPEC_JOBS"] !== undefined) {
      console.log(
        `      ${JOBS} jobs, 2 workers × 8: ${(elapsed / 1000).toFixed(2)} s, ${Math.round(JOBS / (elapsed / 1000))} jobs/s; per worker ${JSON.stringify(by)}`,
      );
    }
  });

  it("SIGTERM: a running job finishes within the grace period, and the worker exits 0", async () => {
    const worker = await startWorker(1, ["--grace", "60000"]);
    const job = await Hold.enqueue({ key: "graceful", holdMs: 300 } as never);
    await until(async () => (await started("graceful")).length === 1);
    let output = "";
    worker.child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    worker.child.kill("SIGTERM");
    expect(await exitOf(worker.child)).to.equal(0);
    expect((await job.result()).ok).to.equal(true);
    expect(await done("graceful")).to.deep.equal([String(worker.child.pid)]);
    expect(output).to.equal(
      "axn worker: SIGTERM: finishing 1 running job(s) (up to 60000 ms)\naxn worker: stopped; 1 job(s) completed, 0 returned to the queue\n",
    );
  });

  it("SIGTERM: a job still running after the grace period is returned to the queue, and another worker runs it", async () => {
    const worker = await startWorker(1, ["--grace", "100"]);
    const job = await Hold.enqueue({ key: "returned", holdMs: 600_000 } as never);
    await until(async () => (await started("returned")).length === 1);
    let output = "";
    worker.child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    worker.child.kill("SIGTERM");
    expect(await exitOf(worker.child)).to.equal(0);
    expect(output).to.include("axn worker: stopped; 0 job(s) completed, 1 returned to the queue\n");
    expect((await job.status()).state).to.equal("waiting");
    const next = await startWorker(1);
    expect(await job.result()).to.include({ ok: true, pid: next.child.pid });
    // Returned, not failed: the attempt did not count.
    expect(await job.status()).to.deep.include({ state: "completed", attemptsMade: 1 });
  });
});
