/**
 * LangChain tools wrapped with `background: "handle"` (plugins/langchain/src/job-handle.ts): a call
 * enqueues its job and answers at once with the handle; the companion `axn_job_status` tool
 * (job-status-tool.ts) reports the job's state while it is pending, then exactly the tool message the
 * direct call gives. Jobs belong to the principal whose call enqueued them: another principal's
 * status check finds nothing, as for an unknown id. In a real `createAgent` loop with a scripted
 * model, on the embedded queue and with a BullMQ worker doing the work.
 */
import { expect } from "chai";
import { z } from "zod";
import { createEmbeddedQueue, defineAxn, Jobs, type AxnPrincipal } from "@axn/core";
import { createHost } from "@axn/sdk";
import { startQueueWorker } from "@axn/sdk/queue";
import { resetKernel } from "@axn/sdk/testing";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import type { ChatResult } from "@langchain/core/outputs";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { createAgent } from "langchain";
import { LangchainAdapter, JOB_STATUS_TOOL, type JobHandleArtifact } from "axn-plugin-langchain";
import { captureReports } from "../support/reports.js";
import { useRedis } from "../support/redis.js";
import { backgroundAgent } from "../../docs/examples/snippets/langchain-jobs.js";

/** A chat model whose next message is a function of the conversation so far: the agent's scripted side. */
class ScriptedModel extends BaseChatModel {
  constructor(private readonly script: (messages: BaseMessage[]) => AIMessage) {
    super({});
  }
  _llmType(): string {
    return "scripted";
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    // A model answers over the network: at least a turn of the event loop, in which queued work runs.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const message = this.script(messages);
    return { generations: [{ text: typeof message.content === "string" ? message.content : "", message }] };
  }
  override bindTools(): this {
    return this;
  }
}

const ask = (name: string, args: Record<string, unknown>, id: string) =>
  new AIMessage({ content: "", tool_calls: [{ name, args, id, type: "tool_call" }] });

function call(name: string, args: Record<string, unknown>, id = "call_1") {
  return { name, args, id, type: "tool_call" as const };
}

const defineQuote = () =>
  defineAxn({
    name: "LangchainHandle.Quote",
    expects: { amount: z.number().int().positive(), userId: { schema: z.string(), on: "ambientContext" } },
    exposes: { quoted: z.number(), userId: z.string() },
    call: ({ amount, userId }, ctx) =>
      amount > 1000 ? ctx.fail("the amount is over the limit") : { quoted: amount * 2, userId },
  });

const handleText = (id: string, tool = "quote") =>
  `Started job "${id}" of ${tool} (waiting). Call axn_job_status with {"id":"${id}"} for its state, and for its result once it is done.`;

