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
 * It never throws: a fault is reported and answered with the adapter's own 500.
 *
 * @example
 * ```ts
 * answerToolCall(route, request, { // a listener's converted request
 *   answered: (answer) => (isEventStreamCall(answer) ? openStream(answer) : write(answer)),
 * });
 * ```
 */
import { accessRefusal, principalFrom, reportException, type AmbientContextSource, type LiveChannel } from "@axn/core";
import {
  roundsChannel,
  runRounds,
  runRoundsInto,
  type InputRounds,
  type RoundCall,
  type RoundOutcome,
  type RoundRunning,
} from "@axn/sdk/adapter";
import { CallSlot, isJsonContentType, type BodyRead, type BodyReceiver } from "@axn/sdk/serving";
import { PLUGIN_NAME } from "../config.js";
import { errorReply, type HttpReply } from "../replies.js";
import { enqueueReply } from "../jobs/jobs.js";
import { wantsEventStream } from "./event-stream.js";
import { inputRequiredReply, isAnswersContentType, prepareRound, type PreparedRound } from "./input-round.js";
import { parseJsonBody } from "./parse-json.js";
import type { AnswerReceiver, ToolCallAnswer, ToolCallRequest } from "./tool-request.js";
import { FixedReplies, type ToolRoute } from "./tool-route.js";
import type { InvokeHttpOptions } from "../operation/wrap.js";

/**
 * One object per call, not promise chains: the body read tells the call (`bodyRead`), the call
 * tells the listener (`receiver.answered`). An async function's state, then a promise and a
 * closure per step, were the largest allocations of a call (bench: http-inprocess.ts `ALLOC=1`).
 * `receiver` is told exactly once — at once for a refusal before the body, else on a later turn.
 */
export function answerToolCall(route: ToolRoute, request: ToolCallRequest, receiver: AnswerReceiver): void {
  let answer: ToolCallAnswer;
  try {
    if (request.method !== "POST") answer = FixedReplies.methodNotAllowed;
    else if (route.restricted && accessRefusal(route.op.action, principalFrom(request.ambientContext)) !== undefined) {
      void refuse(route, request).then((refused) => receiver.answered(refused));
      return;
    } else {
      const contentType = request.header("content-type");
      // A retry answering a 428 has its own media type: a plain JSON body is only ever the arguments.
      const answering = !isJsonContentType(contentType) && isAnswersContentType(contentType);
      if (!answering && !isJsonContentType(contentType)) answer = FixedReplies.unsupportedMediaType;
      else {
        request.readBody(route.maxBodyBytes, new ToolCall(route, request, answering, receiver));
        return;
      }
    }
  } catch (error) {
    answer = fault(request, error, false);
  }
  receiver.answered(answer);
}

/** A caller the action's access policy refuses, refused before its body is read. Never rejects. */
async function refuse(route: ToolRoute, request: ToolCallRequest): Promise<ToolCallAnswer> {
  const ambientContext = request.ambientContext;
  try {
    request.drain();
    // Through the Invoker, which refuses before reading the arguments and reports the denial (onResult).
    const refused = await route.op.invoke({}, { ambientContext });
    return route.serving.authenticates
      ? withResourceMetadata(refused, request.resourceMetadataUrl(route.resourcePath))
      : refused;
  } catch (error) {
    return fault(request, error, false);
  }
}

/**
 * One call once its content type is accepted: its body read, parsed, then enqueued, or run under a
 * call slot. On the plain path it is also the run's options (`ambientContext`, `signal`,
 * `onOverdue`, `live`) and holds the call's slot itself, where a `CallSlot` and a
 * `RoundCallOptions` were two more objects (and a closure) per call. Its state is in plain
 * fields, not `#private` ones: V8 initialises each `#field` through a keyed define per object
 * (bench: row 5, callgrind of the in-process run); the class is not exported.
 */
