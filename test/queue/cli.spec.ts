/**
 * The queue's CLI: `axn call TOOL --async` enqueues and prints the job, `axn jobs ID [--wait]`
 * prints its state and then its result, `axn worker` runs it — each as a child process on the
 * fixture app (fixtures/app) and a real Redis; and the refusals, each naming what to do.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { axnBin, exitOf, readUntil, runAxn } from "../support/axn-child.js";
import { useRedis } from "../support/redis.js";

const fixture = fileURLToPath(new URL("./fixtures/app/", import.meta.url));
const helpdesk = fileURLToPath(new URL("../../docs/examples/helpdesk/", import.meta.url));

describe("queue: axn call --async, axn jobs, axn worker", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  const redis = useRedis();
  const queue = `cli-${process.pid}`;
  const env = () => ({ AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: queue });
  let worker: ChildProcess | undefined;
  afterEach(async () => {
    worker?.kill("SIGKILL");
    if (worker !== undefined) await exitOf(worker);
    worker = undefined;
  });

  it("enqueues with --async, shows the job waiting, and its result once a worker ran it", async () => {
    const enqueued = await runAxn(["call", "count", "--async", "--args", '{"run":"cli","n":7}'], {
      cwd: fixture,
      env: env(),
    });
    expect(enqueued.code, enqueued.stderr).to.equal(0);
    const { id, token } = JSON.parse(enqueued.stdout) as { id: string; token: string };
    // No --as: an anonymous submission, owned by the capability token printed to its creator.
    expect(JSON.parse(enqueued.stdout)).to.deep.equal({ id, action: "QueueFixture.Count", state: "waiting", token });
    expect(token).to.match(/^[0-9a-f]{64}$/);
    expect(enqueued.stderr).to.equal(`axn: enqueued job ${id}; \`axn jobs ${id} --wait\` prints its result\n`);

    const pending = await runAxn(["jobs", id], { cwd: fixture, env: env() });
    expect([pending.code, JSON.parse(pending.stdout)]).to.deep.equal([
      0,
      { id, action: "QueueFixture.Count", state: "waiting", attemptsMade: 0, attempts: 3 },
    ]);

    worker = spawn(process.execPath, [axnBin, "worker", "--concurrency", "2"], {
      cwd: fixture,
      env: { ...process.env, ...env() },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const banner = await readUntil(worker, "(Ctrl+C to stop)");
    // The fixture's short locks (1500 ms, checked every 500 ms): 1.5 + 2 × 0.5 s.
    expect(banner).to.equal(
      "axn worker: a job whose worker dies is taken over within 2.5 s (lockDuration + 2 × stalledInterval)\n" +
        `axn worker: axn-app, 2 at a time, on queue "${queue}" at ${redis.url} (Ctrl+C to stop)\n`,
    );

    const done = await runAxn(["jobs", id, "--wait"], { cwd: fixture, env: env() });
    const printed = JSON.parse(done.stdout) as { result: { exposed: { pid: number } } };
    expect([done.code, printed]).to.deep.equal([
      0,
      {
        id,
        action: "QueueFixture.Count",
        state: "completed",
        attemptsMade: 1,
        attempts: 3,
        result: {
          ok: true,
          outcome: "success",
          message: "Action completed successfully",
          exposed: { pid: worker.pid },
        },
      },
    ]);
  });

  it("an --async call with bad arguments is refused at once with the synchronous call's input error; nothing is enqueued", async () => {
    const refused = await runAxn(["call", "count", "--async", "--args", '{"run":"cli","n":"seven"}'], {
      cwd: fixture,
      env: env(),
    });
    const sync = await runAxn(["call", "count", "--args", '{"run":"cli","n":"seven"}'], { cwd: fixture, env: env() });
    expect(refused.code).to.equal(1);
    expect(JSON.parse(refused.stdout)).to.deep.equal({ ...JSON.parse(sync.stdout), enqueued: false });
    expect(refused.stderr).to.equal("");
  });

  it("axn jobs --as / --token reads a job as that caller: another caller's job is the unknown-job error", async () => {
    const enqueued = await runAxn(["call", "count", "--async", "--args", '{"run":"cli","n":8}'], {
      cwd: fixture,
      env: env(),
    });
    const { id, token } = JSON.parse(enqueued.stdout) as { id: string; token: string };
    const unknownJob = `axn: No job "${id}" on the app's queue; it was never enqueued there, or it expired\n`;
    for (const args of [
      ["--as", "ag_bob"],
      ["--token", "guessed"],
      ["--as", "ag_bob", "--token", "guessed"],
    ]) {
      const other = await runAxn(["jobs", id, ...args], { cwd: fixture, env: env() });
      expect([other.code, other.stderr]).to.deep.equal([1, unknownJob]);
    }
    const own = await runAxn(["jobs", id, "--token", token], { cwd: fixture, env: env() });
    expect([own.code, (JSON.parse(own.stdout) as { id: string }).id]).to.deep.equal([0, id]);
  });

  it("refuses: a worker, --async or jobs for an app without queue.connection; an unknown job; a bad --concurrency", async () => {
    const noQueue = await runAxn(["worker"], { cwd: helpdesk });
    expect([noQueue.code, noQueue.stderr]).to.deep.equal([
      3,
      `axn: ${helpdesk}axn.config.ts sets no queue.connection, so jobs run on the embedded queue, inside the process that enqueued them: there is nothing for a worker to take\n` +
        'Add queue: { connection: "redis://127.0.0.1:6379" } to the config (see docs/scaling.md).\n',
    ]);
    const asyncCall = await runAxn(["call", "list_tickets", "--async"], { cwd: helpdesk });
    expect([asyncCall.code, asyncCall.stderr.split("\n")[0]]).to.deep.equal([
      3,
      "axn: axn call --async needs the config's queue.connection: with the embedded queue a job lives in the process that enqueued it, and this one exits",
    ]);
    const unknown = await runAxn(["jobs", "no-such-job"], { cwd: fixture, env: env() });
    expect([unknown.code, unknown.stderr]).to.deep.equal([
      1,
      'axn: No job "no-such-job" on the app\'s queue; it was never enqueued there, or it expired\n',
    ]);
    const concurrency = await runAxn(["worker", "--concurrency", "zero"], { cwd: fixture, env: env() });
    expect([concurrency.code, concurrency.stderr]).to.deep.equal([
      2,
      'axn: --concurrency must be an integer ≥ 1 (got "zero")\nRun `axn worker --help` for usage.\n',
    ]);
  });
});
