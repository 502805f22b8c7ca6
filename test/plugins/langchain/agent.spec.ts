import { expect } from "chai";
import { z } from "zod/v3";
import { Factory } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { captureReports } from "../../support/reports.js";
import { runAgent } from "./support/agent.js";

describe("axn-plugin-langchain: a real agent loop (createAgent + FakeToolCallingModel)", () => {
  const reports = captureReports();

  const Transfer = Factory.build(
    {
      name: "LangchainAgent.Transfer",
      description: "Moves money between accounts",
      expects: { amount: z.number().int().positive(), to: z.string() },
      exposes: { reference: z.string(), amount: z.number() },
      messages: { success: "Transfer booked", error: "Could not transfer" },
    },
    ({ amount, to }, ctx) => {
      if (to === "frozen") ctx.fail("the account is frozen");
      return { reference: `T-${to}-${amount}`, amount };
    },
  );
  const transfer = LangchainAdapter.wrap(Transfer);

  it("answers a successful call with the exposes as content and artifact", async () => {
    const [message, ...rest] = await runAgent(
      [transfer],
      [[{ name: transfer.name, args: { amount: 5, to: "acc_1" }, id: "t1" }]],
    );
    expect(rest).to.deep.equal([]);
    expect(message?.status).to.equal("success");
    expect(message?.content).to.equal('{"reference":"T-acc_1-5","amount":5}');
    expect(message?.artifact).to.deep.equal({ reference: "T-acc_1-5", amount: 5 });
  });

  it("lets the model read a business failure and carry on", async () => {
    const messages = await runAgent(
      [transfer],
      [
        [{ name: transfer.name, args: { amount: 5, to: "frozen" }, id: "t1" }],
        [{ name: transfer.name, args: { amount: 5, to: "acc_2" }, id: "t2" }],
      ],
    );
    expect(messages.map((m) => [m.tool_call_id, m.status, m.content])).to.deep.equal([
      ["t1", "error", "Could not transfer: the account is frozen"],
      ["t2", "success", '{"reference":"T-acc_2-5","amount":5}'],
    ]);
  });

  it("answers invalid arguments as an error tool message, and the corrected call in the same run succeeds", async () => {
    const messages = await runAgent(
      [transfer],
      [
        [{ name: transfer.name, args: { amount: -1, to: "acc_3", memo: "rent" }, id: "bad" }],
        [{ name: transfer.name, args: { amount: "7", to: "acc_3" }, id: "good" }],
      ],
    );
    expect(messages.map((m) => [m.tool_call_id, m.status, m.content])).to.deep.equal([
      ["bad", "error", "Could not transfer: amount: Number must be greater than 0; unknown input: memo"],
      ["good", "success", '{"reference":"T-acc_3-7","amount":7}'],
    ]);
    expect(reports).to.deep.equal([]);
  });

  it('presents the action\'s message under presentAs: "message", keeping the artifact', async () => {
    const terse = LangchainAdapter.wrap(Transfer, { presentAs: "message" });
    const [message] = await runAgent([terse], [[{ name: terse.name, args: { amount: 1, to: "acc_4" }, id: "t1" }]]);
    expect([message?.content, message?.artifact]).to.deep.equal([
      "Transfer booked",
      { reference: "T-acc_4-1", amount: 1 },
    ]);
  });

  it("runs two wrapped tools side by side in one model turn", async () => {
    const Echo = Factory.build(
      { name: "LangchainAgent.Echo", expects: { text: z.string() }, exposes: { text: z.string() } },
      ({ text }) => ({ text }),
    );
    const echo = LangchainAdapter.wrap(Echo);
    const messages = await runAgent(
      [transfer, echo],
      [
        [
          { name: echo.name, args: { text: "hi" }, id: "e1" },
          { name: transfer.name, args: { amount: 2, to: "acc_5" }, id: "t1" },
        ],
      ],
    );
    expect(messages.map((m) => [m.name, m.content]).sort()).to.deep.equal([
      ["langchain_agent_echo", '{"text":"hi"}'],
      ["langchain_agent_transfer", '{"reference":"T-acc_5-2","amount":2}'],
    ]);
  });
});
