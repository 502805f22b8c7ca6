/**
 * `ctx.elicit` inside a LangGraph run that can pause: a real `createAgent` with a `MemorySaver`
 * checkpointer and `langchain`'s `FakeToolCallingModel`. The question is the run's `__interrupt__`
 * (message, form, tool call), `new Command({ resume })` answers it, LangGraph runs the tool again
 * and the body — abandoned at its question, its signal aborted — runs again with the answer
 * (`ctx.answered` says how many it starts with); the side effect after the questions happens once.
 * Two tool calls of one turn pause with two interrupts, resumed by id; a `StateGraph` with LangGraph's
 * own `ToolNode` pauses the same way. Outside a graph that can resume (a bare `invoke`, no
 * checkpointer) the question stays `unavailable`.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { Command, END, MemorySaver, MessagesAnnotation, START, StateGraph } from "@langchain/langgraph";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { AIMessage } from "@langchain/core/messages";
import type { ToolMessage } from "@langchain/core/messages";
import { createAgent, FakeToolCallingModel } from "langchain";
import { defineAxn } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { resetKernel } from "@axn/sdk/testing";
import { captureReports } from "../../support/reports.js";

interface Seen {
  runs: number[];
  booked: string[];
  aborted: unknown[];
}

function bookingAction(seen: Seen) {
  return defineAxn({
    name: "LangchainInterrupt.Book",
    description: "Books a room after asking who it is for",
    expects: { room: z.string() },
    exposes: { booking: z.string() },
    messages: { error: "Could not book" },
    call: async ({ room }, ctx) => {
      seen.runs.push(ctx.answered);
      ctx.signal.addEventListener("abort", () => seen.aborted.push(ctx.signal.reason), { once: true });
      const confirm = await ctx.elicit(`Book ${room}?`, { confirm: z.boolean().describe("Go ahead") });
      if (confirm.action !== "accept") return ctx.fail(`the user answered ${confirm.action}`);
      if (!confirm.content.confirm) return ctx.fail("the user said no");
      const who = await ctx.elicit("Who is it for?", { name: z.string().min(1) }, { key: "guest" });
      if (who.action !== "accept") return ctx.fail(`the user answered ${who.action}`);
      seen.booked.push(`${room}:${who.content.name}`);
      return { booking: `${room} for ${who.content.name}` };
    },
  });
}

const BOOK_SCHEMA = {
  type: "object",
  properties: { confirm: { type: "boolean", description: "Go ahead" } },
  required: ["confirm"],
};
const GUEST_SCHEMA = { type: "object", properties: { name: { type: "string", minLength: 1 } }, required: ["name"] };

function agentFor(seen: Seen, checkpointer: MemorySaver | null = new MemorySaver()) {
  const tool = LangchainAdapter.wrap(bookingAction(seen));
  const model = new FakeToolCallingModel({ toolCalls: [[{ name: tool.name, args: { room: "blue" }, id: "b1" }], []] });
  const agent = createAgent({ model, tools: [tool], ...(checkpointer === null ? {} : { checkpointer }) });
  return { agent, tool };
}

/** The messages of the questions a graph's result paused at (a `StateGraph`'s result type leaves `__interrupt__` out). */
const questionsOf = (state: unknown): string[] =>
  ((state as { __interrupt__?: { value: { message: string } }[] }).__interrupt__ ?? []).map((i) => i.value.message);
const thread = (id: string) => ({ configurable: { thread_id: id } });
const toolMessages = (state: { messages: { getType(): string }[] }) =>
  state.messages.filter((m): m is ToolMessage => m.getType() === "tool").map((m) => [m.status, m.content]);