describe("queue: LangChain tools answering with a job handle", function () {
  this.timeout(60_000); // a hang guard for a loaded machine, not a budget
  beforeEach(() => resetKernel());
  afterEach(() => resetKernel());
  const reports = captureReports();

  /**
   * The agent loop: the model asks for a quote, reads the handle, checks on the job until it has
   * settled, then ends. Returns every tool message of the run.
   */
  async function runAgent(
    tools: Parameters<typeof LangchainAdapter.jobStatusTool>[0],
    amount: number,
    context: Record<string, unknown>,
  ) {
    const model = new ScriptedModel((messages) => {
      const last = messages.at(-1)!;
      if (!ToolMessage.isInstance(last)) return ask(tools[0]!.name, { amount }, "call-quote");
      const handle = last.artifact as JobHandleArtifact | undefined;
      // A handle, or a status that says the job is still pending: ask (again) for its state.
      if (last.status !== "error" && handle?.job !== undefined)
        return ask(JOB_STATUS_TOOL, { id: handle.job.id }, `call-status-${messages.length}`);
      return new AIMessage("done");
    });
    const agent = createAgent({
      model,
      tools: [...tools, LangchainAdapter.jobStatusTool(tools)] as StructuredToolInterface[],
    });
    const state = await agent.invoke({ messages: [{ role: "user", content: "quote it" }] }, { context });
    return state.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
  }

  it("in a createAgent loop: the handle, then the direct call's message through axn_job_status", async () => {
    await Jobs.use(createEmbeddedQueue());
    const Quote = defineQuote();
    const direct = LangchainAdapter.wrap(Quote, { name: "quote" });
    const tools = [LangchainAdapter.wrap(Quote, { name: "quote", background: "handle" })];
    for (const amount of [21, 5000]) {
      const expected = await direct.invoke(call(direct.name, { amount }), { context: { userId: "u1" } });
      const [started, ...checks] = await runAgent(tools, amount, { userId: "u1" });
      const id = (started!.artifact as JobHandleArtifact).job.id;
      expect([started!.name, started!.status, started!.content, started!.artifact]).to.deep.equal([
        "quote",
        "success",
        handleText(id),
        { job: { id, tool: "quote", state: "waiting" } },
      ]);
      const collected = checks.at(-1)!;
      expect(collected.name).to.equal("axn_job_status");
      expect([collected.content, collected.artifact, collected.status]).to.deep.equal([
        expected.content,
        expected.artifact,
        expected.status,
      ]);
      // The job is a job of the queue's, settled with the Result a direct call gives.
      expect((await (await Jobs.find(id))!.status()).state).to.equal("completed");
    }
    expect(reports).to.deep.equal([]);
  });

  it("a pending job: its state, and the call that checks again", async () => {
    await Jobs.use(createEmbeddedQueue());
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const Slow = defineAxn({
      name: "LangchainHandle.Slow",
      exposes: { done: z.boolean() },
      call: () => {
        started();
        return new Promise<{ done: boolean }>((resolve) => (release = () => resolve({ done: true })));
      },
    });
    const tool = LangchainAdapter.wrap(Slow, { name: "slow", background: "handle" });
    const status = LangchainAdapter.jobStatusTool([tool]);
    const handle = await tool.invoke(call(tool.name, {}));
    const { id } = (handle.artifact as JobHandleArtifact).job;
    await running;
    const pending = await status.invoke(call(status.name, { id }, "call_2"));
    expect([pending.status, pending.content, pending.artifact]).to.deep.equal([
      "success",
      `Job "${id}" of slow is active; call axn_job_status with {"id":"${id}"} again later for its result.`,
      { job: { id, tool: "slow", state: "active" } },
    ]);
    release();
    await (await Jobs.find(id))!.result();
    const done = await status.invoke(call(status.name, { id }, "call_3"));
    expect([done.status, done.content, done.artifact]).to.deep.equal(["success", '{"done":true}', { done: true }]);
  });

  it("a job belongs to its principal: another principal's check, an unknown id and another tool's job are not found", async () => {
    await Jobs.use(createEmbeddedQueue());
    const Quote = defineQuote();
    const Other = defineAxn({ name: "LangchainHandle.Other", exposes: { n: z.number() }, call: () => ({ n: 1 }) });
    const alice: AxnPrincipal = { id: "alice" };
    const bob: AxnPrincipal = { id: "bob" };
    const tool = LangchainAdapter.wrap(Quote, { name: "quote", background: "handle", principal: alice });
    const handle = await tool.invoke(call(tool.name, { amount: 2 }), { context: { userId: "u1" } });
    const { id } = (handle.artifact as JobHandleArtifact).job;
    await (await Jobs.find(id))!.result();
    const notFound = (jobId: string) => ({
      status: "error",
      content: `No job "${jobId}"; it was never enqueued here, or it expired`,
    });
    const check = async (
      status: ReturnType<typeof LangchainAdapter.jobStatusTool>,
      jobId: string,
      context: Record<string, unknown> = {},
    ) => {
      const message = await status.invoke(call(status.name, { id: jobId }, "call_9"), { context });
      return { status: message.status, content: message.content };
    };
    // Bound to the tools' caller by default: alice finds her job.
    expect((await check(LangchainAdapter.jobStatusTool([tool]), id)).status).to.equal("success");
    // Bob does not — neither bound, nor as the run's principal, nor anonymously.
    expect(await check(LangchainAdapter.jobStatusTool([tool], { principal: bob }), id)).to.deep.equal(notFound(id));
    const unbound = LangchainAdapter.jobStatusTool([
      LangchainAdapter.wrap(Quote, { name: "quote", background: "handle" }),
    ]);
    expect(await check(unbound, id, { principal: bob })).to.deep.equal(notFound(id));
    expect(await check(unbound, id)).to.deep.equal(notFound(id));
    expect((await check(unbound, id, { principal: alice })).status).to.equal("success");
    expect(await check(unbound, "no-such-job")).to.deep.equal(notFound("no-such-job"));
    // A job of an action the status tool was not made for is not its to report.
    const otherJob = await Jobs.enqueueToolCall(
      Other,
      {},
      { invoker: { userFacingInputErrors: true, rejectUndeclaredInputs: true } },
    );
    await otherJob.result();
    expect(await check(unbound, otherJob.id)).to.deep.equal(notFound(otherJob.id));
  });

  it("refuses a background value it does not know, and a status tool for tools of different callers", () => {
    const Quote = defineQuote();
    expect(() => LangchainAdapter.wrap(Quote, { background: "later" as unknown as "handle" })).to.throw(
      TypeError,
      'LangchainAdapter.wrap(LangchainHandle.Quote): "background" must be true (await the job), "handle" (answer with the job\'s handle) or false (got "later")',
    );
    const tools = [
      LangchainAdapter.wrap(Quote, { principal: { id: "a" } }),
      LangchainAdapter.wrap(Quote, { name: "quote_b", principal: { id: "b" } }),
    ];
    expect(() => LangchainAdapter.jobStatusTool(tools)).to.throw(
      TypeError,
      "LangchainAdapter.jobStatusTool: the tools run as different callers; pass { principal } to say whose jobs this tool finds",
    );
  });

  it("the docs example (docs/plugins/langchain.md §5b): an agent that starts a job and collects it", async () => {
    await Jobs.use(createEmbeddedQueue());
    const Quote = defineQuote();
    const model = new ScriptedModel((messages) => {
      const last = messages.at(-1)!;
      if (!ToolMessage.isInstance(last)) return ask("langchain_handle_quote", { amount: 5 }, "call-quote");
      const handle = last.artifact as JobHandleArtifact | undefined;
      if (handle?.job !== undefined)
        return ask(JOB_STATUS_TOOL, { id: handle.job.id }, `call-status-${messages.length}`);
      return new AIMessage("done");
    });
    const state = await backgroundAgent(model, [Quote], { id: "erin" }).invoke(
      { messages: [{ role: "user", content: "quote 5" }] },
      { context: { userId: "u5" } },
    );
    const tools = state.messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
    const id = (tools[0]!.artifact as JobHandleArtifact).job.id;
    expect(tools[0]!.content).to.equal(handleText(id, "langchain_handle_quote"));
    expect(tools.at(-1)!.artifact).to.deep.equal({ quoted: 10, userId: "u5" });
    // Bound to the principal the tools were wrapped for.
    expect(await Jobs.find(id, { principal: { id: "someone-else" } })).to.equal(undefined);
  });

  describe("with a BullMQ worker", () => {
    const redis = useRedis();

    it("the worker does the work; the agent collects its result", async () => {
      const name = `langchain-handle-${process.pid}`;
      await createHost({ config: { queue: { connection: redis.url, name } } });
      const Quote = defineQuote();
      const worker = await startQueueWorker({ connection: redis.url, name });
      try {
        const tools = [
          LangchainAdapter.wrap(Quote, { name: "quote", background: "handle", principal: { id: "carol" } }),
        ];
        const messages = await runAgent(tools, 4, { userId: "u4" });
        const id = (messages[0]!.artifact as JobHandleArtifact).job.id;
        expect(messages[0]!.content).to.equal(handleText(id));
        expect(messages.at(-1)!.artifact).to.deep.equal({ quoted: 8, userId: "u4" });
        expect((await (await Jobs.find(id, { principal: { id: "carol" } }))!.status()).state).to.equal("completed");
        expect(await Jobs.find(id, { principal: { id: "dave" } })).to.equal(undefined);
      } finally {
        await worker.close();
      }
    });
  });
});
