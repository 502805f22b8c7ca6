/**
 * `withCallSlot` (@axn/sdk/adapter) inside another library's loop, as docs/adapter-authoring.md
 * shows it (docs/examples/snippets/loop-tool.ts): the tool calls of a real
 * LangGraph run (`createAgent` with `FakeToolCallingModel`, plain LangChain `tool()`s — the shape
 * of a chat endpoint that is not axn-plugin-langchain) each take a slot of the serving policy's
 * cap, are answered busy when none is free, get their own deadline, and keep their slot while a
 * body answered at its deadline runs on.
 */
import { expect } from "chai";
import { toolPipeline, withCallSlot, type CallSlots } from "@axn/sdk/adapter";
import { BUSY_MESSAGE, servingPolicy } from "@axn/sdk/serving";
import { buildAxn, resetKernel } from "@axn/sdk/testing";
import { loopTool } from "../../docs/examples/snippets/loop-tool.js";
import { runAgent } from "../plugins/langchain/support/agent.js";

/** A gate a body waits on until the test opens it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The serving policy's slots, calling `onBusy` when a call finds none free. */
function slots(max: number, onBusy: () => void): CallSlots {
  const serving = servingPolicy({ maxConcurrentCalls: max });
  return {
    acquireCall: () => {
      const release = serving.acquireCall();
      if (release === undefined) onBusy();
      return release;
    },
  };
}

describe("withCallSlot: a slot and a deadline per tool call made inside a LangGraph run", () => {
  beforeEach(resetKernel);
  after(resetKernel);

  it("answers a tool call busy while another call of the same run holds the server's only slot", async () => {
    const held = gate();
    const waiting = buildAxn({
      name: "SlotWaiting",
      messages: { success: "waited" },
      call: async () => {
        await held.opened;
      },
    });
    // The busy answer opens the gate, so the call holding the slot then finishes.
    const serving = slots(1, held.open);
    const tools = [loopTool(waiting, "wait_a", serving), loopTool(waiting, "wait_b", serving)];
    const messages = await runAgent(tools, [
      [
        { name: "wait_a", args: {}, id: "a" },
        { name: "wait_b", args: {}, id: "b" },
      ],
    ]);
    expect(messages.map((message) => message.content)).to.deep.equal(["waited", `Error: ${BUSY_MESSAGE}`]);
  });

  it("answers a call past its callTimeoutMs at once, and keeps its slot until the overdue body ends", async () => {
    const body = gate();
    let bodyEnded = false;
    const overrunning = buildAxn({
      name: "SlotOverrunning",
      configure: { serve: { callTimeoutMs: 50 } },
      messages: { success: "finished" },
      // Ignores its signal: only the gate ends it.
      call: async () => {
        await body.opened;
        bodyEnded = true;
      },
    });
    const echo = buildAxn({ name: "SlotEcho", messages: { success: "echoed" }, call: () => undefined });
    let busyWhileOverdue: boolean | undefined;
    const onBusy = (): void => {
      busyWhileOverdue = !bodyEnded;
      body.open();
    };
    const serving = slots(1, onBusy);
    const messages = await runAgent(
      [loopTool(overrunning, "overrun", serving), loopTool(echo, "echo", serving)],
      [[{ name: "overrun", args: {}, id: "1" }], [{ name: "echo", args: {}, id: "2" }]],
    );
    expect(messages.map((message) => message.content)).to.deep.equal([
      "Error: Tool SlotOverrunning timed out after 50 ms",
      `Error: ${BUSY_MESSAGE}`,
    ]);
    expect(busyWhileOverdue).to.equal(true);
    // Once the overdue body ended, its slot is free again.
    await body.opened;
    const after = await runAgent([loopTool(echo, "echo", serving)], [[{ name: "echo", args: {}, id: "3" }]]);
    expect(after.map((message) => message.content)).to.deep.equal(["echoed"]);
  });

  it("says what to pass when it is not given a pipeline and a serving policy", () => {
    expect(() => withCallSlot(undefined as never, servingPolicy(), () => "busy")).to.throw(
      TypeError,
      "withCallSlot: the first argument must be a toolPipeline(...)",
    );
    const run = toolPipeline(buildAxn({ name: "SlotAny", call: () => undefined }), {
      success: () => "ok",
      failure: () => "no",
    });
    expect(() => withCallSlot(run, {} as never, () => "busy")).to.throw(
      TypeError,
      "withCallSlot: the second argument must have acquireCall() (the serving policy from start({ serving }))",
    );
  });
});
