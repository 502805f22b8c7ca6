/**
 * Call deadlines (sdk/src/adapter/deadline.ts, used by `toolPipeline`): every call with the same
 * timeout shares one timer, armed for the oldest pending deadline. Each call still times out at
 * its own deadline — never at another call's — a settled call's deadline never fires, and the
 * shared timer holds the process exactly while some deadline is pending.
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { Factory } from "@axn/core";
import { toolPipeline, type ToolFailure, type ToolFailureKind } from "@axn/sdk/adapter";
import { servingConfig } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";

type Reply = string;
const mapping = {
  success: (): Reply => "answered",
  failure: (failure: ToolFailure, kind: ToolFailureKind): Reply => `${kind}: ${failure.error}`,
};

/** A body that waits until released (or aborted), recording its signal's abort. */
function gate() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const aborted: string[] = [];
  const action = Factory.build({ name: "DeadlineSpec.Gate" }, async (_input, ctx) => {
    const signal = ctx.signal;
    signal.addEventListener("abort", () => aborted.push((signal.reason as Error).name), { once: true });
    await Promise.race([released, new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }))]);
  });
  return { action, release, aborted };
}

const until = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe("toolPipeline deadlines (one shared timer per duration)", () => {
  afterEach(() => resetKernel());

  it("sixteen calls in flight under one timeout: those still running at it time out, those released before answer", async () => {
    servingConfig.configure((c) => (c.callTimeoutMs = 150));
    const gates = Array.from({ length: 16 }, () => gate());
    const replies = gates.map(({ action }) => toolPipeline(action, mapping, { toolName: "gate" })({}));
    for (const [index, { release }] of gates.entries()) if (index % 2 === 0) release();
    expect(await Promise.all(replies)).to.deep.equal(
      gates.map((_, index) => (index % 2 === 0 ? "answered" : "timeout: Tool gate timed out after 150 ms")),
    );
    expect(gates.map(({ aborted }) => aborted)).to.deep.equal(
      gates.map((_, index) => (index % 2 === 0 ? [] : ["TimeoutError"])),
    );
  });

  it("a call started later is not timed out by an earlier call's deadline", async () => {
    servingConfig.configure((c) => (c.callTimeoutMs = 300));
    const first = gate();
    const second = gate();
    const order: string[] = [];
    const firstReply = toolPipeline(first.action, mapping, { toolName: "first" })({}).then((reply) => {
      order.push("first");
      return reply;
    });
    await until(150);
    const secondReply = toolPipeline(second.action, mapping, { toolName: "second" })({}).then((reply) => {
      order.push("second");
      return reply;
    });
    expect(await firstReply).to.equal("timeout: Tool first timed out after 300 ms");
    // When the first deadline passed, the second call had half its time left: still running.
    expect(order).to.deep.equal(["first"]);
    expect(second.aborted).to.deep.equal([]);
    second.release();
    expect(await secondReply).to.equal("answered");
  });

  it("calls under different timeouts each keep their own", async () => {
    const Short = gate();
    const Long = gate();
    const short = Factory.build(
      { name: "DeadlineSpec.Short", configure: { serve: { callTimeoutMs: 100 } } },
      (input, ctx) => Short.action.call(input, { signal: ctx.signal }).then(() => undefined),
    );
    const long = Factory.build(
      { name: "DeadlineSpec.Long", configure: { serve: { callTimeoutMs: 60_000 } } },
      (input, ctx) => Long.action.call(input, { signal: ctx.signal }).then(() => undefined),
    );
    const longReply = toolPipeline(long, mapping, { toolName: "long" })({});
    expect(await toolPipeline(short, mapping, { toolName: "short" })({})).to.equal(
      "timeout: Tool short timed out after 100 ms",
    );
    Long.release();
    expect(await longReply).to.equal("answered");
  });

  describe("in a process of its own", () => {
    const child = fileURLToPath(new URL("./fixtures/deadline-child.ts", import.meta.url));
    const run = (mode: string): Promise<{ code: number; stdout: string }> =>
      new Promise((resolve) =>
        execFile(process.execPath, ["--import", "tsx", child, mode], (error, stdout) =>
          resolve({ code: error === null ? 0 : Number(error.code), stdout }),
        ),
      );

    it("exits once its only call has answered, though that call's 10-minute deadline is still ahead", async () => {
      expect(await run("settles")).to.deep.equal({ code: 0, stdout: "answered\n" });
    });

    it("stays alive for a call whose body never settles, until its deadline answers it", async () => {
      expect(await run("hangs")).to.deep.equal({ code: 0, stdout: "Tool DeadlineChild.Work timed out after 200 ms\n" });
    });
  });
});
