/**
 * A 2026-07-28 task that asks, in process over the Streamable HTTP handler (`handler.fetch`, the
 * embedded queue): what the spawned-server spec (test/e2e/mcp-tasks-ask.spec.ts) cannot see from
 * the wire — how many times the body ran. Two `tasks/update`s that both complete the answers, sent
 * at once, resume the call once (compare-and-set on the task record); a body that asks again sends
 * the task back to `input_required` for a second round, and its earlier answer is replayed.
 */
import { expect } from "chai";
import { z } from "zod";
import { defineAxn, type AnyAxn } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { createStreamableHttpHandler, McpAdapter, type McpHttpHandler } from "axn-plugin-mcp";
import { modernRequest } from "../../support/modern-request.js";

const CAPABILITIES = { elicitation: { form: {} }, extensions: { "io.modelcontextprotocol/tasks": {} } };

describe("axn-plugin-mcp: a 2026-07-28 task that asks (in process)", function () {
  this.timeout(30_000); // a hang guard for a loaded machine, not a budget
  let handler: McpHttpHandler;
  let runs: number;
  let id = 0;

  const rpc = async (method: string, params: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const reply = await handler.fetch(
      modernRequest("http://localhost/mcp", {
        id: ++id,
        method,
        params,
        capabilities: CAPABILITIES,
        client: "task-asking-spec",
      }),
    );
    const body = (await reply.json()) as { result?: Record<string, unknown>; error?: unknown };
    if (body.result === undefined) throw new Error(JSON.stringify(body.error));
    return body.result;
  };
  /** `tasks/get` until the task leaves `working`. */
  const next = async (taskId: string): Promise<Record<string, unknown>> => {
    for (;;) {
      const task = await rpc("tasks/get", { taskId });
      if (task["status"] !== "working") return task;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const serve = (action: AnyAxn): void => {
    handler = createStreamableHttpHandler({
      name: "task-asking-spec",
      version: "1.0.0",
      tools: [McpAdapter.wrap(action)],
    });
  };

  beforeEach(() => {
    resetKernel();
    runs = 0;
  });
  afterEach(async () => {
    await handler?.close();
    resetKernel();
  });

  it("two completing tasks/update at once resume the call once", async () => {
    serve(
      defineAxn({
        name: "AgentTools.Confirm",
        longRunning: true,
        exposes: { said: z.string() },
        call: async (_input, ctx) => {
          runs++;
          const answer = await ctx.elicit("Go ahead?", { go: { schema: z.boolean() } });
          return { said: answer.action === "accept" && answer.content.go ? "went" : "stayed" };
        },
      }),
    );
    const { taskId } = (await rpc("tools/call", { name: "confirm", arguments: {} })) as { taskId: string };
    expect((await next(taskId))["status"]).to.equal("input_required");
    expect(runs).to.equal(1);

    const answer = { taskId, inputResponses: { q0: { action: "accept", content: { go: true } } } };
    const acks = await Promise.all([rpc("tasks/update", answer), rpc("tasks/update", answer)]);
    expect(acks.map((ack) => ack["resultType"])).to.deep.equal(["complete", "complete"]);

    const done = await next(taskId);
    expect(done["status"]).to.equal("completed");
    expect(done["result"]).to.deep.include({ structuredContent: { said: "went" } });
    expect(runs).to.equal(2);
  });

  it("a body that asks again goes back to input_required, its earlier answer replayed on the last run", async () => {
    const seen: string[] = [];
    serve(
      defineAxn({
        name: "AgentTools.TwoSteps",
        longRunning: true,
        exposes: { said: z.string() },
        call: async (_input, ctx) => {
          seen.push(`run ${ctx.answered}`);
          const first = await ctx.elicit("Name?", { name: { schema: z.string() } });
          const second = await ctx.elicit("Sure?", { sure: { schema: z.boolean() } });
          const name = first.action === "accept" ? first.content.name : "nobody";
          return { said: `${name}: ${second.action === "accept" && second.content.sure}` };
        },
      }),
    );
    const { taskId } = (await rpc("tools/call", { name: "two_steps", arguments: {} })) as { taskId: string };
    expect(Object.keys((await next(taskId))["inputRequests"] as object)).to.deep.equal(["q0"]);
    await rpc("tasks/update", { taskId, inputResponses: { q0: { action: "accept", content: { name: "Ada" } } } });
    const second = await next(taskId);
    expect(second["status"]).to.equal("input_required");
    expect(Object.keys(second["inputRequests"] as object)).to.deep.equal(["q1"]);
    await rpc("tasks/update", { taskId, inputResponses: { q1: { action: "accept", content: { sure: true } } } });
    const done = await next(taskId);
    expect(done["result"]).to.deep.include({ structuredContent: { said: "Ada: true" } });
    expect(seen).to.deep.equal(["run 0", "run 1", "run 2"]);
  });
});
