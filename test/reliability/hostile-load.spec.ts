/**
 * Issue 29, background calls under hostile load — through a spawned `axn serve` (and `axn worker`
 * on BullMQ) on the fixture app, real HTTP over loopback: a background call is checked (access,
 * arguments, what a job can carry, its size) before anything is stored; waiting jobs are capped
 * per owner and overall, answered 429 with Retry-After; a signed-in agent's job runs next, not
 * behind an anonymous backlog (fair share); an anonymous job is its creator's alone (a capability
 * token); `Idempotency-Key`; ended jobs are kept for `queue.keepEnded` and keep no input; on Redis,
 * ids are random and an enqueue that misses its deadline is a 503 and never runs later.
 */
import { expect } from "chai";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { axnBin, exitOf, readUntil } from "../support/axn-child.js";
import { pollUntil } from "../support/poll.js";
import { useRedis, withRedisClient } from "../support/redis.js";
import { hostileApp, serveHostileApp, type ServedApp } from "./support/serve-child.js";

const ADA = { authorization: "Bearer ada-token" };
const BOB = { authorization: "Bearer bob-token" };

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

async function post(url: string, body: string | object, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

async function get(url: string, headers: Record<string, string> = {}): Promise<Reply> {
  const response = await fetch(url, { headers });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

const unknownJob = (id: string) => ({ error: `No job "${id}"; it was never enqueued here, or it expired` });

/** The reply of a job's URL once it is not pending any more (polled: the job runs in the server). */
async function settled(app: ServedApp, location: string, headers: Record<string, string> = {}): Promise<Reply> {
  for (;;) {
    const reply = await get(`${app.url}${location}`, headers);
    if (reply.status !== 200 || reply.headers.get("retry-after") === null) return reply;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Until the job at `location` is running. */
async function untilActive(app: ServedApp, location: string, headers: Record<string, string> = {}): Promise<void> {
  while ((await get(`${app.url}${location}`, headers)).body["state"] !== "active")
    await new Promise((resolve) => setTimeout(resolve, 10));
}

describe("axn serve under hostile load: background calls (child process, fixture app)", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  let app: ServedApp | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });
  const api = (path: string) => `${app!.url}/api${path}`;

  describe("on the embedded queue", () => {
    it("a background call is checked before anything is stored: access, arguments, what a job cannot carry, size", async () => {
      app = await serveHostileApp();
      // The access policy: the synchronous call's 401, and no job.
      const sync = await post(api("/hostile_purge_tickets/v1"), {});
      const refused = await post(api("/hostile_purge_tickets/v1?async=1"), {});
      expect([refused.status, refused.body]).to.deep.equal([sync.status, sync.body]);
      expect(refused.status).to.equal(401);
      expect(refused.headers.get("location")).to.equal(null);
      // The arguments: the synchronous call's 400 with the field errors.
      const badSync = await post(api("/hostile_hold/v1"), { ms: "soon" });
      const bad = await post(api("/hostile_hold/v1?async=1"), { ms: "soon" });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.deep.equal(badSync.body);
      // What no job can carry, said plainly (no stack, nothing on the server's stderr).
      // What a job could not carry, refused as the synchronous call refuses it (no stack, nothing on stderr).
      const hugeSync = await post(api("/hostile_list_tickets/v1"), '{"filter":1e309}');
      const huge = await post(api("/hostile_list_tickets/v1?async=1"), '{"filter":1e309}');
      expect([huge.status, huge.body]).to.deep.equal([400, hugeSync.body]);
      expect(huge.body["error"]).to.equal("filter: must be a finite number");
      const deep = await post(
        api("/hostile_list_tickets/v1?async=1"),
        `{"filter":${"[".repeat(10_000)}${"]".repeat(10_000)}}`,
      );
      expect(deep.status).to.equal(400);
      expect(deep.body["error"]).to.match(
        /^Cannot run in the background: args\.filter(\[0\])+ nests deeper than 100 levels, which a job does not carry$/,
      );
      // Over the job size (64 KiB by default), well under the body limit (1 MiB): 413, stored nowhere.
      const large = await post(api("/hostile_list_tickets/v1?async=1"), { filter: "x".repeat(100 * 1024) });
      expect([large.status, large.body]).to.deep.equal([
        413,
        { error: "Background call too large: its arguments exceed 65536 bytes" },
      ]);
      // The same large body runs synchronously: the job limit is the queue's, not the body limit.
      expect((await post(api("/hostile_list_tickets/v1"), { filter: "x".repeat(100 * 1024) })).status).to.equal(200);
      expect(app.stderr()).to.equal("");
    });

    it("waiting jobs are capped per owner and overall (429 + Retry-After); an agent's job runs next, not behind the anonymous backlog", async () => {
      app = await serveHostileApp({ queue: { concurrency: 1, maxWaitingPerOwner: 20, maxWaitingJobs: 30 } });
      // Bob's job holds the one slot while the queue fills behind it.
      const blocker = await post(api("/hostile_hold/v1?async=1"), { gate: true }, BOB);
      expect(blocker.status).to.equal(202);
      await untilActive(app, blocker.headers.get("location")!, BOB);
      const anonymous: Reply[] = [];
      for (let i = 0; i < 25; i++) anonymous.push(await post(api("/hostile_hold/v1?async=1"), { note: `anon-${i}` }));
      expect(anonymous.map((reply) => reply.status)).to.deep.equal([...Array(20).fill(202), ...Array(5).fill(429)]);
      expect(anonymous[20]!.body).to.deep.equal({
        error: "Too many background calls waiting for this caller; retry in 5 seconds",
      });
      expect(anonymous[20]!.headers.get("retry-after")).to.equal("5");
      // Another owner still gets in, up to the overall cap (30 waiting).
      const ada = await post(api("/hostile_hold/v1?async=1"), { note: "ada" }, ADA);
      expect(ada.status).to.equal(202);
      const more: Reply[] = [];
      for (let i = 0; i < 10; i++) more.push(await post(api("/hostile_hold/v1?async=1"), { note: `bob-${i}` }, BOB));
      expect(more.map((reply) => reply.status)).to.deep.equal([...Array(9).fill(202), 429]);
      expect([more[9]!.body, more[9]!.headers.get("retry-after")]).to.deep.equal([
        { error: "Too many background calls waiting; retry in 5 seconds" },
        "5",
      ]);
      // Fair share: Ada's first job is ranked with each owner's first, so it starts right after the
      // first anonymous job (enqueued before it), not after the twenty.
      await post(api("/hostile_release/v1"), {});
      const adaDone = await settled(app, ada.headers.get("location")!, ADA);
      const lastAnonymous = await settled(app, anonymous[19]!.headers.get("location")!);
      expect([adaDone.status, adaDone.body]).to.deep.equal([200, { seq: 3 }]);
      expect(lastAnonymous.body["seq"]).to.be.greaterThan(20);
      expect(app.stderr()).to.equal("");
    });

    it("an anonymous job is its creator's: the token in its URL opens it; the bare id, a guessed token, an agent get the unknown-id 404", async () => {
      app = await serveHostileApp();
      const accepted = await post(api("/hostile_hold/v1?async=1"), {});
      const { id, token, location } = accepted.body as { id: string; token: string; location: string };
      expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(location).to.equal(`/api/jobs/${id}?token=${token}`);
      expect((await settled(app, location)).body).to.deep.equal({ seq: 1 });
      for (const [path, headers] of [
        [`/api/jobs/${id}`, {}],
        [`/api/jobs/${id}?token=${token.slice(1)}x`, {}],
        [`/api/jobs/${id}`, ADA],
      ] as const) {
        const other = await get(`${app.url}${path}`, headers);
        expect([other.status, other.body]).to.deep.equal([404, unknownJob(id)]);
      }
      // A signed-in caller's job is bound to its principal, not to a token.
      const owned = await post(api("/hostile_hold/v1?async=1"), {}, ADA);
      expect(owned.body["token"]).to.equal(undefined);
      const ownedId = owned.body["id"] as string;
      expect((await settled(app, `/api/jobs/${ownedId}`, ADA)).body).to.deep.equal({ seq: 2 });
      for (const headers of [BOB, {}]) {
        const other = await get(`${app.url}/api/jobs/${ownedId}`, headers);
        expect([other.status, other.body]).to.deep.equal([404, unknownJob(ownedId)]);
      }
    });

    it("Idempotency-Key: the same key and caller is the same job; another caller's is its own; a bad key is a 400", async () => {
      app = await serveHostileApp();
      const key = { "idempotency-key": "3f0c2b9e-6a1d-4e8f-9b7a-2c5d8e1f4a6b" };
      const first = await post(api("/hostile_hold/v1?async=1"), {}, { ...ADA, ...key });
      const again = await post(api("/hostile_hold/v1?async=1"), {}, { ...ADA, ...key });
      const bob = await post(api("/hostile_hold/v1?async=1"), {}, { ...BOB, ...key });
      expect([first.status, again.status, bob.status]).to.deep.equal([202, 202, 202]);
      expect(again.body["id"]).to.equal(first.body["id"]);
      expect(bob.body["id"]).to.not.equal(first.body["id"]);
      // An anonymous caller holds its key: the same key gives it the same job and the same token.
      const anonymous = await post(api("/hostile_hold/v1?async=1"), {}, key);
      const anonymousAgain = await post(api("/hostile_hold/v1?async=1"), {}, key);
      expect(anonymousAgain.body).to.deep.equal(anonymous.body);
      expect(anonymous.body["id"]).to.not.equal(first.body["id"]);
      // One job ran per key and caller.
      expect((await settled(app, first.headers.get("location")!, ADA)).body).to.deep.equal(
        (await settled(app, again.headers.get("location")!, ADA)).body,
      );
      const short = await post(api("/hostile_hold/v1?async=1"), {}, { ...ADA, "idempotency-key": "k1" });
      expect([short.status, short.body]).to.deep.equal([
        400,
        { error: "Idempotency-Key must be 16 to 255 visible ASCII characters (a UUID, for example)" },
      ]);
    });

    it("ended jobs stay readable for queue.keepEnded.count, then read as unknown", async () => {
      app = await serveHostileApp({ queue: { keepEnded: { count: 3 } } });
      const locations: string[] = [];
      for (let i = 0; i < 5; i++) {
        const accepted = await post(api("/hostile_hold/v1?async=1"), {}, ADA);
        locations.push(accepted.headers.get("location")!);
        await settled(app, locations[i]!, ADA);
      }
      const statuses = await Promise.all(
        locations.map(async (location) => (await get(`${app!.url}${location}`, ADA)).status),
      );
      expect(statuses).to.deep.equal([404, 404, 200, 200, 200]);
    });

    it("SIGTERM with jobs unfinished on the embedded queue says they are dropped, and what keeps them", async () => {
      app = await serveHostileApp({ queue: { concurrency: 1 } });
      const held = await post(api("/hostile_hold/v1?async=1"), { gate: true }, ADA);
      await untilActive(app, held.headers.get("location")!, ADA);
      await post(api("/hostile_hold/v1?async=1"), {}, ADA);
      const exited = exitOf(app.child);
      app.child.kill("SIGTERM");
      expect(await exited).to.equal(0);
      expect(app.stderr()).to.equal(
        "axn: stopping with 2 background jobs unfinished on the embedded queue; they are dropped (it keeps jobs in this process only): set queue.connection in the config and run axn worker to keep them (docs/scaling.md)\n",
      );
    });

    it("a queue limit with a bad value is a config error naming it", async () => {
      let failure: unknown;
      try {
        app = await serveHostileApp({ queue: { maxWaitingPerOwner: 0 } });
      } catch (error) {
        failure = error;
      }
      expect(String(failure)).to.include(
        'axn.config.ts: "queue.maxWaitingPerOwner" must be a positive integer (jobs; got 0)',
      );
    });
  });

  describe("on BullMQ, with an axn worker", () => {
    // Persistent: what Redis accepted before a restart is still there after it.
    const redis = useRedis({ persistent: true });
    let worker: ChildProcess | undefined;
    let count = 0;
    afterEach(async () => {
      worker?.kill("SIGKILL");
      if (worker !== undefined) await exitOf(worker);
      worker = undefined;
    });
    let banner = "";
    async function startWorker(name: string, record?: string): Promise<void> {
      const { AXN_TEST_REDIS_URL: _redis, ...inherited } = process.env;
      worker = spawn(process.execPath, [axnBin, "worker", "--concurrency", "2"], {
        cwd: hostileApp,
        env: {
          ...inherited,
          AXN_TEST_REDIS_URL: redis.url,
          AXN_TEST_QUEUE: JSON.stringify({ name }),
          ...(record === undefined ? {} : { AXN_TEST_RECORD: record }),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      banner = await readUntil(worker, "(Ctrl+C to stop)");
    }

    it("axn worker on the default locks says how long a dead worker's job waits: 90 s, from the real formula", async () => {
      await startWorker(`recovery-${process.pid}-${++count}`);
      expect(banner.split("\n")[0]).to.equal(
        "axn worker: a job whose worker dies is taken over within 90 s (lockDuration + 2 × stalledInterval)",
      );
    });

    it("job ids are random, an ended job keeps its result and no input, and the owner caps hold", async () => {
      const name = `hostile-${process.pid}-${++count}`;
      app = await serveHostileApp({ redisUrl: redis.url, queue: { name, maxWaitingPerOwner: 3 } });
      const accepted: Reply[] = [];
      for (let i = 0; i < 4; i++) accepted.push(await post(api("/hostile_hold/v1?async=1"), { note: "secret-input" }));
      expect(accepted.map((reply) => reply.status)).to.deep.equal([202, 202, 202, 429]);
      for (const reply of accepted.slice(0, 3)) expect(reply.body["id"]).to.match(/^[0-9a-f-]{36}$/);
      // BullMQ's own counter never names a job.
      for (const id of ["1", "2", "3"]) expect((await get(api(`/jobs/${id}`))).status).to.equal(404);
      await startWorker(name);
      const first = accepted[0]!;
      expect((await settled(app, first.headers.get("location")!)).status).to.equal(200);
      await withRedisClient(redis.url, async (client) => {
        // The worker drops the input right after BullMQ has stored the end (docs/scaling.md, keepEnded).
        const key = `axn:${name}:${first.body["id"] as string}`;
        const data = await pollUntil(
          async () => JSON.parse((await client.hget(key, "data"))!) as object,
          (stored) => !JSON.stringify(stored).includes("secret-input"),
        );
        expect(data).to.deep.equal({
          action: "Hostile.Hold",
          args: {},
          ambient: {},
          capability: (data as { capability: string }).capability,
        });
        expect(JSON.stringify(data)).to.not.include("secret-input");
      });
    });

    it("the app's own jobs, which no cap refuses, count toward queue.maxWaitingJobs, with or without a caller's principal: a caller's submission past it is a 429", async () => {
      const name = `own-${process.pid}-${++count}`;
      app = await serveHostileApp({ redisUrl: redis.url, queue: { name, maxWaitingJobs: 3 } });
      // Two of the app's own (an anonymous call's: owner `app`, no admission on BullMQ), one on Ada's
      // behalf (counted under her too).
      const own = await post(api("/backfill/v1"), { count: 2 });
      const forAda = await post(api("/backfill/v1"), { count: 1 }, ADA);
      expect([own.status, forAda.status, (own.body["ids"] as string[]).length]).to.deep.equal([200, 200, 2]);
      const refused = await post(api("/hostile_hold/v1?async=1"), { note: "one more" }, ADA);
      expect([refused.status, refused.body, refused.headers.get("retry-after")]).to.deep.equal([
        429,
        { error: "Too many background calls waiting; retry in 5 seconds" },
        "5",
      ]);
      // Once they have run, the caller's submission is taken.
      await startWorker(name);
      await pollUntil(
        () => post(api("/hostile_hold/v1?async=1"), { note: "after" }, ADA),
        (reply) => reply.status === 202,
      );
    });

    it("an enqueue that misses its deadline (Redis away) is a 503 with Retry-After, and the job never runs once Redis is back", async () => {
      const name = `deadline-${process.pid}-${++count}`;
      const dir = mkdtempSync(join(tmpdir(), "axn-deadline-"));
      const record = join(dir, "started.txt");
      writeFileSync(record, "");
      try {
        app = await serveHostileApp({ redisUrl: redis.url, queue: { name, enqueueTimeoutMs: 300 } });
        // Connected first (opening BullMQ counts against the short deadline: retried until it is open).
        let warm: Reply;
        do warm = await post(api("/hostile_hold/v1?async=1"), { note: "warm" }, ADA);
        while (warm.status === 503);
        expect(warm.status).to.equal(202);
        await redis.stop({ keepData: true });
        const late = await post(api("/hostile_hold/v1?async=1"), { note: "late" }, ADA);
        expect([late.status, late.body, late.headers.get("retry-after")]).to.deep.equal([
          503,
          { error: "The job queue did not answer in time; the call was not enqueued, retry later" },
          "5",
        ]);
        await redis.restart();
        await startWorker(name, record);
        // A job submitted once Redis is back runs; the late one was refused by Redis itself when the
        // producer's queued step reached it, so it never ran — and never will.
        // (The producer reconnects on its own schedule: until it has, a submission is a 503 too.)
        let after: Reply;
        let attempt = 0;
        do after = await post(api("/hostile_hold/v1?async=1"), { note: `after-${++attempt}` }, ADA);
        while (after.status === 503);
        expect(after.status).to.equal(202);
        expect((await settled(app, after.headers.get("location")!, ADA)).status).to.equal(200);
        expect(readFileSync(record, "utf8").split("\n").filter(Boolean).sort()).to.deep.equal([
          `after-${attempt}`,
          "warm",
        ]);
        expect(app.stderr()).to.equal("");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
