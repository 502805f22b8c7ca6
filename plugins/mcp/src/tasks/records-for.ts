/**
 * Which record store a queue backend's tasks use: Redis beside a BullMQ backend (its producer
 * connection and key prefix), memory beside any other — one store per backend object, so every
 * server of the process agrees on the tasks, and a reset (a new backend) starts afresh.
 */
import type { QueueBackend } from "@axn/core";
import { MemoryTaskRecords, type TaskRecords } from "./records.js";
import { RedisTaskRecords, type RedisCommands } from "./redis-records.js";

/** What a BullMQ backend offers beside the jobs (`BullmqQueue.redis()`, `settings`): read structurally, core names no Redis. */
interface RedisBacked {
  readonly settings: { readonly prefix: string; readonly name: string };
  redis(): unknown;
}

function redisBacked(backend: QueueBackend): backend is QueueBackend & RedisBacked {
  const candidate = backend as Partial<RedisBacked>;
  return (
    typeof candidate.redis === "function" &&
    typeof candidate.settings?.prefix === "string" &&
    typeof candidate.settings.name === "string"
  );
}

/** One record store per queue backend, so every server of the process agrees on the tasks. */
const stores = new WeakMap<QueueBackend, TaskRecords>();

/** The records beside `backend`'s jobs. */
export function recordsFor(backend: QueueBackend): TaskRecords {
  let records = stores.get(backend);
  if (records === undefined) {
    records = redisBacked(backend)
      ? new RedisTaskRecords(
          async () => (await backend.redis()) as RedisCommands,
          `${backend.settings.prefix}:${backend.settings.name}:axn:mcp-task`,
        )
      : new MemoryTaskRecords();
    stores.set(backend, records);
  }
  return records;
}
