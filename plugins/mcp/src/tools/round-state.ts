/**
 * The `requestState` of a 2026-07-28 tool call that asked for input (input-rounds.ts): the answers
 * so far, sealed with the SDK's HMAC codec (`createRequestStateCodec`: signed, expiring) and bound
 * to who may resume it — the caller's owner key, the tool and a digest of its arguments. A state
 * that was altered, has expired, or is echoed by another caller, for another tool or with other
 * arguments is refused with the SDK's own `-32602` "Invalid or expired requestState"; nothing of why
 * reaches the client.
 *
 * The key is the `mcp.requestStateKey` setting (at least 32 bytes; every instance behind a
 * balancer needs the same one), else one generated for this process — enough for one instance, and
 * a retry that reaches another instance is refused and starts over.
 */
import { createHash, randomBytes } from "node:crypto";
import { createRequestStateCodec, ProtocolErrorCode, type RequestStateCodec } from "@modelcontextprotocol/server";
import { ProtocolError } from "../protocol/protocol-error.js";
import { canonical, type RoundAnswers } from "./input-rounds.js";

/** How long a caller has to answer before the retry is refused (the codec's `ttlSeconds`). */
const REQUEST_STATE_TTL_SECONDS = 600;

/** The SDK's own refusal of a bad state, so a state refused here reads the same. */
const INVALID_REQUEST_STATE = "Invalid or expired requestState";

export interface RoundState {
  readonly owner: string;
  readonly tool: string;
  readonly args: string;
  readonly rounds: RoundAnswers;
}

let processKey: string | undefined;

/** The codec for `key`, or for this process's own key. */
export function roundStateCodec(key: string | undefined): RequestStateCodec<RoundState> {
  processKey ??= randomBytes(32).toString("base64url");
  return createRequestStateCodec<RoundState>({ key: key ?? processKey, ttlSeconds: REQUEST_STATE_TTL_SECONDS });
}

/** A digest of a call's arguments: a state resumes only the call it was made for. */
export function argumentsDigest(args: unknown): string {
  return createHash("sha256").update(canonical(args)).digest("base64url");
}

/**
 * The answers a verified state carries for this call, or a refusal when it was made for another
 * caller, tool or arguments. `state` is what the SDK's seam verified (`undefined`: first round).
 */
export function resumedRounds(state: unknown, expected: Omit<RoundState, "rounds">): RoundAnswers | undefined {
  if (state === undefined) return undefined;
  const resumed = state as Partial<RoundState>;
  if (
    resumed.owner !== expected.owner ||
    resumed.tool !== expected.tool ||
    resumed.args !== expected.args ||
    !Array.isArray(resumed.rounds?.answers) ||
    !Array.isArray(resumed.rounds?.asked)
  ) {
    // The SDK's own refusal, data and all: a client cannot tell someone else's state from a forged one.
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, INVALID_REQUEST_STATE, {
      reason: "invalid_request_state",
    });
  }
  return resumed.rounds;
}
