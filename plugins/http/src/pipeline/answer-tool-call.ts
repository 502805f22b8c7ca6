/**
 * `answerToolCall`: the one pipeline that answers a tool call over HTTP, whichever listener
 * received it (the hono app on any runtime, the Node fast path in front of it). Each call passes,
 * in order: the method (405); the action's access policy (401 / 403, before the body is read, so a
 * caller learns nothing from a 415/413/400 about what it may not call); the Content-Type (415); the
 * body limit while reading (413; a body cut short is a 400); JSON parsing (400); then a background
 * call is submitted (202, or its refusal: jobs/jobs.ts; it takes no call slot — the queue's caps and its
 * own concurrency bound it); a retry's answers are checked (400: input-round.ts); the call takes a
 * slot under the server's cap (503), runs through the operation — the Invoker and the result
 * mapping (200 / 400 / 422 / 500 / 504), or 428 when its body asked something not yet answered —
 * and is answered as JSON, or as Server-Sent Events when it asked for them. Host/Origin and
 * authentication come before routing, in the listener (they guard every route, not only tools).
 *
 * It never rejects: a fault is reported and answered with the adapter's own 500.
 *
 * @example
 * ```ts
 * const answer = await answerToolCall(route, request); // a listener's converted request
 * if (isEventStreamCall(answer)) openStream(answer); else write(answer);
 * ```
 */
import { accessRefusal, principalFrom, reportException, type LiveChannel } from "@axn/core";
import { roundsChannel, runRounds } from "@axn/sdk/adapter";
import { CallSlot, isJsonContentType } from "@axn/sdk/serving";
import { PLUGIN_NAME } from "../config.js";
import { errorReply, type HttpReply } from "../replies.js";
import { enqueueReply } from "../jobs/jobs.js";
import { wantsEventStream } from "./event-stream.js";
import { inputRequiredReply, isAnswersContentType, prepareRound } from "./input-round.js";
import { parseJsonBody } from "./parse-json.js";
import type { ToolCallAnswer, ToolCallRequest } from "./tool-request.js";
import { FixedReplies, type ToolRoute } from "./tool-route.js";

/** One async function for the whole call: each nested one is another promise and microtask turn. */
export async function answerToolCall(route: ToolRoute, request: ToolCallRequest): Promise<ToolCallAnswer> {
  if (request.method !== "POST") return FixedReplies.methodNotAllowed;
  const { op } = route;
  const ambientContext = request.ambientContext;
  let slot: CallSlot | undefined;
  let invoking = false;
  try {
    if (route.restricted && accessRefusal(op.action, principalFrom(ambientContext)) !== undefined) {
      request.drain();
      // Through the Invoker, which refuses before reading the arguments and reports the denial (onResult).
      const refused = await op.invoke({}, { ambientContext });
      return route.serving.authenticates
        ? withResourceMetadata(refused, request.resourceMetadataUrl(route.resourcePath))
        : refused;
    }
    const contentType = request.header("content-type");
    // A retry answering a 428 has its own media type: a plain JSON body is only ever the arguments.
    const answering = !isJsonContentType(contentType) && isAnswersContentType(contentType);
    if (!answering && !isJsonContentType(contentType)) return FixedReplies.unsupportedMediaType;
    const read = await request.readBody(route.maxBodyBytes);
    if (!read.ok) {
      if (read.reason === "incomplete") return FixedReplies.incompleteBody;
      // The client may still be sending: read (and drop) the rest, up to a bound, so it gets the 413.
      request.drain();
      return route.tooLarge;
    }
    const parsed = parseJsonBody(read.bytes);
    if (!parsed.ok) return errorReply(400, parsed.message);
    // A background call takes no call slot: it only enqueues. (Nobody is there to answer a
    // question: its body's `ctx.elicit` is `unavailable`, and a body of answers is refused.)
    if (request.asyncRequested()) {
      if (answering) return FixedReplies.answersInBackground;
      return await enqueueReply(op, parsed.value, ambientContext, route.basePath, request.header("idempotency-key"));
    }
    // The round this call starts, or resumes with the answers it carries (input-round.ts).
    const round = prepareRound(op, route.roundState, parsed.value, ambientContext, answering);
    if (!round.ok) return round.reply;
    const release = route.serving.acquireCall();
    if (release === undefined) return FixedReplies.busy;
    // The slot is given back when the call is answered, or — answered at its deadline while the
    // body runs on — when the body ends, so abandoned work stays counted against the cap.
    const taken = new CallSlot(release);
    const { args, rounds } = round;
    const ask = (live: LiveChannel | undefined): Promise<HttpReply> =>
      runRounds(
        rounds,
        (signal) =>
          op.invoke(args, {
            ambientContext,
            signal,
            live: () => roundsChannel(rounds, live),
            onOverdue: taken.onOverdue,
          }),
        request.signal,
      ).then((outcome) => (outcome.done ? outcome.value : inputRequiredReply(op, route.roundState, round)));
    if (wantsEventStream(request.header("accept"))) {
      // The stream's call gives its slot back when the call (not the response) is done.
      return { events: (live) => ask(live).finally(() => taken.answered()) };
    }
    slot = taken;
    invoking = true;
    return await ask(undefined);
  } catch (error) {
    // `invoke` rejects only for a mapping bug rethrown in development (already reported by the
    // pipeline's guard); reported here too, for an operation of the app's own making that did not.
    reportException(error, { action: PLUGIN_NAME, phase: request.phase });
    return invoking ? FixedReplies.unrenderable : FixedReplies.internal;
  } finally {
    slot?.answered();
  }
}

/**
 * A 401 access refusal under `serve.authenticate` names the RFC 9728 metadata, as authentication's
 * own 401 does, so a client without a token learns where to get one (`Bearer scope="…"` keeps its scope).
 */
function withResourceMetadata(reply: HttpReply, metadataUrl: string): HttpReply {
  const challenge = reply.headers?.["www-authenticate"];
  if (reply.status !== 401 || challenge === undefined) return reply;
  const metadata = `resource_metadata="${metadataUrl}"`;
  return {
    ...reply,
    headers: {
      ...reply.headers,
      "www-authenticate": challenge === "Bearer" ? `Bearer ${metadata}` : `${challenge}, ${metadata}`,
    },
  };
}
