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
 * whatever else the transport is — a session's, with its id and streams — stays as it was. Only a
 * server that answers tasks here takes the SDK's handler over; any other just notes each request's
 * method, ahead of the SDK.
 */
import type { JSONRPCMessage, MessageExtraInfo, Transport, TransportSendOptions } from "@modelcontextprotocol/server";
import { cleanedValidationError, type ValidationSentence } from "./validation-errors.js";

export type { ValidationSentence } from "./validation-errors.js";

/** A request answered here instead of by the server: the response's `result`, or an error. */
export type Intercept = (
  request: { readonly id: string | number; readonly method: string; readonly params?: unknown },
  extra: MessageExtraInfo | undefined,
) =>
  | Promise<{ readonly result: object } | { readonly error: { code: number; message: string; data?: unknown } }>
  | undefined;

type OnMessage = NonNullable<Transport["onmessage"]>;

export function guardTransport(
  transport: Transport,
  intercept: Intercept | undefined,
  sentence?: ValidationSentence,
): Transport {
  // The method of each request in flight, by id: some of the SDK's refusals do not name it.
  const methods = new Map<string | number, string>();
  const send = transport.send.bind(transport);
  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    const { id, error } = message as { id?: string | number; error?: { code?: unknown; message?: unknown } };
    const method = id === undefined ? undefined : methods.get(id);
    if (id !== undefined && ("result" in message || error !== undefined)) methods.delete(id);
    if (error !== undefined) {
      const cleaned = cleanedValidationError(error, method, sentence);
      if (cleaned !== undefined) {
        const { data: _data, ...rest } = error as { data?: unknown };
        return send({ ...message, error: { ...rest, ...cleaned } } as JSONRPCMessage, options);
      }
    }
    return send(message, options);
  };
  if (intercept === undefined) {
    // Nothing to answer here: the requests' methods are only noted. The SDK's `connect` calls the
    // transport's `onmessage` from before it connected ahead of its own, so a plain assignment
    // observes every message, and the transport keeps its shape — an accessor defined on it (below)
    // turns the SDK's per-request transport into a dictionary-mode object whose every field the
    // SDK then reads slowly (bench row 4f).
    const before = transport.onmessage;
    const note: OnMessage = (message) => {
      const request = message as { id?: string | number; method?: unknown };
      if (request.id !== undefined && typeof request.method === "string") methods.set(request.id, request.method);
    };
    transport.onmessage =
      before === undefined
        ? note
        : (message, extra) => {
            note(message, extra);
            before(message, extra);
          };
    return transport;
  }
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
    if (request.id === undefined || typeof request.method !== "string") {
      handler?.(message, extra);
      return;
    }
    methods.set(request.id, request.method);
    const answered = intercept?.({ id: request.id, method: request.method, params: request.params }, extra);
    if (answered === undefined) {
      handler?.(message, extra);
      return;
    }
    const id = request.id;
    void answered.then((reply) =>
      transport.send({ jsonrpc: "2.0", id, ...reply } as JSONRPCMessage, { relatedRequestId: id }),
    );
  };
  return transport;
}
