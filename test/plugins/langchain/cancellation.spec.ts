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

  /**
   * An action that holds until the spec releases it, records what it saw of the abort signal, and
   * ignores it (the worst case). `started` resolves once the body runs; `finished` once it returns.
   */
  function heldAction() {
    let release!: () => void;
    let markStarted!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    let markFinished!: () => void;
    const finished = new Promise<void>((resolve) => (markFinished = resolve));
    const seen = { started: 0, aborted: [] as boolean[] };
    const action = Factory.build(
      { name: "LangchainCancel.Slow", expects: { ms: z.number().int() } },
      async (_input, ctx) => {
        seen.started += 1;
        markStarted();
        await released;
        seen.aborted.push(ctx.signal.aborted);
        markFinished();
      },
    );
    return { action, seen, started, release, finished };
  }

  it("passes the run's signal to the action and ends the tool while the body is still running when it aborts", async () => {
    const held = heldAction();
    const tool = LangchainAdapter.wrap(held.action);
    const controller = new AbortController();
    void held.started.then(() => controller.abort(new Error("user pressed stop")));
    let thrown: unknown;
    try {
      await tool.invoke(call(tool.name, { ms: 400 }), { signal: controller.signal });
    } catch (error) {
      thrown = error;
    }
    // The tool ended although the body has not returned (it waits for the release below).
    expect(held.seen.aborted).to.deep.equal([]);
    expect(thrown).to.be.instanceOf(Error).with.property("message", "user pressed stop");
    held.release();
    await held.finished;
    // The body kept running (it ignored the signal) but saw it aborted: ctx.signal is the run's.
    expect(held.seen.aborted).to.deep.equal([true]);
  });

  it("does not start the action when the run is already aborted", async () => {
    const held = heldAction();
    const tool = LangchainAdapter.wrap(held.action);
    let thrown: unknown;
    try {
      await tool.invoke(call(tool.name, { ms: 1 }), { signal: AbortSignal.abort(new Error("cancelled")) });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).to.be.instanceOf(Error).with.property("message", "cancelled");
    expect(held.seen.started).to.equal(0);
  });

  it("ends an agent run aborted while a tool is running, without waiting for the tool", async () => {
    const held = heldAction();
    const tool = LangchainAdapter.wrap(held.action);
    const controller = new AbortController();
    void held.started.then(() => controller.abort(new Error("run cancelled")));
    let thrown: unknown;
    try {
      await runAgent([tool], [[{ name: tool.name, args: { ms: 500 }, id: "slow" }]], { signal: controller.signal });
    } catch (error) {
      thrown = error;
    }
    // The run ended while the tool's body is still held: it did not wait for the tool.
    expect(held.seen.aborted).to.deep.equal([]);
    expect(thrown).to.be.instanceOf(Error);
    expect(held.seen.started).to.equal(1);
    held.release();
    await held.finished;
  });
});
