/**
 * What instances sharing a session store tell each other (sessions/store.ts's messages), heard
 * here: resource updates cross instances — each resource gets a relay subscriber that publishes
 * the update, and each instance hands what others published to its own subscribers (not to
 * relays) — and a session's change, close, or forwarded answers reach the copy held here, and a
 * notification another instance had no stream for goes out on the `GET` stream held here.
 */
import { reportException } from "@axn/core";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { deliverForwarded } from "../sessions/restore.js";
import type { SessionMessage } from "../sessions/store.js";
import { resourceInternals, type McpResource } from "../surface/resources.js";
import type { HttpContext } from "./context.js";
import { cancelledRequestIds } from "./read-message.js";
import { REPLAY_URL, resync } from "./resync.js";

export interface Relays {
  /** Removes the relay subscribers and stops listening (without waiting for a store that never connected). */
  stop(): void;
}

/** Starts relaying when the store is shared and the handler keeps sessions; otherwise does nothing. */
export function relayAcrossInstances(ctx: HttpContext): Relays {
  const { store, set } = ctx;
  const relays: { resource: McpResource; relay: (uri: string) => Promise<void> }[] = [];
  let unlisten: Promise<() => void> | undefined;
  if (store.shared && ctx.options.stateless !== true) {
    for (const resource of set.surface.resources) {
      const relay = markRelay(async (uri: string) => {
        await store
          .publish({ type: "resource-updated", resource: resource.name, uri, origin: ctx.instance })
          .catch(() => undefined);
      });
      resourceInternals(resource).subscribers.add(relay);
      relays.push({ resource, relay });
    }
    // One message at a time, in the order published: a resource update waits for the resync of the
    // subscription published before it.
    let inbox = Promise.resolve();
    unlisten = store.listen((message) => {
      inbox = inbox
        .then(() => onMessage(ctx, message))
        .catch((error: unknown) => reportException(error, { action: "axn-plugin-mcp", phase: "mcp session message" }));
    });
  }
  return {
    stop() {
      for (const { resource, relay } of relays.splice(0)) resourceInternals(resource).subscribers.delete(relay);
      const stopListening = unlisten;
      unlisten = undefined;
      // Not awaited: a store that never reached Redis would keep close() waiting (closing the store ends it).
      if (stopListening !== undefined)
        void stopListening.then(
          (stop) => stop(),
          () => undefined,
        );
    },
  };
}

async function onMessage(ctx: HttpContext, message: SessionMessage): Promise<void> {
  if (message.origin === ctx.instance) return;
  if (message.type === "resource-updated") {
    const resource = ctx.set.surface.resources.find((candidate) => candidate.name === message.resource);
    if (resource === undefined) return;
    for (const send of [...resourceInternals(resource).subscribers]) if (!isRelay(send)) await send(message.uri);
    return;
  }
  const session = ctx.sessions.peek(message.id);
  if (session === undefined) return;
  if (message.type === "notified") {
    if (session.listening > 0) await session.transport.send(message.message as JSONRPCMessage).catch(() => undefined);
  } else if (message.type === "closed") await session.server.close();
  else if (message.type === "forwarded") {
    await deliverForwarded(session, message.messages, REPLAY_URL);
    for (const cancelled of cancelledRequestIds(message.messages)) session.transport.closeSSEStream(cancelled);
  } else await resync(ctx, session, REPLAY_URL, session.authInfo);
}

const RELAY = Symbol("axn.mcp.resourceRelay");

/** Marks a relay subscriber: relays forward an update to other instances and are never handed one. */
function markRelay<T extends (uri: string) => Promise<void>>(relay: T): T {
  return Object.assign(relay, { [RELAY]: true });
}

function isRelay(send: (uri: string) => Promise<void>): boolean {
  return (send as { [RELAY]?: boolean })[RELAY] === true;
}
