/**
 * docs/plugins/langchain.md §6's interrupt example (docs/examples/snippets/langchain-interrupt.ts),
 * run as written against a real `createAgent` + `MemorySaver`: the interrupt value the page shows,
 * the second question, the tool's reply, and one booking.
 */
import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Command, MemorySaver } from "@langchain/langgraph";
import type { ToolMessage } from "@langchain/core/messages";
import { createAgent, FakeToolCallingModel } from "langchain";
import { LangchainAdapter } from "axn-plugin-langchain";
import { BookRoom } from "../../../docs/examples/snippets/ask.js";
import { bookThroughInterrupts } from "../../../docs/examples/snippets/langchain-interrupt.js";
import { captureReports } from "../../support/reports.js";

describe("docs/plugins/langchain.md: ctx.elicit as LangGraph interrupts", () => {
  const reports = captureReports();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "axn-lc-interrupt-"));
    process.env.BOOKINGS_FILE = join(dir, "bookings.log");
  });
  afterEach(() => {
    delete process.env.BOOKINGS_FILE;
    rmSync(dir, { recursive: true, force: true });
  });

  it("pauses at each question with the page's interrupt value and books once on the last resume", async () => {
    expect(await bookThroughInterrupts()).to.deep.equal({
      first: {
        kind: "elicit",
        message: "Book room blue?",
        requestedSchema: {
          type: "object",
          properties: { confirm: { type: "boolean", description: "Book it" } },
          required: ["confirm"],
        },
        key: "confirm",
        tool: "ask_book_room",
        toolCallId: "call_1",
      },
      second: "Who is it for?",
      reply: '{"booking":"Room blue booked for Ada"}',
    });
    expect(readFileSync(join(dir, "bookings.log"), "utf8")).to.equal("blue for Ada\n");
    expect(reports).to.deep.equal([]);
  });

  it("ends the call with the page's error tool message when the resumed answer does not fit the form", async () => {
    const tool = LangchainAdapter.wrap(BookRoom);
    const model = new FakeToolCallingModel({
      toolCalls: [[{ name: tool.name, args: { room: "blue" }, id: "c1" }], []],
    });
    const agent = createAgent({ model, tools: [tool], checkpointer: new MemorySaver() });
    const thread = { configurable: { thread_id: "wrong-answer" } };
    await agent.invoke({ messages: [{ role: "user", content: "Book the blue room" }] }, thread);
    const done = await agent.invoke(new Command({ resume: { confirm: "maybe" } }), thread);
    const replies = done.messages.filter((m): m is ToolMessage => m.getType() === "tool");
    expect(replies.map((m) => [m.status, m.content])).to.deep.equal([
      ["error", "Could not book the room: confirm: Invalid input: expected boolean, received string"],
    ]);
    expect(reports).to.deep.equal([]);
  });
});
