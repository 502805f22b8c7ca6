/**
 * Task records: what an MCP task is beyond its job — who may see it, which tool it called, when it
 * was created and last changed, how long it is kept, and whether the client cancelled it. The job
 * (the app's queue, through the Jobs API) holds the call, its state and its result; the record
 * holds only these few fields. They live where the jobs live: beside an embedded queue in this
 * process's memory, beside BullMQ in the same Redis (redis-records.ts), so any instance that
 * reaches the queue can answer `tasks/get`, `tasks/result`, `tasks/cancel` and `tasks/list`.
 */
import type { JsonValue } from "@axn/core";
import type { InputKind } from "@axn/sdk/adapter";

export interface TaskRecord {
  /** The task id, which is also its job's id. */
  readonly taskId: string;
  /** Who may see it: `principal:<id>`, else `session:<id>` for an anonymous session, else `anonymous`. */
  readonly owner: string;
  /** The tool name it called. */
  readonly tool: string;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Kept this long after `createdAt` (ms). */
  readonly ttl: number;
  readonly pollInterval: number;
  /** The client cancelled it (terminal, whatever the job does next). */
  readonly cancelled: boolean;
  /** A terminal state was seen and `updatedAt` moved to it. */
  readonly settled: boolean;
  /**
   * Set for a task that may ask (asking.ts): the kinds of question its client can answer and the
   * call's arguments, for the job each answered round submits.
   */
  readonly asking?: { readonly kinds: readonly InputKind[]; readonly args: JsonValue };
  /** The job of the current round, when the task was resumed; absent: the first job, whose id is the task's. */
  readonly jobId?: string;
  /** The answers `tasks/update` gave so far to the current round's questions, by key. */
  readonly answers?: { readonly [key: string]: unknown };
  /** Bumped by each change a `tasks/update` makes: what `swap` compares. */
  readonly revision?: number;
}

export interface TaskRecords {
  put(record: TaskRecord): Promise<void>;
  /** The record, or `undefined` when there is none or it expired. */
  get(taskId: string): Promise<TaskRecord | undefined>;
  /** Replaces a record that still exists (its expiry unchanged). */
  update(record: TaskRecord): Promise<void>;
  /**
   * Replaces `expected` with `next` only if the stored record is still at `expected`'s revision
   * (compare-and-set, atomic on Redis): of two `tasks/update`s racing, one wins, the other re-reads.
   */
  swap(expected: TaskRecord, next: TaskRecord): Promise<boolean>;
  /** Removes a record (a task the queue refused: nothing of it stays). */
  delete(record: TaskRecord): Promise<void>;
  /** An owner's records, oldest first, from `offset`; `next` is the offset of the page after. */
  list(
    owner: string,
    offset: number,
    limit: number,
  ): Promise<{ readonly records: readonly TaskRecord[]; readonly next?: number }>;
}

/** The records beside an embedded queue: in this process, as its jobs are. */
export class MemoryTaskRecords implements TaskRecords {
  readonly #records = new Map<string, TaskRecord>();

  async put(record: TaskRecord): Promise<void> {
    this.#sweep();
    this.#records.set(record.taskId, record);
  }

  async get(taskId: string): Promise<TaskRecord | undefined> {
    const record = this.#records.get(taskId);
    if (record === undefined || expired(record)) return undefined;
    return record;
  }

  async update(record: TaskRecord): Promise<void> {
    if (this.#records.has(record.taskId)) this.#records.set(record.taskId, record);
  }

  async swap(expected: TaskRecord, next: TaskRecord): Promise<boolean> {
    const current = this.#records.get(expected.taskId);
    if (current === undefined || expired(current) || (current.revision ?? 0) !== (expected.revision ?? 0)) return false;
    this.#records.set(next.taskId, next);
    return true;
  }

  async delete(record: TaskRecord): Promise<void> {
    this.#records.delete(record.taskId);
  }

  async list(
    owner: string,
    offset: number,
    limit: number,
  ): Promise<{ readonly records: readonly TaskRecord[]; readonly next?: number }> {
    const mine = [...this.#records.values()].filter((record) => record.owner === owner && !expired(record));
    const page = mine.slice(offset, offset + limit);
    return offset + limit < mine.length ? { records: page, next: offset + limit } : { records: page };
  }

  #sweep(): void {
    for (const [id, record] of this.#records) if (expired(record)) this.#records.delete(id);
  }
}

function expired(record: TaskRecord): boolean {
  return Date.now() >= record.createdAt + record.ttl;
}
