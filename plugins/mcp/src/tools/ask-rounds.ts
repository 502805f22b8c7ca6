/**
 * One 2026-07-28 request that may ask for input — a tool call or a prompt, the same way: the code
 * runs on the SDK's rounds engine (@axn/sdk/adapter: `InputRounds`, `runRounds`, the same engine
 * HTTP's input rounds run on) with the answers this round brings; when it asks something nobody has
 * answered yet, the request ends the round with an `input_required` result carrying the open
 * questions as MCP requests (input-requests.ts) and the signed state of the rounds so far
 * (request-state.ts). The code is abandoned then — its signal aborts with `INPUT_REQUIRED_REASON` —
 * and it runs again from the start on the retry, each earlier question answered at once.
 */
import { argumentsDigest, InputRounds, runRounds, type RoundBinding } from "@axn/sdk/adapter";
import {
  inputRequired,
  ProtocolErrorCode,
  type InputRequiredResult,
  type RequestStateCodec,
} from "@modelcontextprotocol/server";
import { ProtocolError } from "../protocol/protocol-error.js";
import type { McpRequestExtra } from "../protocol/server-context.js";
import { answersOf, inputRequestsOf, unsolicitedAnswers } from "./input-requests.js";
import { resumedRounds, type RoundState } from "./request-state.js";

/** Who may resume the round and for what: the caller's owner key and the tool's or prompt's name. */
export type RoundOwner = Omit<RoundBinding, "args">;

/** What a round is bound to, asked only when a round is resumed or ends with questions. */
export interface BoundRound {
  binding(): RoundBinding;
}

export async function askInRounds<T>(
  codec: RequestStateCodec<RoundState>,
  extra: McpRequestExtra,
  owner: RoundOwner,
  args: unknown,
  // The body's signal as a function, called on first use: most bodies never read it.
  run: (rounds: InputRounds, signal: () => AbortSignal) => Promise<T>,
): Promise<T | InputRequiredResult> {
  // The arguments are digested only when a round is resumed or started, not on every call.
  let digest: string | undefined;
  const bound: BoundRound = { binding: () => ({ ...owner, args: (digest ??= argumentsDigest(args)) }) };
  const rounds = openRounds(extra, bound);
  const outcome = await runRounds(
    rounds,
    (signal) => run(rounds, signal),
    () => extra.mcpReq.signal,
  );
  if (outcome.done) return outcome.value;
  return roundEnded(codec, bound, rounds);
}

/**
 * The rounds a request runs in: fresh (with any answers it brought unasked), or resumed from the
 * state it echoes with this round's answers. Throws the `-32602` of a state or answers refused.
 */
export function openRounds(extra: McpRequestExtra, bound: BoundRound): InputRounds {
  const state = extra.mcpReq.requestState();
  const carried = state === undefined ? undefined : resumedRounds(state, bound.binding());
  const responses = extra.mcpReq.inputResponses;
  if (carried === undefined)
    return responses === undefined ? new InputRounds() : new InputRounds(undefined, {}, unsolicitedAnswers(responses));
  const checked = answersOf(carried.pending, responses ?? {});
  if ("refused" in checked)
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid params: ${checked.refused}`);
  return new InputRounds(carried, checked.answers);
}

/** The round ended with questions: the `input_required` result with them and the signed state so far. */
export async function roundEnded(
  codec: RequestStateCodec<RoundState>,
  bound: BoundRound,
  rounds: InputRounds,
): Promise<InputRequiredResult> {
  const requestState = await codec.mint({ ...bound.binding(), rounds: rounds.carried() });
  return inputRequired({ inputRequests: inputRequestsOf(rounds.questions()), requestState });
}