describe("axn-plugin-langchain: ctx.elicit as a LangGraph interrupt (createAgent + MemorySaver)", () => {
  const reports = captureReports();
  afterEach(resetKernel);

  it("pauses the run with the question, resumes with each answer, and books exactly once", async () => {
    const seen: Seen = { runs: [], booked: [], aborted: [] };
    const { agent, tool } = agentFor(seen);
    const first = await agent.invoke({ messages: [{ role: "user", content: "book" }] }, thread("t1"));
    expect(first.__interrupt__?.map((i) => i.value)).to.deep.equal([
      { kind: "elicit", message: "Book blue?", requestedSchema: BOOK_SCHEMA, tool: tool.name, toolCallId: "b1" },
    ]);
    expect(toolMessages(first)).to.deep.equal([]);
    const second = await agent.invoke(new Command({ resume: { confirm: true } }), thread("t1"));
    expect(second.__interrupt__?.map((i) => i.value)).to.deep.equal([
      {
        kind: "elicit",
        message: "Who is it for?",
        requestedSchema: GUEST_SCHEMA,
        key: "guest",
        tool: tool.name,
        toolCallId: "b1",
      },
    ]);
    const last = await agent.invoke(
      new Command({ resume: { action: "accept", content: { name: "Ada" } } }),
      thread("t1"),
    );
    expect(last.__interrupt__).to.equal(undefined);
    expect(toolMessages(last)).to.deep.equal([["success", '{"booking":"blue for Ada"}']]);
    expect(seen.booked).to.deep.equal(["blue:Ada"]);
    // Three runs of the body, each starting with the answers so far; the two left at a question were aborted.
    expect(seen.runs).to.deep.equal([0, 1, 2]);
    expect(seen.aborted).to.deep.equal([
      "interrupted: the graph paused for the user's answer and runs the tool again on resume",
      "interrupted: the graph paused for the user's answer and runs the tool again on resume",
    ]);
    expect(reports).to.deep.equal([]);
  });

  it("is the body's declined and cancelled outcome when the resume says so", async () => {
    for (const action of ["decline", "cancel"] as const) {
      const seen: Seen = { runs: [], booked: [], aborted: [] };
      const { agent } = agentFor(seen);
      await agent.invoke({ messages: [{ role: "user", content: "book" }] }, thread(action));
      const last = await agent.invoke(new Command({ resume: { action } }), thread(action));
      expect(toolMessages(last)).to.deep.equal([["error", `Could not book: the user answered ${action}`]]);
      expect(seen.booked).to.deep.equal([]);
    }
  });

  it("validates the resumed answer against the form, naming the field", async () => {
    const seen: Seen = { runs: [], booked: [], aborted: [] };
    const { agent } = agentFor(seen);
    await agent.invoke({ messages: [{ role: "user", content: "book" }] }, thread("bad"));
    const last = await agent.invoke(new Command({ resume: { confirm: "maybe" } }), thread("bad"));
    expect(toolMessages(last)).to.deep.equal([["error", "Could not book: confirm: Expected boolean, received string"]]);
    expect(seen.booked).to.deep.equal([]);
    expect(reports).to.deep.equal([]);
  });

  it("answers unavailable outside a graph that can resume: a bare invoke, and an agent with no checkpointer", async () => {
    const seen: Seen = { runs: [], booked: [], aborted: [] };
    const { agent, tool } = agentFor(seen, null);
    expect(await tool.invoke({ room: "red" })).to.equal("Could not book: the user answered unavailable");
    const state = await agent.invoke({ messages: [{ role: "user", content: "book" }] });
    expect(state.__interrupt__).to.equal(undefined);
    expect(toolMessages(state)).to.deep.equal([["error", "Could not book: the user answered unavailable"]]);
    expect(seen.runs).to.deep.equal([0, 0]);
  });

  it("pauses two tool calls of one turn with two interrupts, each resumed by its id, and carries the form as response_schema", async () => {
    const seen: Seen = { runs: [], booked: [], aborted: [] };
    const tool = LangchainAdapter.wrap(bookingAction(seen));
    const model = new FakeToolCallingModel({
      toolCalls: [
        [
          { name: tool.name, args: { room: "blue" }, id: "b1" },
          { name: tool.name, args: { room: "red" }, id: "r1" },
        ],
        [],
      ],
    });
    const agent = createAgent({ model, tools: [tool], checkpointer: new MemorySaver() });
    const first = await agent.invoke({ messages: [{ role: "user", content: "book both" }] }, thread("two"));
    const pending = first.__interrupt__ ?? [];
    expect(
      pending.map((i) => [
        (i.value as { toolCallId: string }).toolCallId,
        (i as { response_schema?: unknown }).response_schema,
      ]),
    ).to.have.deep.members([
      ["b1", BOOK_SCHEMA],
      ["r1", BOOK_SCHEMA],
    ]);
    const confirmAll = Object.fromEntries(pending.map((i) => [i.id, { confirm: true }]));
    const second = await agent.invoke(new Command({ resume: confirmAll }), thread("two"));
    const guests = Object.fromEntries(
      (second.__interrupt__ ?? []).map((i) => [
        i.id,
        { name: (i.value as { toolCallId: string }).toolCallId === "b1" ? "Ada" : "Grace" },
      ]),
    );
    expect(Object.keys(guests)).to.have.length(2);
    const last = await agent.invoke(new Command({ resume: guests }), thread("two"));
    expect(toolMessages(last)).to.have.deep.members([
      ["success", '{"booking":"blue for Ada"}'],
      ["success", '{"booking":"red for Grace"}'],
    ]);
    expect(seen.booked).to.have.members(["blue:Ada", "red:Grace"]);
    expect(reports).to.deep.equal([]);
  });

  it("pauses and resumes the same way in a StateGraph with LangGraph's own ToolNode", async () => {
    const seen: Seen = { runs: [], booked: [], aborted: [] };
    const tool = LangchainAdapter.wrap(bookingAction(seen));
    const graph = new StateGraph(MessagesAnnotation)
      .addNode("tools", new ToolNode([tool]))
      .addEdge(START, "tools")
      .addEdge("tools", END)
      .compile({ checkpointer: new MemorySaver() });
    const call = { name: tool.name, args: { room: "green" }, id: "g1", type: "tool_call" as const };
    const first = await graph.invoke(
      { messages: [new AIMessage({ content: "", tool_calls: [call] })] },
      thread("graph"),
    );
    expect(questionsOf(first)).to.deep.equal(["Book green?"]);
    const second = await graph.invoke(new Command({ resume: { confirm: true } }), thread("graph"));
    expect(questionsOf(second)).to.deep.equal(["Who is it for?"]);
    const last = await graph.invoke(new Command({ resume: { name: "Lin" } }), thread("graph"));
    expect(toolMessages(last)).to.deep.equal([["success", '{"booking":"green for Lin"}']]);
    expect([seen.booked, seen.runs]).to.deep.equal([["green:Lin"], [0, 1, 2]]);
  });
});
