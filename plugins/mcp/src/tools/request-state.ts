/**
 * The `requestState` of a 2026-07-28 request that asked for input (a tool call, a prompt): what the
 * rounds engine carries to the next round (@axn/sdk/adapter `CarriedRounds`: the answers so far and
 * the open questions), sealed with the SDK's HMAC codec (`createRequestStateCodec`: signed,
 * expiring; the server's `requestState.verify` seam opens it before any handler runs) and bound to
 * who may resume it — the caller's owner key, the tool or prompt and a digest of its arguments. A
 * state that was altered, has expired, or is echoed by another caller, for another tool or with
 * other arguments is refused with the SDK's own `-32602` "Invalid or expired requestState"; nothing
 * of why reaches the client.
 *
 * The key is the `mcp.requestStateKey` setting (at least 32 bytes; every instance behind a
 * balancer needs the same one), else one generated for this process — enough for one instance, and
 * a retry that reaches another instance is refused and starts over.
 */
import { randomBytes } from "node:crypto";
import type { CarriedRounds, RoundBinding } from "@axn/sdk/adapter";
import { createRequestStateCodec, ProtocolErrorCode, type RequestStateCodec } from "@modelcontextprotocol/server";
import { ProtocolError } from "../protocol/protocol-error.js";

/** How long a caller has to answer before the retry is refused (the codec's `ttlSeconds`). */
const REQUEST_STATE_TTL_SECONDS = 600;

/** The SDK's own refusal of a bad state, so a state refused here reads the same. */
const INVALID_REQUEST_STATE = "Invalid or expired requestState";

export interface RoundState extends RoundBinding {
  readonly rounds: CarriedRounds;
}

let processKey: string | undefined;

/** The codec for `key`, or for this process's own key. */
export function roundStateCodec(key: string | undefined): RequestStateCodec<RoundState> {
  processKey ??= randomBytes(32).toString("base64url");
  return createRequestStateCodec<RoundState>({ key: key ?? processKey, ttlSeconds: REQUEST_STATE_TTL_SECONDS });
}

/**
 * The rounds a verified state carries for this call, or a refusal when it was made for another
 * caller, tool or arguments. `state` is what the SDK's seam verified (`undefined`: first round).
 */
export function resumedRounds(state: unknown, expected: RoundBinding): CarriedRounds | undefined {
  if (state === undefined) return undefined;
  const resumed = state as Partial<RoundState>;
  const rounds = resumed.rounds;
  if (
    resumed.owner !== expected.owner ||
    resumed.tool !== expected.tool ||
    resumed.args !== expected.args ||
    !Array.isArray(rounds?.answers) ||
    !Array.isArray(rounds?.asked) ||
    typeof rounds?.pending !== "object" ||
    rounds.pending === null
  ) {
    // The SDK's own refusal, data and all: a client cannot tell someone else's state from a forged one.
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, INVALID_REQUEST_STATE, {
      reason: "invalid_request_state",
    });
  }
  return rounds;
}
