/**
 * Task records in Redis, beside the BullMQ jobs and on the producer's own connection: one string
 * key per task (`{prefix}:{name}:axn:mcp-task:{id}`, JSON, expiring with the task's ttl) and one
 * sorted set per owner for `tasks/list` (scored by creation time; ids whose record expired are
 * dropped as they are met).
 */
import type { TaskRecord, TaskRecords } from "./records.js";

/** The one ioredis method used (`call`), so no ioredis type reaches this package's types. */
export interface RedisCommands {
  call(command: string, ...args: (string | number)[]): Promise<unknown>;
}

/**
 * Compare-and-set on the record's revision, in one step on Redis: the record is replaced only if
 * it still exists at the revision the caller read (its expiry kept).
 */
const SWAP_SCRIPT = `
local current = redis.call("GET", KEYS[1])
if not current then return 0 end
local revision = cjson.decode(current).revision or 0
if revision ~= tonumber(ARGV[1]) then return 0 end
redis.call("SET", KEYS[1], ARGV[2], "XX", "KEEPTTL")
return 1
`;

export class RedisTaskRecords implements TaskRecords {
  constructor(
    private readonly redis: () => Promise<RedisCommands>,
    private readonly prefix: string,
  ) {}

  async put(record: TaskRecord): Promise<void> {
    const client = await this.redis();
    const index = this.#index(record.owner);
    await client.call("SET", this.#key(record.taskId), JSON.stringify(record), "PX", record.ttl);
    await client.call("ZADD", index, record.createdAt, record.taskId);
    // The index outlives its newest task at most by that task's ttl.
    await client.call("PEXPIRE", index, record.ttl, "GT");
    await client.call("PEXPIRE", index, record.ttl, "NX");
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const raw = await (await this.redis()).call("GET", this.#key(taskId));
    return typeof raw === "string" ? (JSON.parse(raw) as TaskRecord) : undefined;
  }

  async update(record: TaskRecord): Promise<void> {
    // XX: never recreate a record that expired meanwhile; KEEPTTL: its expiry stays the creation's.
    await (await this.redis()).call("SET", this.#key(record.taskId), JSON.stringify(record), "XX", "KEEPTTL");
  }

  async swap(expected: TaskRecord, next: TaskRecord): Promise<boolean> {
    const swapped = await (await this.redis()).call(
      "EVAL",
      SWAP_SCRIPT,
      1,
      this.#key(expected.taskId),
      expected.revision ?? 0,
      JSON.stringify(next),
    );
    return swapped === 1;
  }

  async delete(record: TaskRecord): Promise<void> {
    const client = await this.redis();
    await client.call("DEL", this.#key(record.taskId));
    await client.call("ZREM", this.#index(record.owner), record.taskId);
  }

  async list(
    owner: string,
    offset: number,
    limit: number,
  ): Promise<{ readonly records: readonly TaskRecord[]; readonly next?: number }> {
    const client = await this.redis();
    const index = this.#index(owner);
    const ids = (await client.call("ZRANGE", index, offset, offset + limit)) as string[];
    const records: TaskRecord[] = [];
    for (const id of ids.slice(0, limit)) {
      const record = await this.get(id);
      if (record === undefined) await client.call("ZREM", index, id);
      else records.push(record);
    }
    return ids.length > limit ? { records, next: offset + limit } : { records };
  }

  #key(taskId: string): string {
    return `${this.prefix}:${taskId}`;
  }

  #index(owner: string): string {
    return `${this.prefix}s:${owner}`;
  }
}
