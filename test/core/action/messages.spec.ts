import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, type Messages } from "@axn/core";
import { captureReports } from "../../support/reports.js";

class CardError extends Error {}
class NetworkError extends Error {}

async function errorOf(
  messages: Messages<{}> | undefined,
  body: (fail: (r?: string, o?: { standalone?: boolean }) => never) => void,
): Promise<string | undefined> {
  const A = defineAxn({
    name: "Msg",
    ...(messages === undefined ? {} : { messages }),
    call: (_i, ctx) => body(ctx.fail),
  });
  return (await A.call({})).error;
}

describe("message composition", () => {
  captureReports();

  const table: [
    string,
    Messages<{}> | undefined,
    (fail: (r?: string, o?: { standalone?: boolean }) => never) => void,
    string,
  ][] = [
    ["no messages, fail()", undefined, (fail) => fail(), "Something went wrong"],
    ["no headline, fail(reason): the reason stands alone", undefined, (fail) => fail("card declined"), "card declined"],
    ["headline only", { error: "Charge failed" }, (fail) => fail(), "Charge failed"],
    [
      "headline + fail(reason)",
      { error: "Charge failed" },
      (fail) => fail("card declined"),
      "Charge failed: card declined",
    ],
    [
      "standalone drops the headline",
      { error: "Charge failed" },
      (fail) => fail("card declined", { standalone: true }),
      "card declined",
    ],
    [
      "join separator",
      { error: "Charge failed", join: " — " },
      (fail) => fail("card declined"),
      "Charge failed — card declined",
    ],
    [
      "join function",
      { error: "Charge failed", join: (h, r) => `${r} (${h})` },
      (fail) => fail("card declined"),
      "card declined (Charge failed)",
    ],
    [
      "exception with no entries: headline",
      { error: "Charge failed" },
      () => {
        throw new CardError("raw secret");
      },
      "Charge failed",
    ],
    [
      "exception with no messages: default, raw message never shown",
      undefined,
      () => {
        throw new CardError("raw secret");
      },
      "Something went wrong",
    ],
    [
      "matching class entry is a reason",
      { error: "Charge failed", errors: [{ when: CardError, message: "card declined" }] },
      () => {
        throw new CardError("x");
      },
      "Charge failed: card declined",
    ],
    [
      "predicate entry",
      { error: "Charge failed", errors: [{ when: (e) => e.message === "timeout", message: "try again" }] },
      () => {
        throw new NetworkError("timeout");
      },
      "Charge failed: try again",
    ],
    [
      "standalone entry",
      { error: "Charge failed", errors: [{ when: CardError, message: "Your card was declined", standalone: true }] },
      () => {
        throw new CardError("x");
      },
      "Your card was declined",
    ],
    [
      "most recently declared match wins",
      {
        error: "E",
        errors: [
          { when: Error, message: "generic" },
          { when: CardError, message: "card" },
        ],
      },
      () => {
        throw new CardError("x");
      },
      "E: card",
    ],
    [
      "the later generic entry wins over an earlier specific one",
      {
        error: "E",
        errors: [
          { when: CardError, message: "card" },
          { when: Error, message: "generic" },
        ],
      },
      () => {
        throw new CardError("x");
      },
      "E: generic",
    ],
    [
      "non-matching entry falls back to the headline",
      { error: "E", errors: [{ when: NetworkError, message: "net" }] },
      () => {
        throw new CardError("x");
      },
      "E",
    ],
    [
      "author opts in to the raw message",
      { error: "E", errors: [{ when: CardError, message: (e) => e.message }] },
      () => {
        throw new CardError("declined by issuer");
      },
      "E: declined by issuer",
    ],
    [
      "headline as a function of the error",
      { error: (e) => `Failed (${e.name})` },
      () => {
        throw new CardError("x");
      },
      "Failed (Error)",
    ],
  ];

  for (const [label, messages, body, expected] of table) {
    it(label, async () => {
      expect(await errorOf(messages, body)).to.equal(expected);
    });
  }

  it("success headline, conditional success reasons and the default", async () => {
    const exposes = { n: z.number() };
    const mk = (messages?: Messages<typeof exposes>) =>
      defineAxn({ name: "S", exposes, ...(messages ? { messages } : {}), call: () => ({ n: 2 }) });
    expect((await mk().call({})).success).to.equal("Action completed successfully");
    expect((await mk({ success: "Done" }).call({})).success).to.equal("Done");
    expect((await mk({ success: (x) => `Got ${x.n}` }).call({})).success).to.equal("Got 2");
    expect(
      (await mk({ success: "Done", successes: [{ when: (x) => x.n > 1, message: "many" }] }).call({})).success,
    ).to.equal("Done: many");
    expect((await mk({ successes: [{ when: (x) => x.n > 1, message: "many" }] }).call({})).success).to.equal("many");
  });

  it("a nested callOrThrow prefixes each level's headline", async () => {
    const Charge = defineAxn({
      name: "Charge",
      messages: { error: "Charge failed" },
      call: (_i, ctx) => ctx.fail("card declined"),
    });
    const Onboard = defineAxn({
      name: "Onboard",
      messages: { error: "Onboarding failed" },
      call: async () => {
        await Charge.callOrThrow({});
      },
    });
    const result = await Onboard.call({});
    expect(result.outcome).to.equal("failure");
    expect(result.error).to.equal("Onboarding failed: Charge failed: card declined");
  });
});

describe("failsOn and ownedFailure", () => {
  const reports = captureReports();
  class CardDeclined extends Error {}

  it("failsOn settles a matching exception as a failure: not reported, message not leaked", async () => {
    const { ownedFailure } = await import("@axn/core");
    const Charge = defineAxn({
      name: "FailsOnCharge",
      failsOn: [CardDeclined, (e) => e.message === "insufficient funds"],
      messages: { error: "Charge failed", errors: [{ when: CardDeclined, message: "card declined" }] },
      expects: { kind: z.string() },
      call: ({ kind }) => {
        if (kind === "card") throw new CardDeclined("issuer said 05");
        if (kind === "funds") throw new Error("insufficient funds");
        throw new Error("db down");
      },
    });
    const card = await Charge.call({ kind: "card" });
    expect([card.outcome, card.error]).to.deep.equal(["failure", "Charge failed: card declined"]);
    const funds = await Charge.call({ kind: "funds" });
    expect([funds.outcome, funds.error]).to.deep.equal(["failure", "Charge failed"]);
    expect(reports).to.have.length(0);
    expect(ownedFailure(card.exception)).to.equal(false);
    const other = await Charge.call({ kind: "other" });
    expect(other.outcome).to.equal("exception");
    expect(reports).to.have.length(1);
    const failed = await defineAxn({ name: "Owned", call: (_i, ctx) => ctx.fail("x") }).call({});
    expect(ownedFailure(failed.exception)).to.equal(true);
  });
});
