import { expect } from "chai";
import { z } from "zod/v3";
import { Factory } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { captureReports } from "../../support/reports.js";
import { runAgent } from "./support/agent.js";

function call(name: string, args: Record<string, unknown>) {
  return { name, args, id: "call_1", type: "tool_call" as const };
}

describe("axn-plugin-langchain: cancellation", () => {
  captureReports();

  /** A slow action that records what it saw of the abort signal, and ignores it (the worst case). */
  function slowAction(seen: { started: number; aborted: boolean[] }) {
    return Factory.build({ name: "LangchainCancel.Slow", expects: { ms: z.number().int() } }, async ({ ms }, ctx) => {
      seen.started += 1;
      await new Promise((resolve) => setTimeout(resolve, ms));
      seen.aborted.push(ctx.signal.aborted);
    });
  }

  it("passes the run's signal to the action and ends the tool promptly when it aborts", async () => {
    const seen = { started: 0, aborted: [] as boolean[] };
    const tool = LangchainAdapter.wrap(slowAction(seen));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user pressed stop")), 20);
    const started = Date.now();
    let thrown: unknown;
    try {
      await tool.invoke(call(tool.name, { ms: 400 }), { signal: controller.signal });
    } catch (error) {
      thrown = error;
    }
    expect(Date.now() - started).to.be.below(300);
    expect(thrown).to.be.instanceOf(Error).with.property("message", "user pressed stop");
    await new Promise((resolve) => setTimeout(resolve, 420));
    // The body kept running (it ignored the signal) but saw it aborted: ctx.signal is the run's.
    expect(seen.aborted).to.deep.equal([true]);
  });

  it("does not start the action when the run is already aborted", async () => {
    const seen = { started: 0, aborted: [] as boolean[] };
    const tool = LangchainAdapter.wrap(slowAction(seen));
    let thrown: unknown;
    try {
      await tool.invoke(call(tool.name, { ms: 1 }), { signal: AbortSignal.abort(new Error("cancelled")) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(Error).with.property("message", "cancelled");
    expect(seen.started).to.equal(0);
  });

  it("ends an agent run aborted while a tool is running, without waiting for the tool", async () => {
    const seen = { started: 0, aborted: [] as boolean[] };
    const tool = LangchainAdapter.wrap(slowAction(seen));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("run cancelled")), 30);
    const started = Date.now();
    let thrown: unknown;
    try {
      await runAgent([tool], [[{ name: tool.name, args: { ms: 500 }, id: "slow" }]], { signal: controller.signal });
    } catch (error) {
      thrown = error;
    }
    expect(Date.now() - started).to.be.below(400);
    expect(thrown).to.be.instanceOf(Error);
    expect(seen.started).to.equal(1);
  });
});
