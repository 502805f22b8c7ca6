/**
 * The signed state a round hands the caller and the caller echoes on its retry: the answers so far
 * and the open questions (`CarriedRounds`), bound to who may resume it — the caller's owner key,
 * the tool and a digest of its arguments — and to an expiry. It is an HMAC-SHA256-signed token
 * (`<payload>.<signature>`, both base64url), so it needs no store: any instance with the same key
 * can verify it. A token that was altered, has expired, or is echoed by another caller, for another
 * tool or with other arguments opens to `undefined`, one refusal for all: a caller cannot tell
 * someone else's state from a forged one.
 *
 * The key comes from a transport's setting (every instance behind a balancer needs the same one);
 * without one, a key generated for this process — enough for one instance, and a retry that reaches
 * another instance is refused and starts over.
 *
 * @example
 * ```ts
 * const codec = roundStateCodec({ key: process.env.AXN_REQUEST_STATE_KEY, ttlSeconds: 600 });
 * const token = codec.mint({ owner: "principal:u1", tool: "delete_files", args: argumentsDigest(args) }, rounds.carried());
 * codec.open(token, binding); // the carried rounds, or undefined
 * ```
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { CarriedRounds } from "./input-rounds.js";

/** Who may resume a round, and for which call. */
export interface RoundBinding {
  /** The caller: `principal:<id>`, or a transport's name for an anonymous caller. */
  readonly owner: string;
  readonly tool: string;
  /** `argumentsDigest(args)`. */
  readonly args: string;
}

export interface RoundStateOptions {
  /** The HMAC key, at least 32 characters; `undefined`: this process's own. */
  readonly key?: string | undefined;
  /** How long the caller has to answer. */
  readonly ttlSeconds: number;
  /** The clock, in milliseconds (default `Date.now`). */
  readonly now?: () => number;
}

export interface RoundStateCodec {
  mint(binding: RoundBinding, rounds: CarriedRounds): string;
  /** The carried rounds of a genuine, unexpired token made for this binding; `undefined` otherwise. */
  open(token: string, binding: RoundBinding): CarriedRounds | undefined;
}

/** The shortest key accepted: 256 bits of a random base64 key. */
export const MIN_ROUND_STATE_KEY_LENGTH = 32;

interface Sealed extends RoundBinding {
  readonly exp: number;
  readonly rounds: CarriedRounds;
}

let processKey: string | undefined;

export function roundStateCodec({ key, ttlSeconds, now = Date.now }: RoundStateOptions): RoundStateCodec {
  if (key !== undefined && (typeof key !== "string" || key.length < MIN_ROUND_STATE_KEY_LENGTH)) {
    throw new TypeError(
      `roundStateCodec: the key must be a string of at least ${MIN_ROUND_STATE_KEY_LENGTH} characters (for example \`openssl rand -base64 32\`)`,
    );
  }
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0)
    throw new TypeError(`roundStateCodec: ttlSeconds must be a number of seconds above 0, got ${String(ttlSeconds)}`);
  const secret = key ?? (processKey ??= randomBytes(32).toString("base64url"));
  const sign = (payload: string): Buffer => createHmac("sha256", secret).update(payload).digest();
  return {
    mint(binding, rounds) {
      const sealed: Sealed = {
        owner: binding.owner,
        tool: binding.tool,
        args: binding.args,
        exp: Math.floor(now() / 1000) + ttlSeconds,
        rounds,
      };
      const payload = Buffer.from(JSON.stringify(sealed)).toString("base64url");
      return `${payload}.${sign(payload).toString("base64url")}`;
    },
    open(token, binding) {
      if (typeof token !== "string") return undefined;
      const dot = token.indexOf(".");
      if (dot <= 0) return undefined;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), "base64url");
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      let sealed: Partial<Sealed>;
      try {
        sealed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<Sealed>;
      } catch {
        return undefined;
      }
      if (
        sealed.owner !== binding.owner ||
        sealed.tool !== binding.tool ||
        sealed.args !== binding.args ||
        typeof sealed.exp !== "number" ||
        sealed.exp * 1000 <= now() ||
        !Array.isArray(sealed.rounds?.asked) ||
        !Array.isArray(sealed.rounds?.answers) ||
        typeof sealed.rounds?.pending !== "object"
      )
        return undefined;
      return sealed.rounds;
    },
  };
}
