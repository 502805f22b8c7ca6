/**
 * The change events of 2026-07-28 `subscriptions/listen` streams (a resource updated, a list
 * changed) shared by every instance on one Redis: the SDK's `ServerEventBus` over pub/sub. A
 * 2026-07-28 client holds its listen stream on one instance while `resource.notifyUpdated()` may
 * run on another; with this bus the event goes through Redis and every instance hands it to its
 * own streams — once each, the publishing instance included, since delivery is only ever from the
 * channel. `axn serve` uses it when the app has a `queue.connection` (docs/scaling.md).
 */
import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";

/** The few ioredis calls used here (ioredis is an optional peer: its type stays out of the declarations). */
interface RedisLike {
  publish(channel: string, message: string): Promise<number>;
  subscribe(channel: string): Promise<unknown>;
  on(event: "message", listener: (channel: string, message: string) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  duplicate(): RedisLike;
  quit(): Promise<unknown>;
}

export interface RedisEventBus extends ServerEventBus {
  close(): Promise<void>;
}

export async function createRedisEventBus(options: {
  readonly connection: string;
  readonly prefix?: string;
}): Promise<RedisEventBus> {
  const channel = `${options.prefix ?? "axn"}:mcp:events`;
  const { redisClient } = await import("@axn/sdk/queue");
  const client = (await redisClient(options.connection)) as RedisLike;
  // A connection in subscriber mode can do nothing else: the second one listens.
  const subscriber = client.duplicate();
  // Without a listener each reconnect attempt while Redis is down would print an unhandled error.
  subscriber.on("error", () => undefined);
  client.on("error", () => undefined);
  const listeners = new Set<(event: ServerEvent) => void>();
  subscriber.on("message", (from, text) => {
    if (from !== channel) return;
    let event: ServerEvent;
    try {
      event = JSON.parse(text) as ServerEvent;
    } catch {
      return; // not ours: someone else published on the channel
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // One stream's failure is not another's: the SDK's listeners report their own.
      }
    }
  });
  await subscriber.subscribe(channel);
  return {
    publish(event) {
      // Advisory, like every notification: Redis away means the update is missed, not that the
      // request that caused it fails.
      client.publish(channel, JSON.stringify(event)).catch(() => undefined);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    async close() {
      listeners.clear();
      await Promise.all([subscriber.quit().catch(() => undefined), client.quit().catch(() => undefined)]);
    },
  };
}
