/**
 * What a queue spec that waits on jobs says when some never settle: instead of hanging to the
 * mocha timeout with no clue, it waits on every job's `result()` until a hang guard, then fails
 * naming each job still unsettled and what Redis holds for it — the BullMQ list or set it sits in,
 * its hash's fields (but the input), whether its lock is held, whether axn's waiting sets still count it.
 *
 * @example
 * ```ts
 * const results = await settleOrDescribe(jobs, { url: redis.url, name }, 60_000);
 * ```
 */
import type { JobHandle, Result } from "@axn/core";
import { Redis } from "ioredis";

export interface QueueOnRedis {
  readonly url: string;
  readonly name: string;
  /** The key prefix (default "axn"). */
  readonly prefix?: string;
}

/**
 * Every job's result, in order, or — at `guardMs` (a hang guard, not a budget) — an error listing the
 * jobs not settled by then and their Redis records.
 */
export async function settleOrDescribe<T extends Record<string, unknown>>(
  jobs: readonly JobHandle<T>[],
  queue: QueueOnRedis,
  guardMs: number,
): Promise<Result<T>[]> {
  const settled = new Set<number>();
  const all = Promise.all(
    jobs.map((job, i) =>
      job.result().then((result) => {
        settled.add(i);
        return result;
      }),
    ),
  );
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<"hung">((resolve) => {
    timer = setTimeout(() => resolve("hung"), guardMs);
  });
  try {
    const first = await Promise.race([all, guard]);
    if (first !== "hung") return first as Result<T>[];
  } finally {
    clearTimeout(timer);
  }
  const unsettled = jobs.filter((_, i) => !settled.has(i));
  throw new Error(
    `${unsettled.length} of ${jobs.length} jobs did not settle within ${guardMs} ms:\n${await describeJobs(
      unsettled.map((job) => job.id),
      queue,
    )}`,
  );
}

/** One line a job: where Redis has it. */
async function describeJobs(ids: readonly string[], queue: QueueOnRedis): Promise<string> {
  const client = new Redis(queue.url, { maxRetriesPerRequest: 1, lazyConnect: true });
  client.on("error", () => undefined);
  try {
    await client.connect();
    const base = `${queue.prefix ?? "axn"}:${queue.name}`;
    const lines: string[] = [];
    for (const id of ids.slice(0, 20)) {
      const places: string[] = [];
      for (const list of ["wait", "active", "paused"])
        if ((await client.lpos(`${base}:${list}`, id)) !== null) places.push(list);
      for (const set of ["prioritized", "delayed", "completed", "failed", "waiting-children"])
        if ((await client.zscore(`${base}:${set}`, id)) !== null) places.push(set);
      const { data, ...fields } = await client.hgetall(`${base}:${id}`);
      const lock = await client.exists(`${base}:${id}:lock`);
      let counted = (await client.zscore(`${base}:axn:admitting`, id)) !== null;
      for (const set of await client.keys(`${base}:axn:waiting:*`)) counted ||= (await client.zscore(set, id)) !== null;
      lines.push(
        `  ${id}: in [${places.join(", ") || "no list"}], lock ${lock === 1 ? "held" : "none"}, ` +
          `${counted ? "still" : "not"} counted waiting, input ${data === undefined ? "absent" : `${data.length} chars`}, ` +
          `hash ${JSON.stringify(fields)}`,
      );
    }
    if (ids.length > 20) lines.push(`  … and ${ids.length - 20} more`);
    return lines.join("\n");
  } catch (error) {
    return `  (Redis could not be read: ${String(error)})`;
  } finally {
    client.disconnect();
  }
}
