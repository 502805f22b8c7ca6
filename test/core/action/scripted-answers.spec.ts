/**
 * @axn/sdk/testing's `scriptedAnswers` and `rerunWithAnswers`, and core's `answerGiven` they read
 * answers with: every shape of a given answer, a question the script has no answer for (a reported
 * exception with the sentence the docs show), and a re-run whose abandoned runs see their signal
 * abort with `RERUN_REASON` and `ctx.answered` count up.
 */
import { expect } from "chai";
import { z } from "zod";
import { answerGiven, defineAxn } from "@axn/core";
import { RERUN_REASON, rerunWithAnswers, scriptedAnswers } from "@axn/sdk/testing";
import { captureReports } from "../../support/reports.js";

describe("@axn/sdk/testing: answering a body's questions from a script", () => {
  const reports = captureReports();

  const runs: { answered: number; aborted?: unknown }[] = [];
  const Pick = defineAxn({
    name: "Scripted.Pick",
    exposes: { color: z.string(), size: z.number() },
    messages: { error: "Could not pick" },
    call: async (_input, { elicit, answered, signal, fail }) => {
      const run: { answered: number; aborted?: unknown } = { answered };
      runs.push(run);
      signal.addEventListener("abort", () => void (run.aborted = signal.reason), { once: true });
      const color = await elicit("Color?", { color: z.enum(["red", "blue"]) });
      if (color.action !== "accept") return fail(`color ${color.action}`);
      const size = await elicit("Size?", { size: z.number().int() });
      if (size.action !== "accept") return fail(`size ${size.action}`);
      return { color: color.content.color, size: size.content.size };
    },
  });
  beforeEach(() => {
    runs.length = 0;
  });

  it("answerGiven reads the filled form, the explicit choices, and hands anything else to validation", () => {
    expect(answerGiven({ color: "red" })).to.deep.equal({ action: "accept", content: { color: "red" } });
    expect(answerGiven({ action: "accept", content: { color: "red" } })).to.deep.equal({
      action: "accept",
      content: { color: "red" },
    });
    expect(answerGiven({ action: "accept" })).to.deep.equal({ action: "accept", content: {} });
    expect(answerGiven({ action: "decline" })).to.deep.equal({ action: "decline" });
    expect(answerGiven({ action: "cancel", content: { x: 1 } })).to.deep.equal({ action: "cancel" });
    expect(answerGiven("red")).to.deep.equal({ action: "accept", content: "red" });
  });

  it("scriptedAnswers answers in place, in order, and records every question", async () => {
    const live = scriptedAnswers([{ color: "blue" }, { action: "accept", content: { size: "3" } }]);
    const result = await Pick.call({}, { live });
    expect([result.ok, result.exposedValues]).to.deep.equal([true, { color: "blue", size: 3 }]);
    expect(live.asked.map((question) => [question.message, question.requestedSchema])).to.deep.equal([
      [
        "Color?",
        { type: "object", properties: { color: { type: "string", enum: ["red", "blue"] } }, required: ["color"] },
      ],
      ["Size?", { type: "object", properties: { size: { type: "integer" } }, required: ["size"] }],
    ]);
    expect(runs).to.deep.equal([{ answered: 0 }]);
  });

  it("a declined answer is the body's outcome; an answer that does not fit the form fails naming the field", async () => {
    expect((await Pick.call({}, { live: scriptedAnswers([{ action: "decline" }]) })).error).to.equal(
      "Could not pick: color decline",
    );
    expect((await Pick.call({}, { live: scriptedAnswers([{ color: "green" }]) })).error).to.equal(
      'Could not pick: color: Invalid option: expected one of "red"|"blue"',
    );
    expect(reports).to.deep.equal([]);
  });

  it("a question the script has no answer for fails the call, reported with the sentence the docs show", async () => {
    const result = await Pick.call({}, { live: scriptedAnswers([{ color: "red" }]) });
    expect(result.outcome).to.equal("exception");
    expect(reports.map((report) => (report.error as Error).message)).to.deep.equal([
      'scriptedAnswers: the body asked question 2 ("Size?") but the script has 1 answer; add one for it',
    ]);
  });

  it("rerunWithAnswers abandons each run at its unanswered question and runs again with one more answer", async () => {
    const {
      result,
      runs: count,
      asked,
    } = await rerunWithAnswers((live, signal) => Pick.call({}, { live, signal }), [{ color: "red" }, { size: 2 }]);
    expect([result.ok, result.exposedValues, count]).to.deep.equal([true, { color: "red", size: 2 }, 3]);
    expect(asked.map((question) => question.message)).to.deep.equal(["Color?", "Color?", "Size?", "Color?", "Size?"]);
    expect(runs).to.deep.equal([
      { answered: 0, aborted: RERUN_REASON },
      { answered: 1, aborted: RERUN_REASON },
      { answered: 2 },
    ]);
    expect(RERUN_REASON).to.equal("input required: the call runs again with the answer");
  });

  it("rerunWithAnswers fails the call at a question beyond the script", async () => {
    const { result, runs: count } = await rerunWithAnswers(
      (live, signal) => Pick.call({}, { live, signal }),
      [{ color: "red" }],
    );
    expect([result.outcome, count]).to.deep.equal(["exception", 2]);
    expect(reports.map((report) => (report.error as Error).message)).to.deep.equal([
      'scriptedAnswers: the body asked question 2 ("Size?") but the script has 1 answer; add one for it',
    ]);
  });
});
