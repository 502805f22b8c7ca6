/**
 * Reaching Redis: the `queue` settings an app writes (`connection: "redis://…"`, a queue name, a
 * key prefix), checked with messages naming the setting, and the optional peer packages (bullmq
 * and ioredis) imported only when a connection is configured — an app on the embedded queue
 * installs neither.
 */
import {
  AxnError,
  DEFAULT_QUEUE_LIMITS,
  ErrorCodes,
  resolveQueueLimits,
  type QueueLimits,
  type QueueLimitSettings,
} from "@axn/core";
import { errorMessage } from "@axn/core/internal";

/** The `queue` key of an app's config: where jobs go, and the limits (`QueueLimits`) both backends keep. */
export interface QueueSettings extends QueueLimitSettings {
  /** `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS): jobs go to BullMQ on that Redis. */
  readonly connection?: string;
  /** The BullMQ queue name (default `"axn"`): producers and workers of one app must agree. */
  readonly name?: string;
  /** The Redis key prefix (default `"axn"`). */
  readonly prefix?: string;
  /**
   * Workers: how long a job's lock lasts without renewal (ms, default 30,000). A worker that dies
   * holding a job leaves it to another about this long later.
   */
  readonly lockDuration?: number;
  /** Workers: how often each looks for jobs whose worker died (ms, default 30,000). */
  readonly stalledInterval?: number;
  /**
   * The embedded queue (no `connection`): jobs run at once in this process (default 4) — the cap
   * background calls run under, apart from `serve.maxConcurrentCalls`. BullMQ's is `axn worker --concurrency`.
   */
  readonly concurrency?: number;
}

export interface ResolvedQueueSettings {
  readonly connection: string;
  readonly name: string;
  readonly prefix: string;
  readonly lockDuration: number | undefined;
  readonly stalledInterval: number | undefined;
  readonly limits: QueueLimits;
}

const KNOWN = [
  "connection",
  "name",
  "prefix",
  "lockDuration",
  "stalledInterval",
  "concurrency",
  "maxJobBytes",
  "maxWaitingJobs",
  "maxWaitingPerOwner",
  "keepEnded",
  "enqueueTimeoutMs",
];

/** The limits the config's `queue` key sets (every one checked, whichever backend it selects). */
export function queueLimitsOf(value: unknown, where: string): QueueLimits {
  if (typeof value !== "object" || value === null) return DEFAULT_QUEUE_LIMITS;
  return resolveQueueLimits(value as QueueLimitSettings, where, "queue.");
}

/** Whether the `queue` key sets a limit or the embedded concurrency (an embedded queue is then installed with them). */
export function setsEmbeddedOptions(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  return Object.keys(value).some((key) => key !== "connection" && key !== "name" && key !== "prefix");
}

/** The settings with defaults, or `undefined` for the embedded queue (no connection). Throws for a bad value. */
export function resolveQueueSettings(value: unknown, where: string): ResolvedQueueSettings | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `${where}: "queue" must be an object such as { connection: "redis://127.0.0.1:6379" }`,
    );
  }
  const settings = value as Record<string, unknown>;
  for (const key of Object.keys(settings)) {
    if (!KNOWN.includes(key))
      throw new AxnError(
        ErrorCodes.ConfigInvalid,
        `${where}: unknown setting "queue.${key}"; the queue settings are ${KNOWN.join(", ")}`,
      );
  }
  for (const key of ["name", "prefix"]) {
    const v = settings[key];
    if (v !== undefined && (typeof v !== "string" || !/^[A-Za-z0-9_.-]+$/.test(v))) {
      throw new AxnError(
        ErrorCodes.ConfigInvalid,
        `${where}: "queue.${key}" must be letters, digits, ".", "_" or "-" (got ${JSON.stringify(v)})`,
      );
    }
  }
  for (const key of ["lockDuration", "stalledInterval"]) {
    const v = settings[key];
    if (v !== undefined && (typeof v !== "number" || !Number.isInteger(v) || v < 100)) {
      throw new AxnError(
        ErrorCodes.ConfigInvalid,
        `${where}: "queue.${key}" must be milliseconds, an integer ≥ 100 (got ${JSON.stringify(v)})`,
      );
    }
  }
  const concurrency = settings["concurrency"];
  if (
    concurrency !== undefined &&
    (typeof concurrency !== "number" || !Number.isInteger(concurrency) || concurrency < 1)
  ) {
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `${where}: "queue.concurrency" must be an integer ≥ 1 (got ${JSON.stringify(concurrency)})`,
    );
  }
  const limits = queueLimitsOf(settings, where);
  const connection = settings["connection"];
  if (connection === undefined) return undefined;
  if (concurrency !== undefined) {
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `${where}: "queue.concurrency" sets the embedded queue's; with queue.connection, jobs run in \`axn worker\` processes: use axn worker --concurrency N`,
    );
  }
  if (typeof connection !== "string" || !/^rediss?:\/\/[^\s]+$/.test(connection) || !URL.canParse(connection)) {
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `${where}: "queue.connection" must be a Redis URL such as "redis://127.0.0.1:6379" (got ${JSON.stringify(redactUrl(connection))})`,
    );
  }
  return {
    connection,
    name: (settings["name"] as string | undefined) ?? "axn",
    prefix: (settings["prefix"] as string | undefined) ?? "axn",
    lockDuration: settings["lockDuration"] as number | undefined,
    stalledInterval: settings["stalledInterval"] as number | undefined,
    limits,
  };
}

