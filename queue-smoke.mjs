import { Queue, Worker, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
const url = "redis://127.0.0.1:6399";
const conn = () => new Redis(url, { maxRetriesPerRequest: null });
const q = new Queue("smoke", { connection: conn() });
const ev = new QueueEvents("smoke", { connection: conn() });
const w = new Worker(
  "smoke",
  async (job) => {
    if (job.data.x === 2 && job.attemptsMade < 1) throw new Error("boom");
    return { y: job.data.x * 2 };
  },
  { connection: conn(), concurrency: 2 },
);
await ev.waitUntilReady();
const j = await q.add("a", { x: 1 }, { jobId: "k1" });
const j2 = await q.add("a", { x: 9 }, { jobId: "k1" });
console.log(j.id, j2.id, j2.data);
console.log(await j.waitUntilFinished(ev));
const j3 = await q.add("a", { x: 2 }, { attempts: 3, backoff: { type: "fixed", delay: 10 } });
console.log(
  await j3.waitUntilFinished(ev),
  (await q.getJob(j3.id)).attemptsMade,
  await (await q.getJob(j3.id)).getState(),
);
await w.close();
await q.close();
await ev.close();
