/**
 * A tool call over HTTP whose body asks (`ctx.elicit`, `ctx.sample`, `ctx.roots()`): HTTP cannot
 * ask the client mid-call, so the call is answered `428 Precondition Required` with the questions
 * and a signed `requestState`, and the client calls the same route again with a body of its own
 * media type, `application/vnd.axn.answers+json` — `{ "arguments": <the same arguments>,
 * "requestState": "…", "inputResponses": { key: answer } }` — and the body runs again from the start
 * with the answers (@axn/sdk/adapter's rounds engine; docs/plugins/http.md, "Input from the caller").
 * A plain `application/json` body stays exactly the tool's arguments.
 *
 * 428, not a 2xx: a client that checks `res.ok` must not read the questions as the tool's result.
 * The state is bound to the caller (its principal, or "anonymous"), the tool version and the
 * arguments, and expires (`http.requestStateTtlSeconds`); a state that was altered, expired or is
 * someone else's gets one refusal, the same for all.
 */
import { principalFrom, type AmbientContextSource, type JsonValue } from "@axn/core";
import {
  argumentsDigest,
  checkInputResponse,
  InputRounds,
  roundStateCodec,
  type CarriedRounds,
  type RoundBinding,
  type RoundStateCodec,
} from "@axn/sdk/adapter";
import { httpConfig } from "../config.js";
import type { HttpOperation } from "../operation/wrap.js";
import { errorReply, ANSWERS_MEDIA_TYPE, InputMessages, type HttpReply } from "../replies.js";

/** The round a call starts or resumes, ready to run; or the 400 refusing its answers. */
export type PreparedRound =
  | {
      readonly ok: true;
      readonly args: unknown;
      readonly rounds: InputRounds;
      /** `argumentsDigest(args)` when opening the state needed it already (a retry), for the next state. */
      readonly digest?: string;
    }
  | { readonly ok: false; readonly reply: HttpReply };

const ANONYMOUS_OWNER = "anonymous";

/** Whether the request's Content-Type is the answers' media type (parameters such as charset aside). */
export function isAnswersContentType(header: string | null): boolean {
  return header !== null && header.split(";", 1)[0]!.trim().toLowerCase() === ANSWERS_MEDIA_TYPE;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const ENVELOPE_KEYS = new Set(["arguments", "requestState", "inputResponses"]);

/**
 * The round a call starts (a plain JSON body: the arguments), or resumes (`answering`: a body of
 * the answers' media type, whose state is opened and whose answers are checked here).
 */
export function prepareRound(
  op: HttpOperation,
  codec: RoundStateCodec,
  body: unknown,
  ambientContext: AmbientContextSource,
  answering: boolean,
): PreparedRound {
  // A plain call: its binding is only worked out if its body asks (inputRequiredReply).
  if (!answering) return { ok: true, args: body, rounds: new InputRounds() };
  if (
    !isObject(body) ||
    !Object.keys(body).every((key) => ENVELOPE_KEYS.has(key)) ||
    !isObject(body["arguments"]) ||
    typeof body["requestState"] !== "string" ||
    !isObject(body["inputResponses"])
  )
    return { ok: false, reply: errorReply(400, InputMessages.envelope) };
  const args = body["arguments"];
  const inputResponses = body["inputResponses"];
  const digest = argumentsDigest(args);
  const carried = codec.open(body["requestState"], bindingOf(op, ambientContext, digest));
  if (carried === undefined) return { ok: false, reply: errorReply(400, InputMessages.refused) };
  const refusal = checkResponses(carried, inputResponses);
  if (refusal !== undefined) return { ok: false, reply: errorReply(400, refusal) };
  return { ok: true, args, rounds: new InputRounds(carried, inputResponses), digest };
}

/** Who may resume the call's state: the caller (its principal, or "anonymous"), the tool version and the arguments. */
function bindingOf(op: HttpOperation, ambientContext: AmbientContextSource, digest: string): RoundBinding {
  const principal = principalFrom(ambientContext);
  return {
    owner: principal === undefined ? ANONYMOUS_OWNER : `principal:${principal.id}`,
    tool: op.operationId,
    args: digest,
  };
}

function checkResponses(carried: CarriedRounds, responses: Record<string, unknown>): string | undefined {
  const open = Object.keys(carried.pending);
  for (const [key, answer] of Object.entries(responses)) {
    const question = carried.pending[key];
    if (question === undefined) return InputMessages.unasked(key, open);
    const wrong = checkInputResponse(key, question.kind, answer);
    if (wrong !== undefined) return wrong;
  }
  return undefined;
}

/** The 428 of a round that ended with questions. */
export function inputRequiredReply(
  op: HttpOperation,
  codec: RoundStateCodec,
  ambientContext: AmbientContextSource,
  prepared: PreparedRound & { ok: true },
): HttpReply {
  const binding = bindingOf(op, ambientContext, prepared.digest ?? argumentsDigest(prepared.args));
  return {
    status: 428,
    body: {
      error: InputMessages.needed(op.toolName),
      status: "input_required",
      inputRequests: prepared.rounds.questions() as unknown as JsonValue,
      requestState: codec.mint(binding, prepared.rounds.carried()),
    },
  };
}

/** The codec of the `http.requestStateKey` / `http.requestStateTtlSeconds` settings, read when the app is built. */
export function httpRoundStateCodec(): RoundStateCodec {
  const key = httpConfig.get("requestStateKey");
  return roundStateCodec({ key: key ?? undefined, ttlSeconds: httpConfig.get("requestStateTtlSeconds") });
}