/** A URL with its password hidden, for messages. */
export function redactUrl(value: unknown): unknown {
  if (typeof value !== "string" || !URL.canParse(value)) return value;
  const url = new URL(value);
  if (url.password !== "") url.password = "***";
  return url.toString();
}

async function importPeer<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new AxnError(
      ErrorCodes.ConfigInvalid,
      `The config sets "queue.connection", which runs jobs on BullMQ, but ${name} cannot be loaded (${errorMessage(error)}); install it: npm i bullmq ioredis`,
      { cause: error },
    );
  }
}

// The loaders return `unknown` and their callers cast: a published .d.ts must not name an optional
// peer's types (an app without bullmq would fail to type-check @axn/sdk).
export function loadBullmq(): Promise<unknown> {
  return importPeer("bullmq", () => import("bullmq"));
}

/**
 * A Redis connection for BullMQ. `maxRetriesPerRequest: null` is what BullMQ requires of a worker's
 * blocking connection, and what keeps a producer's commands waiting through a Redis restart
 * instead of failing them: the client reconnects and replays them.
 */
export async function redisClient(url: string): Promise<unknown> {
  const { Redis } = await importPeer("ioredis", () => import("ioredis"));
  const client = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true, lazyConnect: false });
  // A refused or dropped connection is retried by the client (what a Redis restart needs); an
  // 'error' event without a listener would be printed as unhandled on every retry.
  client.on("error", () => undefined);
  return client;
}

/** BullMQ's defaults for a worker's job lock and its stalled-job check (ms). */
const DEFAULT_LOCK_DURATION_MS = 30_000;
const DEFAULT_STALLED_INTERVAL_MS = 30_000;

/**
 * How long, at most, a job whose worker died waits before another worker takes it: its lock
 * outlives the crash by up to `lockDuration` (renewed every half of it), and BullMQ's stalled-job
 * check — run every `stalledInterval` — moves a job only on the pass after the one that marked it
 * as possibly stalled: lockDuration + 2 × stalledInterval (90 s with the defaults).
 */
export function crashRecoveryBoundMs(
  settings: Pick<ResolvedQueueSettings, "lockDuration" | "stalledInterval">,
): number {
  return (
    (settings.lockDuration ?? DEFAULT_LOCK_DURATION_MS) + 2 * (settings.stalledInterval ?? DEFAULT_STALLED_INTERVAL_MS)
  );
}

/**
 * Keys of ours beside BullMQ's: the admitted jobs of one owner bucket (limits.ts ownerBucket) not
 * started yet, and the capped jobs admitted whose add has not landed yet (bullmq-queue.ts ADMIT).
 */
export function waitingKeys(settings: ResolvedQueueSettings, bucket: string): [string, string] {
  const base = `${settings.prefix}:${settings.name}:axn`;
  return [`${base}:waiting:${bucket}`, `${base}:admitting`];
}

export function cancelledKey(settings: ResolvedQueueSettings, id: string): string {
  return `${settings.prefix}:${settings.name}:axn:cancelled:${id}`;
}

export function cancelChannel(settings: ResolvedQueueSettings): string {
  return `${settings.prefix}:${settings.name}:axn:cancel`;
}
