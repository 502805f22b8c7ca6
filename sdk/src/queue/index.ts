/**
 * `@axn/sdk/queue` — background calls on BullMQ over Redis: the producer backend
 * (`createBullmqQueue`, what `queue: { connection }` in an app's config installs) and the worker
 * (`startQueueWorker`, what `axn worker` runs). bullmq and ioredis are optional peer dependencies:
 * install them when you configure a connection.
 *
 * Everything exported from this file is public API of @axn/sdk/queue, named one by one and pinned by
 * test/api-surface.spec.ts: a change here is an API change.
 *
 * @example
 * ```ts
 * import { startQueueWorker } from "@axn/sdk/queue";
 * const worker = await startQueueWorker({ connection: "redis://127.0.0.1:6379", concurrency: 4 });
 * ```
 */
export { BullmqQueue, createBullmqQueue } from "./bullmq-queue.js";
export { startQueueWorker, type QueueWorker, type QueueWorkerEvents, type QueueWorkerOptions } from "./worker.js";
export { redisClient, resolveQueueSettings, type QueueSettings, type ResolvedQueueSettings } from "./connection.js";
// What a plugin keeping its own state beside the jobs (MCP sessions) reads: the app's Redis settings.
export { configuredQueueSettings } from "./configure.js";
