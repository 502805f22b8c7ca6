/**
 * The transport-neutral rounds engine of @axn/sdk/adapter, driven the way a transport drives it —
 * a real action called with `roundsChannel` as its live channel, `runRounds` around the call — with
 * no transport in between: questions asked together go out in one round; answers are replayed by
 * position, each only to the question it was given for (a body that asks something else there
 * asks again, and every later answer is dropped); the abandoned body's signal says why; the state
 * codec refuses a forged, misbound or expired token, on a clock the spec controls.
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn } from "@axn/core";
import {
  argumentsDigest,
  INPUT_REQUIRED_REASON,
  InputRounds,
  roundStateCodec,
  roundsChannel,
  runRounds,
  type CarriedRounds,
} from "@axn/sdk/adapter";

let wording = "Color?";
let abortedWith: unknown;
const Paint = defineAxn({
  name: "Rounds.Paint",
  exposes: { color: z.string(), size: z.number(), coats: z.number() },
  call: async (_input, { elicit, signal }) => {
    signal.addEventListener("abort", () => (abortedWith = signal.reason), { once: true });
    const [color, size] = await Promise.all([
      elicit(wording, { color: z.string() }, { key: "color" }),
      elicit("Size?", { size: z.number() }),
    ]);
    const coats = await elicit("Coats?", { coats: z.number() }, { key: "coats" });
    if (color.action !== "accept" || size.action !== "accept" || coats.action !== "accept") throw new Error("no");
    return { color: color.content.color, size: size.content.size, coats: coats.content.coats };
  },
});

/** One run of Paint with what the previous round carried and this round's answers. */
async function round(carried?: CarriedRounds, responses?: Record<string, unknown>) {
  const rounds = new InputRounds(carried, responses);
  const outcome = await runRounds(rounds, (signal) => Paint.call({}, { signal, live: roundsChannel(rounds) }));
  return { outcome, questions: Object.keys(rounds.questions()), carried: rounds.carried() };
}

const accept = (content: object) => ({ action: "accept", content });

describe("@axn/sdk/adapter: the rounds engine", () => {
  beforeEach(() => {
    wording = "Color?";
    abortedWith = undefined;
  });

  it("asks what a turn asks together in one round, then the next, then runs to the end", async () => {
    const first = await round();
    expect([first.outcome.done, first.questions]).to.deep.equal([false, ["color", "q1"]]);
    expect(String(abortedWith)).to.equal(INPUT_REQUIRED_REASON);
    const second = await round(first.carried, { color: accept({ color: "red" }), q1: accept({ size: 2 }) });
    expect([second.outcome.done, second.questions]).to.deep.equal([false, ["coats"]]);
    const last = await round(second.carried, { coats: accept({ coats: 3 }) });
    expect(last.outcome.done).to.equal(true);
    const value = (last.outcome as { value: { color: string; size: number; coats: number } }).value;
    expect([value.color, value.size, value.coats]).to.deep.equal(["red", 2, 3]);
  });

  it("replays an answer only to the question it was given for: a changed question asks again, and every later one", async () => {
    const first = await round();
    const second = await round(first.carried, { color: accept({ color: "red" }), q1: accept({ size: 2 }) });
    wording = "Colour?";
    const third = await round(second.carried, { coats: accept({ coats: 3 }) });
    // The first question reads differently now: its answer, and the size after it, no longer apply.
    expect([third.outcome.done, third.questions]).to.deep.equal([false, ["color", "q1"]]);
    expect(third.carried.answers).to.deep.equal([]);
  });

  it("the state codec: opens its own token for the same binding, refuses a forged, misbound or expired one", () => {
    let now = 1_000_000;
    const codec = roundStateCodec({ key: "k".repeat(32), ttlSeconds: 60, now: () => now });
    const binding = { owner: "principal:ada", tool: "paint_v1", args: argumentsDigest({ b: 1, a: 2 }) };
    const carried: CarriedRounds = { asked: ["d"], answers: [{ action: "decline" }], pending: {} };
    const token = codec.mint(binding, carried);
    // The arguments digest ignores key order.
    expect(codec.open(token, { ...binding, args: argumentsDigest({ a: 2, b: 1 }) })).to.deep.equal(carried);
    expect(codec.open(`x${token.slice(1)}`, binding)).to.equal(undefined);
    expect(codec.open(token, { ...binding, owner: "principal:bob" })).to.equal(undefined);
    expect(codec.open(token, { ...binding, tool: "paint_v2" })).to.equal(undefined);
    expect(roundStateCodec({ key: "o".repeat(32), ttlSeconds: 60, now: () => now }).open(token, binding)).to.equal(
      undefined,
    );
    now += 59_000;
    expect(codec.open(token, binding)).to.deep.equal(carried);
    now += 1_000;
    expect(codec.open(token, binding)).to.equal(undefined);
    expect(() => roundStateCodec({ key: "short", ttlSeconds: 60 })).to.throw(
      TypeError,
      "roundStateCodec: the key must be a string of at least 32 characters (for example `openssl rand -base64 32`)",
    );
  });
});
