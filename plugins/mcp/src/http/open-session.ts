/**
 * A new server and Streamable HTTP transport for one session (or, stateless, one request): the
 * transport enters the session table when the client's `initialize` gives it an id, and leaves it
 * when it closes — in memory its record goes with it; in a shared store the record outlives this copy.
 */
import { randomUUID } from "node:crypto";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
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
    timer: undefined,
    applied: { revision: 0, loggingLevel: undefined, subscriptions: new Set() },
    syncing: undefined,
    authInfo: undefined,
  };
  await server.connect(transport);
  return session;
}