class ToolCall implements BodyReceiver, RoundCall<HttpReply>, InvokeHttpOptions {
  private readonly route: ToolRoute;
  private readonly request: ToolCallRequest;
  private readonly answering: boolean;
  private readonly receiver: AnswerReceiver;
  private round: (PreparedRound & { ok: true }) | undefined;
  private running: RoundRunning<HttpReply> | undefined;
  /** The slot's release, once taken; `undefined` again once given back. */
  private release: (() => void) | undefined;
  /** A body still running past its deadline: the slot is given back when it ends. */
  private overdue: Promise<void> | undefined;

  constructor(route: ToolRoute, request: ToolCallRequest, answering: boolean, receiver: AnswerReceiver) {
    this.route = route;
    this.request = request;
    this.answering = answering;
    this.receiver = receiver;
    this.round = undefined;
    this.running = undefined;
    this.release = undefined;
    this.overdue = undefined;
  }

  get ambientContext(): AmbientContextSource {
    return this.request.ambientContext;
  }

  /** Called from the body's events: it never throws (a fault is answered as one). */
  bodyRead(read: BodyRead): void {
    let answer: ToolCallAnswer | undefined;
    try {
      answer = this.start(read);
    } catch (error) {
      // Thrown before the call ran: its slot, if taken, is free again.
      this.giveBack();
      answer = fault(this.request, error, false);
    }
    if (answer !== undefined) this.receiver.answered(answer);
  }

  /** The answer at once, or `undefined` when the call runs (and answers when it is done). */
  private start(read: BodyRead): ToolCallAnswer | undefined {
    const route = this.route;
    const request = this.request;
    if (!read.ok) {
      if (read.reason === "incomplete") return FixedReplies.incompleteBody;
      // The client may still be sending: read (and drop) the rest, up to a bound, so it gets the 413.
      request.drain();
      return route.tooLarge;
    }
    const parsed = parseJsonBody(read.bytes);
    if (!parsed.ok) return errorReply(400, parsed.message);
    const { op } = route;
    const ambientContext = request.ambientContext;
    // A background call takes no call slot: it only enqueues. (Nobody is there to answer a
    // question: its body's `ctx.elicit` is `unavailable`, and a body of answers is refused.)
    if (request.asyncRequested()) {
      if (this.answering) return FixedReplies.answersInBackground;
      const receiver = this.receiver;
      void enqueueReply(op, parsed.value, ambientContext, route.basePath, request.header("idempotency-key")).then(
        (reply) => receiver.answered(reply),
        (error: unknown) => receiver.answered(fault(request, error, false)),
      );
      return undefined;
    }
    // The round this call starts, or resumes with the answers it carries (input-round.ts).
    const round = prepareRound(op, route.roundState, parsed.value, ambientContext, this.answering);
    if (!round.ok) return round.reply;
    const release = route.serving.acquireCall();
    if (release === undefined) return FixedReplies.busy;
    // The slot is given back when the call is answered, or — answered at its deadline while the
    // body runs on — when the body ends, so abandoned work stays counted against the cap.
    if (wantsEventStream(request.header("accept")))
      return eventStreamCall(route, request, round, new CallSlot(release));
    this.release = release;
    this.round = round;
    // Through the rounds engine: `run` below, then `done`, `asked` or `failed`.
    runRoundsInto(round.rounds, this);
    return undefined;
  }

  /** One run of the body (the rounds engine runs it once), with this call as its options. */
  run(running: RoundRunning<HttpReply>): void {
    this.running = running;
    this.route.invoke(this.round!.args, this, running);
  }

  signal(): AbortSignal {
    return this.running!.signal();
  }

  /** The call was answered at its deadline while its body runs on: the slot waits for the body. */
  onOverdue(settled: Promise<void>): void {
    this.overdue = settled;
  }

  get live(): LiveChannel {
    return roundsChannel(this.round!.rounds, undefined);
  }

  callerSignal(): AbortSignal {
    return this.request.signal();
  }

