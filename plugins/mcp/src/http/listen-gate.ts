/**
 * Who hears a resource's updates on a 2026-07-28 `subscriptions/listen` stream. The SDK's entry
 * routes each change event to every open stream whose filter names the event's URI, with no say
 * per caller — and its acknowledgement echoes the filter as asked, so a URI cannot be struck from
 * it without telling the caller that a resource is there. A stream is opened by one request,
 * though, and that request's caller is known: while a listen request is served, its caller is held
 * in an AsyncLocalStorage (for that request only — no other request pays for it), and the listener
 * the entry registers on the bus then is wrapped so that it hears a resource's update only while
 * that caller may read the resource, checked per event (a revoked grant stops the updates). The
 * same rule as a 2025-11-25 session's subscription (surface/register.ts): a resource the caller may
 * not read behaves, to it, as one that never changes.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { AxnPrincipal } from "@axn/core";
import type { ServerEvent, ServerEventBus } from "@modelcontextprotocol/server";
import { mayReadUri } from "../surface/access.js";
import type { McpResource } from "../surface/resources.js";

export interface ListenGate {
  /** The bus to hand the SDK's entry: publishes go through unchanged, listeners are gated. */
  readonly bus: ServerEventBus;
  /** Runs the serving of one `subscriptions/listen` request on behalf of `caller`. */
  serve<T>(caller: AxnPrincipal | undefined, run: () => T): T;
}

export function listenGate(inner: ServerEventBus, resources: readonly McpResource[]): ListenGate {
  const listening = new AsyncLocalStorage<{ readonly caller: AxnPrincipal | undefined }>();
  return {
    bus: {
      publish: (event) => inner.publish(event),
      subscribe(listener) {
        const stream = listening.getStore();
        if (stream === undefined) return inner.subscribe(listener);
        return inner.subscribe((event: ServerEvent) => {
          if (event.kind === "resource_updated" && !mayReadUri(resources, event.uri, stream.caller)) return;
          listener(event);
        });
      },
    },
    serve: (caller, run) => listening.run({ caller }, run),
  };
}

/** True when `body` is one `subscriptions/listen` request (a listen is never batched in 2026-07-28). */
export function isListenRequest(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { method?: unknown }).method === "subscriptions/listen"
  );
}
