/**
 * What passes between a server and its transport, on every transport (stdio, Streamable HTTP
 * sessions, the SDK's per-request 2026-07-28 exchanges, in memory), for the two things the SDK's
 * `Server` does not let a handler decide:
 *
 * - **2025-11-25 task-augmented `tools/call`.** The v2 SDK validates every `tools/call` result as a
 *   plain `CallToolResult` (tasks left the core protocol in 2026-07-28), so a `CreateTaskResult`
 *   cannot come out of its handler. Such a request is answered here, before the SDK sees it, by the
 *   same code the tool call runs (server/server.ts); every other message goes on unchanged.
 * - **The SDK's own validation errors.** A malformed request the SDK refuses before any handler
 *   runs is answered with its parser's dump (`Invalid tools/call request: [ { "expected": … } ]`);
 *   it is replaced by one short `-32602` line naming the method and the parameter.
 *
 * The transport is adjusted in place (its `onmessage` and `send`), as the server connects to it, so
 * whatever else the transport is — a session's, with its id and streams — stays as it was.
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from "@modelcontextprotocol/server";

/** A request answered here instead of by the server: the response's `result`, or an error. */
export type Intercept = (
  request: { readonly id: string | number; readonly method: string; readonly params?: unknown },
  extra: MessageExtraInfo | undefined,
) =>
  | Promise<{ readonly result: object } | { readonly error: { code: number; message: string; data?: unknown } }>
  | undefined;

type OnMessage = NonNullable<Transport["onmessage"]>;

const SDK_VALIDATION = /^Invalid (\S+) (request|params): \[/;

/** The parameter a parser's dump names first (`"path": ["params", "name"]` → `params.name`). */
function firstPath(message: string): string | undefined {
  const path = /"path":\s*\[([^\]]*)\]/.exec(message)?.[1];
  if (path === undefined) return undefined;
  const parts = [...path.matchAll(/"([^"]*)"|(\d+)/g)].map((match) => match[1] ?? `[${match[2]}]`);
  return parts.length === 0 ? undefined : parts.join(".").replace(/\.\[/g, "[");
}

/** The sentence for a refused parameter when the server has a better one than the generic line (`method`, `path`). */
export type ValidationSentence = (method: string, path: string | undefined) => string | undefined;

/** One short line instead of a parser's dump. */
function cleanValidationMessage(message: string, sentence?: ValidationSentence): string {
  const match = SDK_VALIDATION.exec(message);
  if (match === null) return message;
  const method = match[1]!;
  const where = firstPath(message);
  return (
    sentence?.(method, where) ??
    `Invalid params: ${method} has a malformed ${where ?? "params"}; see the method's schema in the MCP specification`
  );
}

export function guardTransport(
  transport: Transport,
  intercept: Intercept | undefined,
  sentence?: ValidationSentence,
): Transport {
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    const error = (message as { error?: { code?: unknown; message?: unknown } }).error;
    if (error !== undefined && error.code === -32602 && typeof error.message === "string") {
      const cleaned = cleanValidationMessage(error.message, sentence);
      if (cleaned !== error.message) {
        const { data: _data, ...rest } = error as { data?: unknown };
        return send({ ...message, error: { ...rest, message: cleaned } } as JSONRPCMessage, options);
      }
    }
    return send(message, options);
  };
  if (intercept === undefined) return transport;
  let handler: OnMessage | undefined;
  Object.defineProperty(transport, "onmessage", {
    configurable: true,
    get: () => (handler === undefined ? undefined : receive),
    set: (next: OnMessage | undefined) => {
      handler = next;
    },
  });
  const receive: OnMessage = (message, extra) => {
    const request = message as { id?: string | number; method?: unknown; params?: unknown };
    const answered =
      request.id !== undefined && typeof request.method === "string"
        ? intercept({ id: request.id, method: request.method, params: request.params }, extra)
        : undefined;
    if (answered === undefined) {
      handler?.(message, extra);
      return;
    }
    const id = request.id!;
    void answered.then((reply) =>
      transport.send({ jsonrpc: "2.0", id, ...reply } as JSONRPCMessage, { relatedRequestId: id }),
    );
  };
  return transport;
}
