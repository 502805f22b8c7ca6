/**
 * A 2026-07-28 task that asks, through a spawned `axn serve` (test/fixtures/conformance-app, the
 * embedded queue), on the raw wire a 2026 client writes: a long-running tool whose body calls
 * `ctx.elicit` becomes a task whose job ends on the question; `tasks/get` reports `input_required`
 * with the question as an `elicitation/create` input request; `tasks/update` answers it — one
 * question at a time if the client likes, the task staying `input_required` until every open one has
 * its answer — and the call resumes as a new job that completes with the answer. An answer that
 * cannot answer its question is refused with one line naming it; a client that cannot answer
 * questions gets a task whose question is `unavailable`.
 */
import { expect } from "chai";
import type { ChildProcess } from "node:child_process";
import { serveConformanceApp } from "../support/conformance-app.js";
import { modernRequest } from "../support/modern-request.js";

const TASKS = "io.modelcontextprotocol/tasks";
const ASKING = { elicitation: { form: {} }, extensions: { [TASKS]: {} } };

let id = 0;

/** One 2026-07-28 JSON-RPC request: `{ result }` or `{ error }` as the server wrote it. */
async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  capabilities: object = ASKING,
): Promise<{ result?: Record<string, unknown>; error?: Record<string, unknown> }> {
  const reply = await fetch(
    modernRequest(url, { id: ++id, method, params, capabilities, client: "mcp-tasks-ask-spec" }),
  );
  return (await reply.json()) as { result?: Record<string, unknown>; error?: Record<string, unknown> };
}

/** `tasks/get` until the task leaves `working` (a hang is the suite's timeout's to catch). */
async function settled(url: string, taskId: string, capabilities: object = ASKING): Promise<Record<string, unknown>> {
  for (;;) {
    const { result, error } = await rpc(url, "tasks/get", { taskId }, capabilities);
    if (error !== undefined) throw new Error(JSON.stringify(error));
    if (result!["status"] !== "working") return result!;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The question of the n-th elicitation of a conformance tool, as `inputRequests` carries it. */
const elicitation = (message: string, properties: object, required: readonly string[]) => ({
  method: "elicitation/create",
  params: { mode: "form", message, requestedSchema: { type: "object", properties, required } },
});

const question = (n: number) =>
  elicitation(
    n === 1 ? "First question" : "Second question",
    {
      name: { type: "string", description: `Name ${n}` },
      confirm: { type: "boolean", description: `Confirm ${n}` },
    },
    ["name", "confirm"],
  );

describe("axn serve: a 2026-07-28 task that asks (tasks/get input_required, tasks/update)", function () {
  // A hang guard, not a budget.
  this.timeout(60_000);
  let server: ChildProcess;
  let url: string;

  before(async () => {
    ({ server, url } = await serveConformanceApp());
  });

  after(() => server?.kill("SIGKILL"));

  it("ends the job on the question, shows it as an input request, and resumes the call with the answer", async () => {
    const created = await rpc(url, "tools/call", { name: "confirm_delete", arguments: { filename: "notes.txt" } });
    expect(created.result).to.include({ resultType: "task", status: "working" });
    const taskId = created.result!["taskId"] as string;

    const waiting = await settled(url, taskId);
    expect(waiting).to.include({ status: "input_required", resultType: "complete" });
    expect(waiting["inputRequests"]).to.deep.equal({
      q0: elicitation("Delete notes.txt?", { confirm: { type: "boolean", description: "Delete the file" } }, [
        "confirm",
      ]),
    });
    expect(waiting).to.not.have.any.keys("result", "error", "requestState");

    const ack = await rpc(url, "tasks/update", {
      taskId,
      inputResponses: { q0: { action: "accept", content: { confirm: true } } },
    });
    expect(ack.result).to.have.keys("resultType", "_meta");
    expect(ack.result!["resultType"]).to.equal("complete");

    const done = await settled(url, taskId);
    expect(done).to.include({ status: "completed" });
    expect(done["result"]).to.deep.include({ content: [{ type: "text", text: "Deleted notes.txt" }] });
  });

  it("keeps a partial answer: input_required until every open question has one, then one resumed call", async () => {
    const created = await rpc(url, "tools/call", { name: "multi_input", arguments: {} });
    const taskId = created.result!["taskId"] as string;
    const both = await settled(url, taskId);
    expect(both["inputRequests"]).to.deep.equal({ q0: question(1), q1: question(2) });

    await rpc(url, "tasks/update", {
      taskId,
      inputResponses: { q0: { action: "accept", content: { name: "Ada", confirm: true } } },
    });
    const one = await settled(url, taskId);
    expect(one["status"]).to.equal("input_required");
    expect(one["inputRequests"]).to.deep.equal({ q1: question(2) });

    await rpc(url, "tasks/update", {
      taskId,
      inputResponses: { q1: { action: "decline" } },
    });
    const done = await settled(url, taskId);
    expect(done["status"]).to.equal("completed");
    expect(done["result"]).to.deep.include({ content: [{ type: "text", text: "Ada: true; decline" }] });
  });

  it("refuses an answer that cannot answer its question, in one line naming it, and keeps asking", async () => {
    const created = await rpc(url, "tools/call", { name: "confirm_delete", arguments: { filename: "a.txt" } });
    const taskId = created.result!["taskId"] as string;
    await settled(url, taskId);

    const refused = await rpc(url, "tasks/update", { taskId, inputResponses: { q0: 12345 } });
    expect(refused.error).to.deep.equal({
      code: -32602,
      message:
        'Invalid params: The answer to the elicit question "q0" must be {"action":"accept","content":{…}}, {"action":"decline"} or {"action":"cancel"}',
    });
    const missing = await rpc(url, "tasks/update", { taskId });
    expect(missing.error).to.deep.equal({
      code: -32602,
      message:
        "Invalid params: tasks/update needs params.inputResponses, an object of answers by the keys of the task's inputRequests",
    });
    expect((await settled(url, taskId))["status"]).to.equal("input_required");
    await rpc(url, "tasks/cancel", { taskId });
    expect((await settled(url, taskId))["status"]).to.equal("cancelled");
  });

  it("a client that cannot answer questions gets a task whose question is unavailable", async () => {
    const created = await rpc(
      url,
      "tools/call",
      { name: "confirm_delete", arguments: { filename: "b.txt" } },
      { extensions: { [TASKS]: {} } },
    );
    const taskId = created.result!["taskId"] as string;
    const done = await settled(url, taskId, { extensions: { [TASKS]: {} } });
    expect(done["status"]).to.equal("completed");
    expect(done["result"]).to.deep.include({ content: [{ type: "text", text: "Kept b.txt" }] });
  });
});
