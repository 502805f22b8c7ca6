/**
 * A new server and Streamable HTTP transport for one session (or, stateless, one request): the
 * transport enters the session table when the client's `initialize` gives it an id, and leaves it
 * when it closes — in memory its record goes with it; in a shared store the record outlives this copy,
 * and a notification this copy has no `GET` stream for is published for the instance that holds one
 * (relays.ts delivers it there).
 */
import { randomUUID } from "node:crypto";
import {
  RELATED_TASK_META_KEY,
  WebStandardStreamableHTTPServerTransport,
  type JSONRPCMessage,
  type TransportSendOptions,
} from "@modelcontextprotocol/server";
import { serverFor } from "../server/server.js";
import type { Session } from "../sessions/table.js";
import type { HttpContext } from "./context.js";

/** `id`: the id of a session rebuilt from its record (otherwise the transport makes one). */
export async function openSession(ctx: HttpContext, owner: string, stateful: boolean, id?: string): Promise<Session> {
  const { sessions, store } = ctx;
  const transport: WebStandardStreamableHTTPServerTransport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: stateful ? (id === undefined ? randomUUID : () => id) : undefined,
    maxRequestBodySize: ctx.maxBodyBytes,
    onsessioninitialized: (id) => sessions.add(id, session),
  });
  transport.onclose = () => {
    if (transport.sessionId === undefined) return;
    sessions.delete(transport.sessionId);
    // In memory the server is the session; in a shared store the record outlives this copy
    // (idle here, closing, or closed elsewhere) until DELETE or its idle time.
    if (!store.shared) void store.delete(transport.sessionId).catch(() => undefined);
  };
  const server = serverFor(ctx.options, ctx.set, ctx.limits);
  const session: Session = {
    server,
    transport,
    owner,
    active: 0,
    listening: 0,
    timer: undefined,
    applied: { revision: 0, loggingLevel: undefined, subscriptions: new Set() },
    syncing: undefined,
    authInfo: undefined,
  };
  if (store.shared) relayUnheard(ctx, session);
  await server.connect(transport);
  return session;
}

/**
 * A notification unrelated to any request (a task's progress after its `tools/call` answered) goes
 * out on the session's `GET` stream; the SDK drops it when this copy has none. With a shared store
 * the client may hold its stream on another instance: published there instead (test/reliability/
 * mcp-task-progress.spec.ts). Only a task's notifications: a resource update is already sent by
 * every copy holding the subscription (relays.ts), and relayed as well it would arrive twice.
 */
function relayUnheard(ctx: HttpContext, session: Session): void {
  const { transport } = session;
  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> => {
    const id = transport.sessionId;
    if (id === undefined || !ofTask(message, options) || session.listening > 0) return send(message, options);
    await ctx.store.publish({ type: "notified", id, message, origin: ctx.instance }).catch(() => undefined);
  };
}

/** A notification of a task's body (tasks/live.ts marks each with the related task), outside any request. */
function ofTask(message: JSONRPCMessage, options: TransportSendOptions | undefined): boolean {
  if ("id" in message || options?.relatedRequestId !== undefined) return false;
  const meta = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
  return meta?.[RELATED_TASK_META_KEY] !== undefined;
}