  done(reply: HttpReply): void {
    this.giveBack();
    this.receiver.answered(reply);
  }

  /** The body asked what nobody has answered: the 428 with its questions and signed state. */
  asked(): void {
    let reply: HttpReply;
    try {
      const route = this.route;
      reply = inputRequiredReply(route.op, route.roundState, this.request.ambientContext, this.round!);
    } catch (error) {
      this.failed(error);
      return;
    }
    this.done(reply);
  }

  /** `invoke` fails only for a mapping bug rethrown in development (see `fault`). */
  failed(error: unknown): void {
    this.giveBack();
    this.receiver.answered(fault(this.request, error, true));
  }

  /** The slot back (once): now, or when the body answered at its deadline ends (as `CallSlot`). */
  private giveBack(): void {
    const release = this.release;
    if (release === undefined) return;
    this.release = undefined;
    if (this.overdue === undefined) release();
    else void this.overdue.then(release);
  }
}

/**
 * `invoke` rejects only for a mapping bug rethrown in development (already reported by the
 * pipeline's guard); reported here too, for an operation of the app's own making that did not.
 */
function fault(request: ToolCallRequest, error: unknown, invoking: boolean): HttpReply {
  reportException(error, { action: PLUGIN_NAME, phase: request.phase });
  return invoking ? FixedReplies.unrenderable : FixedReplies.internal;
}

/** The call through the rounds engine: its reply, or that its body asked. */
function ask(
  route: ToolRoute,
  request: ToolCallRequest,
  round: PreparedRound & { ok: true },
  slot: CallSlot,
  live: LiveChannel | undefined,
): Promise<RoundOutcome<HttpReply>> {
  const ambientContext = request.ambientContext;
  return runRounds(
    round.rounds,
    // Through the route's pipeline, as a plain call runs: an operation not made by `wrap` gets the
    // options' methods as functions of their own there (operation/wrap.ts).
    (signal) =>
      new Promise<HttpReply>((resolve, reject) => {
        const options = new RoundCallOptions(ambientContext, { signal }, round.rounds, live, slot);
        route.invoke(round.args, options, { answered: resolve, failed: reject });
      }),
    () => request.signal(),
  );
}

/** The stream's call gives its slot back when the call (not the response) is done. */
function eventStreamCall(
  route: ToolRoute,
  request: ToolCallRequest,
  round: PreparedRound & { ok: true },
  slot: CallSlot,
): ToolCallAnswer {
  return {
    events: (live) =>
      ask(route, request, round, slot, live)
        .then((outcome) =>
          outcome.done ? outcome.value : inputRequiredReply(route.op, route.roundState, request.ambientContext, round),
        )
        .finally(() => slot.answered()),
  };
}

/**
 * One run's options: the live channel (the rounds' questions, then `base`'s progress and log) is
 * built only when the body first reaches for it — most calls never do. `signal` and `onOverdue`
 * are methods, not a closure each per call: the tool pipeline calls them on these options
 * (operation/wrap.ts hands an operation of another making options it may call detached).
 */
class RoundCallOptions implements InvokeHttpOptions {
  readonly ambientContext: AmbientContextSource;
  readonly #signals: { signal(): AbortSignal };
  readonly #rounds: InputRounds;
  readonly #base: LiveChannel | undefined;
  readonly #slot: CallSlot;

  constructor(
    ambientContext: AmbientContextSource,
    signals: { signal(): AbortSignal },
    rounds: InputRounds,
    base: LiveChannel | undefined,
    slot: CallSlot,
  ) {
    this.ambientContext = ambientContext;
    this.#signals = signals;
    this.#rounds = rounds;
    this.#base = base;
    this.#slot = slot;
  }

  signal(): AbortSignal {
    return this.#signals.signal();
  }

  onOverdue(settled: Promise<void>): void {
    this.#slot.onOverdue(settled);
  }

  get live(): LiveChannel {
    return roundsChannel(this.#rounds, this.#base);
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
