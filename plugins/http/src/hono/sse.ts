/**
 * A tool call answered as Server-Sent Events: a request sent with `Accept: text/event-stream`
 * receives the action's live reports as they happen — `event: progress` (`{ progress, total?,
 * message? }`) and `event: log` (`{ level, logger, data }`) — then exactly one `event: result`
 * carrying what a plain JSON request would have received, `{ status, body }`. The stream itself is
 * always `200`: errors found before the call runs (401, 404, 413, 415, a malformed body) are still
 * plain JSON replies. A body that asks (`ctx.elicit`, `ctx.sample`, `ctx.roots()`) ends the stream
 * with `event: input_required` (`{ inputRequests, requestState }`) before its `result` (the 428 a JSON
 * request gets); the client calls again with the answers (pipeline/input-round.ts). Nothing but those events is ever written: a fault inside the stream is reported
 * and answered as the adapter's own 500 result, never as an exception's message.
 *
 * @example
 * ```
 * POST /tools/import_contacts/v1   Accept: text/event-stream   {"rows":2}
 *
 * event: progress
 * data: {"progress":1,"total":2,"message":"row 1 of 2"}
 *
 * event: result
 * data: {"status":200,"body":{"imported":2,"tag":"imported"}}
 * ```
 */
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { reportException, type LiveChannel } from "@axn/core";
import { PLUGIN_NAME } from "../config.js";
import { Messages, errorReply, type HttpReply } from "../replies.js";
import type { EventStreamCall } from "../pipeline/tool-request.js";

/** The SSE event names, in the order a stream may carry them (`result` exactly once, last). */
export const SSE_EVENTS = Object.freeze({
  progress: "progress",
  log: "log",
  inputRequired: "input_required",
  result: "result",
} as const);

function resultData(reply: HttpReply): string {
  return `{"status":${reply.status},"body":${reply.encoded ?? JSON.stringify(reply.body)}}`;
}

/** Runs the call the pipeline answered as an event stream: its live reports, then its result. */
export function streamCall(c: Context, call: EventStreamCall, route: string): Response {
  c.header("x-content-type-options", "nosniff");
  return streamSSE(c, async (stream) => {
    // Writes are chained so events leave in the order the action made them, before the result.
    let written: Promise<void> = Promise.resolve();
    const send = (event: string, data: string): void => {
      written = written.then(() => stream.writeSSE({ event, data })).catch(() => {});
    };
    const live: LiveChannel = {
      // Encoded here, synchronously: a value with no JSON form throws into the runtime, which reports it.
      progress: (update) => send(SSE_EVENTS.progress, JSON.stringify(update)),
      log: (entry) =>
        send(SSE_EVENTS.log, JSON.stringify({ level: entry.level, logger: entry.logger, data: entry.data })),
    };
    let reply: HttpReply;
    try {
      reply = await call.events(live);
    } catch (error) {
      // A mapping bug rethrown in development (already reported by the pipeline's guard).
      reportException(error, { action: PLUGIN_NAME, phase: `SSE ${route}` });
      reply = errorReply(500, Messages.unrenderable);
    }
    await written;
    try {
      // The body asked (pipeline/input-round.ts): the questions as their own event, then the 428 as the result.
      if (reply.status === 428) {
        const { inputRequests, requestState } = reply.body;
        await stream.writeSSE({
          event: SSE_EVENTS.inputRequired,
          data: JSON.stringify({ inputRequests, requestState }),
        });
      }
      await stream.writeSSE({ event: SSE_EVENTS.result, data: resultData(reply) });
    } catch {
      // The client went away; the call has finished and there is no one left to tell.
    }
  });
}
