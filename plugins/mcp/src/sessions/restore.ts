/**
 * Rebuilding on this instance a session another instance opened, without asking the client to
 * initialize again: the session's record (store.ts) is replayed into a fresh server and
 * transport as the messages that made it — the client's `initialize` (its protocol version,
 * capabilities and info, answered under the recorded session id), `notifications/initialized`,
 * then its `logging/setLevel` and `resources/subscribe` calls. Only the SDK's public
 * `handleRequest` is used: the transport marks itself initialized, the server learns the client's
 * capabilities (elicitation, sampling) and its log level, exactly as on the instance that opened
 * it; the replies go nowhere. The same replay keeps a held copy in step when the record changed on
 * another instance (`syncSession`).
 */
import { randomUUID } from "node:crypto";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/server";
import type { Session } from "./table.js";
import type { SessionRecord } from "./store.js";

/** Why a replay failed: the record cannot be rebuilt here (the caller answers as for an unknown session). */
export class RestoreFailed extends Error {}

/** Replays `initialize` and `notifications/initialized` into the session's fresh transport. */
export async function restoreSession(
  session: Session,
  record: SessionRecord,
  url: string,
  authInfo: AuthInfo | undefined,
): Promise<void> {
  const initialize = {
    jsonrpc: "2.0",
    id: `axn-restore-${randomUUID()}`,
    method: "initialize",
    params: {
      protocolVersion: record.protocolVersion,
      capabilities: record.clientCapabilities,
      clientInfo: record.clientInfo,
    },
  };
  const answer = await replay(session.transport, url, initialize, undefined, authInfo);
  if (session.transport.sessionId !== record.id || !hasResult(answer))
    throw new RestoreFailed(`initialize was not accepted: ${answer.slice(0, 200)}`);
  await replay(session.transport, url, { jsonrpc: "2.0", method: "notifications/initialized" }, record, authInfo);
  await syncSession(session, record, url, authInfo);
}

/** Gives the held server what changed in the record since it was last synced (level, subscriptions). */
export async function syncSession(
  session: Session,
  record: SessionRecord,
  url: string,
  authInfo: AuthInfo | undefined,
): Promise<void> {
  const applied = session.applied;
  const call = (method: string, params: Record<string, unknown>): Promise<string> =>
    replay(
      session.transport,
      url,
      { jsonrpc: "2.0", id: `axn-restore-${randomUUID()}`, method, params },
      record,
      authInfo,
    );
  if (record.loggingLevel !== undefined && record.loggingLevel !== applied.loggingLevel) {
    await call("logging/setLevel", { level: record.loggingLevel });
    applied.loggingLevel = record.loggingLevel;
  }
  for (const uri of record.subscriptions) {
    if (applied.subscriptions.has(uri)) continue;
    // A resource this instance does not serve answers an error: the subscription stays recorded for the others.
    await call("resources/subscribe", { uri });
    applied.subscriptions.add(uri);
  }
  for (const uri of [...applied.subscriptions]) {
    if (record.subscriptions.includes(uri)) continue;
    await call("resources/unsubscribe", { uri });
    applied.subscriptions.delete(uri);
  }
  applied.revision = Math.max(applied.revision, record.revision);
}

/**
 * What the client sent another instance about a request (answers, cancellations), handed to this
 * copy's transport: the copy whose request it concerns resolves or stops it, the others ignore it.
 */
export async function deliverForwarded(session: Session, messages: readonly unknown[], url: string): Promise<void> {
  const id = session.transport.sessionId;
  if (id === undefined) return;
  const body =
    messages.length === 1 ? (messages[0] as Record<string, unknown>) : (messages as unknown as Record<string, unknown>);
  const request = new Request(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": id,
    },
    body: JSON.stringify(body),
  });
  await (await session.transport.handleRequest(request, { parsedBody: body })).text();
}

/** One message through the transport's public entry, as if the client had sent it; the reply's text. */
async function replay(
  transport: WebStandardStreamableHTTPServerTransport,
  url: string,
  message: Record<string, unknown>,
  record: SessionRecord | undefined,
  authInfo: AuthInfo | undefined,
): Promise<string> {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  if (record !== undefined) {
    headers["mcp-session-id"] = record.id;
    headers["mcp-protocol-version"] = record.protocolVersion;
  }
  const request = new Request(url, { method: "POST", headers, body: JSON.stringify(message) });
  const response = await transport.handleRequest(request, {
    parsedBody: message,
    ...(authInfo === undefined ? {} : { authInfo }),
  });
  return response.text();
}

/** True when the replied text (JSON or one SSE event) carries a JSON-RPC result. */
function hasResult(text: string): boolean {
  const data = text.includes("data:")
    ? text
        .split("\n")
        .filter((line) => line.startsWith("data:"))
        .map((line) => line.slice(5))
        .join("")
    : text;
  try {
    const reply = JSON.parse(data) as { result?: unknown };
    return reply.result !== undefined;
  } catch {
    return false;
  }
}
