/**
 * Live reports and media in a real LangChain agent loop (`createAgent` + a scripted model): the
 * action of docs/examples/snippets/live.ts reports progress and logs as custom events on the run's
 * callbacks — seen by a callback handler's `handleCustomEvent` and by `streamEvents` — and, with
 * no one to ask, gets `unavailable` from `ctx.elicit`; an image expose becomes an image content
 * block of the tool message.
 */
import { expect } from "chai";
import { BaseCallbackHandler } from "@langchain/core/callbacks/base";
import { createAgent, FakeToolCallingModel } from "langchain";
import { LangchainAdapter } from "axn-plugin-langchain";
import { resetKernel } from "@axn/sdk/testing";
import { defineAxn, media } from "@axn/core";
import { ImportContacts } from "../../../docs/examples/snippets/live.js";
import { PIXEL_PNG, RenderChart } from "../../../docs/examples/snippets/media.js";
import { runAgent } from "./support/agent.js";

/** A real callback handler recording every custom event, with the run it came from. */
class EventRecorder extends BaseCallbackHandler {
  name = "event-recorder";
  readonly events: { name: string; data: unknown; runId: string }[] = [];
  readonly toolRuns: string[] = [];
  override handleCustomEvent(eventName: string, data: unknown, runId: string): void {
    this.events.push({ name: eventName, data, runId });
  }
  override handleToolStart(_tool: unknown, _input: string, runId: string): void {
    this.toolRuns.push(runId);
  }
}

const EXPECTED_EVENTS = [
  {
    name: "axn_log",
    data: {
      level: "info",
      logger: "AgentTools.ImportContacts",
      data: { step: "scan", rows: 2 },
      tool: "import_contacts",
      toolCallId: "c1",
    },
  },
  {
    name: "axn_progress",
    data: { progress: 1, total: 2, message: "row 1 of 2", tool: "import_contacts", toolCallId: "c1" },
  },
  {
    name: "axn_progress",
    data: { progress: 2, total: 2, message: "row 2 of 2", tool: "import_contacts", toolCallId: "c1" },
  },
  {
    name: "axn_log",
    data: {
      level: "notice",
      logger: "AgentTools.ImportContacts",
      data: "imported 2 contacts",
      tool: "import_contacts",
      toolCallId: "c1",
    },
  },
];

describe("axn-plugin-langchain: live reports as run events, and media content blocks", () => {
  beforeEach(() => resetKernel());

  it("a callback handler sees progress and logs as custom events of the tool's run, in order, before the tool message", async () => {
    const recorder = new EventRecorder();
    const tool = LangchainAdapter.wrap(ImportContacts);
    const [message] = await runAgent([tool], [[{ name: tool.name, args: { rows: 2 }, id: "c1" }]], {
      callbacks: [recorder],
    });
    expect(recorder.events.map(({ name, data }) => ({ name, data }))).to.deep.equal(EXPECTED_EVENTS);
    // Every event belongs to the tool's own run.
    expect(new Set(recorder.events.map((e) => e.runId))).to.deep.equal(new Set(recorder.toolRuns));
    // Nobody to ask: elicit answered unavailable, and the action took its safe default.
    expect([message?.status, message?.content]).to.deep.equal(["success", '{"imported":2,"tag":"imported"}']);
  });

  it("streamEvents carries them as on_custom_event", async () => {
    const tool = LangchainAdapter.wrap(ImportContacts);
    const model = new FakeToolCallingModel({ toolCalls: [[{ name: tool.name, args: { rows: 2 }, id: "c1" }], []] });
    const agent = createAgent({ model, tools: [tool] });
    const custom: { name: string; data: unknown }[] = [];
    for await (const event of agent.streamEvents({ messages: [{ role: "user", content: "go" }] }, { version: "v2" })) {
      if (event.event === "on_custom_event") custom.push({ name: event.name, data: event.data });
    }
    expect(custom).to.deep.equal(EXPECTED_EVENTS);
  });

  it("a tool invoked outside any run reports nothing and still answers", async () => {
    const tool = LangchainAdapter.wrap(ImportContacts);
    expect(await tool.invoke({ rows: 1 })).to.equal('{"imported":1,"tag":"imported"}');
  });

  it("every media kind becomes its standard content block; a tool exposing only media reads its message first", async () => {
    const Attachments = defineAxn({
      name: "Attachments",
      messages: { success: "Here you go" },
      exposes: {
        voice: media.audio(),
        report: media.file(),
        link: media.resourceLink(),
        note: media.resource(),
        blob: media.resource(),
      },
      call: () => ({
        voice: { mimeType: "audio/wav", data: "UklGRg==" },
        report: { name: "q3.pdf", mimeType: "application/pdf", data: "JVBERg==" },
        link: { uri: "https://crm.example/contacts/7", name: "Contact 7" },
        note: { uri: "crm://notes/1", text: "# Note" },
        blob: { uri: "crm://blobs/2", mimeType: "image/png", data: "AAE=" },
      }),
    });
    const tool = LangchainAdapter.wrap(Attachments);
    const [message] = await runAgent([tool], [[{ name: tool.name, args: {}, id: "c3" }]]);
    expect(message?.content).to.deep.equal([
      { type: "text", text: "Here you go" },
      { type: "audio", mimeType: "audio/wav", data: "UklGRg==" },
      { type: "file", mimeType: "application/pdf", data: "JVBERg==", metadata: { filename: "q3.pdf" } },
      { type: "file", url: "https://crm.example/contacts/7", metadata: { name: "Contact 7" } },
      { type: "text-plain", text: "# Note", mimeType: "text/plain", metadata: { uri: "crm://notes/1" } },
      { type: "file", data: "AAE=", mimeType: "image/png", metadata: { uri: "crm://blobs/2" } },
    ]);
  });

  it("an image expose is an image content block after the text; the artifact keeps every expose", async () => {
    const tool = LangchainAdapter.wrap(RenderChart);
    const [message] = await runAgent([tool], [[{ name: tool.name, args: { quarter: "Q3" }, id: "c2" }]]);
    expect(message?.content).to.deep.equal([
      { type: "text", text: '{"caption":"Revenue, Q3"}' },
      { type: "image", mimeType: "image/png", data: PIXEL_PNG },
    ]);
    expect(message?.artifact).to.deep.equal({
      chart: { type: "image", mimeType: "image/png", data: PIXEL_PNG },
      caption: "Revenue, Q3",
    });
  });
});
