/**
 * Long-running tools as MCP tasks (plugins/mcp/src/tasks/), through a real SDK `Client` in memory:
 * a tool declared `longRunning` is listed with `execution.taskSupport: "optional"` and the server
 * declares `tasks`; a task-augmented `tools/call` answers `CreateTaskResult` at once, the call runs
 * as a job on the embedded queue, `tasks/get` reports working then completed, and `tasks/result`
 * is exactly the waited call's result; progress keeps flowing with the original token; cancel;
 * another principal's task is not found; a business failure is a failed task with the waited
 * call's `isError` result; a client that sends no `task` gets the ordinary waited call.
 */
import { expect } from "chai";
import { z } from "zod";
import { createEmbeddedQueue, defineAxn, Jobs, type AnyAxn } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  RELATED_TASK_META_KEY,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer, McpAdapter, mcpConfig, type McpServerOptions } from "axn-plugin-mcp";
import { rpcError } from "../../support/mcp-client.js";

/** A latch the spec opens: the body waits on it, so "working" is observed without a clock. */
function latch(): { readonly wait: Promise<void>; open(): void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}

interface Peer {
  readonly client: Client;
  close(): Promise<void>;
}

async function connect(options: Partial<McpServerOptions>): Promise<Peer> {
  const server = createMcpServer({ name: "tasks-spec", version: "1.0.0", ...options });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "tasks-spec-client", version: "1.0.0" });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** Polls `tasks/get` until the status is `status` (a hang guard of mocha's timeout, no clock of its own). */
async function untilStatus(client: Client, taskId: string, status: string): Promise<void> {
  for (;;) {
    const task = await client.experimental.tasks.getTask(taskId);
    if (task.status === status) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("axn-plugin-mcp: long-running tools as MCP tasks (in memory)", function () {
  this.timeout(30_000); // a hang guard for a loaded machine, not a budget
  let gate: ReturnType<typeof latch>;
  let stopped: ReturnType<typeof latch>;
  let tools: { Report: AnyAxn; Refuses: AnyAxn; Quick: AnyAxn };
  let peers: Peer[];

  beforeEach(() => {
    resetKernel();
    gate = latch();
    stopped = latch();
    peers = [];
    const Report = defineAxn({
      name: "AgentTools.Report",
      description: "A slow report",
      longRunning: true,
      expects: { rows: z.number().int().min(1) },
      exposes: { csv: z.string(), rows: z.number().int() },
      call: async ({ rows }, ctx) => {
        ctx.progress(1, 2, "started");
        await Promise.race([gate.wait, new Promise((resolve) => ctx.signal.addEventListener("abort", resolve))]);
        if (ctx.signal.aborted) {
          stopped.open();
          ctx.fail("the report was stopped");
        }
        ctx.progress(2, 2, "written");
        return { csv: "id\n".repeat(rows).trim(), rows };
      },
    });
    const Refuses = defineAxn({
      name: "AgentTools.Refuses",
      longRunning: true,
      call: (_input, ctx) => ctx.fail("the ledger is closed"),
    });
    const Quick = defineAxn({ name: "AgentTools.Quick", exposes: { done: z.boolean() }, call: () => ({ done: true }) });
    tools = { Report, Refuses, Quick };
  });
  afterEach(async () => {
    gate.open();
    for (const peer of peers) await peer.close();
    resetKernel();
  });

  async function as(principal: string | null): Promise<Client> {
    const peer = await connect({
      tools: [McpAdapter.wrap(tools.Report), McpAdapter.wrap(tools.Refuses), McpAdapter.wrap(tools.Quick)],
      principal: principal === null ? null : { id: principal },
    });
    peers.push(peer);
    return peer.client;
  }

  /** A task-augmented tools/call, as the SDK sends one (`task` in params, a progress token when asked). */
  function createTask(client: Client, name: string, args: object, onprogress?: (progress: Progress) => void) {
    return client.request({ method: "tools/call", params: { name, arguments: args } }, CreateTaskResultSchema, {
      task: { ttl: 60_000 },
      ...(onprogress === undefined ? {} : { onprogress }),
    });
  }

  it("lists a long-running tool with execution.taskSupport and declares the tasks capability", async () => {
    const client = await as("alice");
    const { tools: listed } = await client.listTools();
    expect(listed.map((tool) => [tool.name, tool.execution])).to.deep.equal([
      ["report", { taskSupport: "optional" }],
      ["refuses", { taskSupport: "optional" }],
      ["quick", undefined],
    ]);
    expect(client.getServerCapabilities()?.tasks).to.deep.equal({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });
  });

  it("a server with no long-running tool declares no tasks capability", async () => {
    const peer = await connect({ tools: [McpAdapter.wrap(tools.Quick)] });
    peers.push(peer);
    expect(peer.client.getServerCapabilities()?.tasks).to.equal(undefined);
    expect((await peer.client.listTools()).tools[0]).to.not.have.property("execution");
  });

  it("config overrides the declaration per action (mcp.longRunning)", async () => {
    const Plain = defineAxn({ name: "Tasks.Plain", configure: { mcp: { longRunning: true } }, call: () => undefined });
    const Declined = defineAxn({
      name: "Tasks.Declined",
      longRunning: true,
      configure: { mcp: { longRunning: false } },
      call: () => undefined,
    });
    expect([Plain.longRunning, Declined.longRunning, tools.Report.longRunning]).to.deep.equal([false, true, true]);
    expect(McpAdapter.wrap(Plain).execution).to.deep.equal({ taskSupport: "optional" });
    expect(McpAdapter.wrap(Declined).execution).to.equal(undefined);
    expect(McpAdapter.wrap(tools.Quick, { longRunning: true }).execution).to.deep.equal({ taskSupport: "optional" });
    expect(() =>
      defineAxn({ name: "Tasks.Bad", longRunning: "yes" as unknown as boolean, call: () => undefined }),
    ).to.throw(TypeError, "defineAxn(Tasks.Bad): `longRunning` must be true or false");
  });

  it('longRunning "required": listed so, refused as a waited call (-32601 naming how to call it), served as a task', async () => {
    const OnlyAsTask = defineAxn({
      name: "Tasks.OnlyAsTask",
      configure: { mcp: { longRunning: "required" } },
      exposes: { done: z.boolean() },
      call: () => ({ done: true }),
    });
    const tool = McpAdapter.wrap(OnlyAsTask);
    expect(tool.execution).to.deep.equal({ taskSupport: "required" });
    const peer = await connect({ tools: [tool], principal: { id: "alice" } });
    peers.push(peer);
    expect((await peer.client.listTools()).tools[0]!.execution).to.deep.equal({ taskSupport: "required" });
    // The SDK's client refuses such a call itself; a raw request shows what the server answers.
    const waited = peer.client.request(
      { method: "tools/call", params: { name: tool.name, arguments: {} } },
      CallToolResultSchema,
    );
    expect(await rpcError(waited)).to.deep.equal({
      code: -32601,
      message: `MCP error -32601: Tool ${tool.name} runs only as a task (its tools/list entry has execution.taskSupport "required"); call it with "task"`,
    });
    const { task } = await createTask(peer.client, tool.name, {});
    expect(task.status).to.equal("working");
  });

  it("create → working → completed, and tasks/result is the waited call's result", async () => {
    const client = await as("alice");
    const { task } = await createTask(client, "report", { rows: 2 });
    expect(task).to.include({ status: "working", ttl: 60_000, pollInterval: mcpConfig.get("taskPollIntervalMs") });
    expect(task.taskId).to.match(/^[0-9a-f-]{36}$/);
    expect(Date.parse(task.createdAt)).to.be.a("number").and.not.NaN;
    await untilStatus(client, task.taskId, "working");
    expect((await client.experimental.tasks.getTask(task.taskId)).status).to.equal("working");
    gate.open();
    await untilStatus(client, task.taskId, "completed");
    const fromTask = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    const waited = await client.callTool({ name: "report", arguments: { rows: 2 } });
    const { _meta, ...result } = fromTask;
    expect(_meta).to.deep.equal({ [RELATED_TASK_META_KEY]: { taskId: task.taskId } });
    expect(result).to.deep.equal(waited);
    expect(result).to.deep.equal({
      content: [{ type: "text", text: '{"csv":"id\\nid","rows":2}' }],
      structuredContent: { csv: "id\nid", rows: 2 },
    });
  });

  it("tasks/result waits for a working task to end", async () => {
    const client = await as("alice");
    const { task } = await createTask(client, "report", { rows: 1 });
    const pending = client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    gate.open();
    expect((await pending).structuredContent).to.deep.equal({ csv: "id", rows: 1 });
  });

  it("progress reaches the client with the original request's token after CreateTaskResult", async () => {
    const client = await as("alice");
    const seen: Progress[] = [];
    const { task } = await createTask(client, "report", { rows: 1 }, (progress) => seen.push(progress));
    gate.open();
    await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    // Notifications and the result are separate messages: wait for the second update (a hang fails by the timeout).
    while (seen.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    const related = { [RELATED_TASK_META_KEY]: { taskId: task.taskId } };
    expect(seen).to.deep.equal([
      { progress: 1, total: 2, message: "started", _meta: related },
      { progress: 2, total: 2, message: "written", _meta: related },
    ]);
  });

  it("tasks/cancel cancels the job: the body sees its signal, the task stays cancelled", async () => {
    const client = await as("alice");
    const started = latch();
    const { task } = await createTask(client, "report", { rows: 1 }, () => started.open());
    await started.wait; // the body runs (its first progress arrived)
    const cancelled = await client.experimental.tasks.cancelTask(task.taskId);
    expect(cancelled).to.include({ taskId: task.taskId, status: "cancelled", statusMessage: "The task was cancelled" });
    expect((await client.experimental.tasks.getTask(task.taskId)).status).to.equal("cancelled");
    expect(await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)).to.deep.equal({
      content: [{ type: "text", text: "The task was cancelled" }],
      isError: true,
      _meta: { [RELATED_TASK_META_KEY]: { taskId: task.taskId } },
    });
    await stopped.wait; // the body saw ctx.signal abort (a hang here fails the spec by its timeout)
    expect(await rpcError(client.experimental.tasks.cancelTask(task.taskId))).to.deep.equal({
      code: -32602,
      message: `MCP error -32602: Cannot cancel task ${task.taskId}: it is already cancelled`,
    });
  });

  it("a task cancelled before its job starts never runs", async () => {
    await Jobs.use(createEmbeddedQueue({ concurrency: 1 }));
    const client = await as("alice");
    const started = latch();
    const first = (await createTask(client, "report", { rows: 1 }, () => started.open())).task;
    await started.wait; // the queue's one slot is taken
    const second = (await createTask(client, "refuses", {})).task;
    expect(await client.experimental.tasks.cancelTask(second.taskId)).to.include({ status: "cancelled" });
    gate.open();
    expect((await client.experimental.tasks.getTaskResult(first.taskId, CallToolResultSchema)).isError).to.equal(
      undefined,
    );
    expect(await client.experimental.tasks.getTask(second.taskId)).to.include({
      status: "cancelled",
      statusMessage: "The task was cancelled",
    });
    expect((await (await Jobs.find(second.taskId))!.status()).state).to.equal("cancelled");
  });

  it("a task is bound to the principal that created it: another one is told it does not exist", async () => {
    const alice = await as("alice");
    const bob = await as("bob");
    const { task } = await createTask(alice, "report", { rows: 1 });
    const notFound = {
      code: -32602,
      message: `MCP error -32602: Task not found: ${task.taskId} (it was never created for this caller, or it expired)`,
    };
    expect(await rpcError(bob.experimental.tasks.getTask(task.taskId))).to.deep.equal(notFound);
    expect(await rpcError(bob.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema))).to.deep.equal(
      notFound,
    );
    expect(await rpcError(bob.experimental.tasks.cancelTask(task.taskId))).to.deep.equal(notFound);
    expect(await rpcError(bob.experimental.tasks.getTask("no-such-task"))).to.deep.equal({
      ...notFound,
      message: notFound.message.replace(task.taskId, "no-such-task"),
    });
    expect((await bob.experimental.tasks.listTasks()).tasks).to.deep.equal([]);
    expect((await alice.experimental.tasks.listTasks()).tasks.map((listed) => listed.taskId)).to.deep.equal([
      task.taskId,
    ]);
    // The owner, on another connection (another session), still reads it.
    const again = await as("alice");
    expect((await again.experimental.tasks.getTask(task.taskId)).status).to.equal("working");
  });

  it("a business failure is a failed task whose result is the waited call's isError result", async () => {
    const client = await as("alice");
    const { task } = await createTask(client, "refuses", {});
    await untilStatus(client, task.taskId, "failed");
    expect(await client.experimental.tasks.getTask(task.taskId)).to.include({
      status: "failed",
      statusMessage: "the ledger is closed",
    });
    const { _meta, ...result } = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(result).to.deep.equal(await client.callTool({ name: "refuses", arguments: {} }));
    expect(result).to.deep.equal({ content: [{ type: "text", text: "the ledger is closed" }], isError: true });
  });

  it("arguments the tool refuses are refused before any task exists: -32602 with the waited call's field errors", async () => {
    const client = await as("alice");
    const waited = await client.callTool({ name: "report", arguments: { rows: 0 } });
    expect(waited.isError).to.equal(true);
    const text = (waited.content as { type: string; text: string }[])[0]!.text;
    expect(await rpcError(createTask(client, "report", { rows: 0 }))).to.deep.equal({
      code: -32602,
      message: `MCP error -32602: ${text}`,
    });
    expect((await client.experimental.tasks.listTasks()).tasks).to.deep.equal([]);
  });

  it("a client that sends no task gets the ordinary waited call, progress as before", async () => {
    const client = await as(null);
    const seen: Progress[] = [];
    const waited = client.callTool({ name: "report", arguments: { rows: 1 } }, undefined, {
      onprogress: (progress) => seen.push(progress),
    });
    gate.open();
    expect((await waited).structuredContent).to.deep.equal({ csv: "id", rows: 1 });
    expect(seen).to.deep.equal([
      { progress: 1, total: 2, message: "started" },
      { progress: 2, total: 2, message: "written" },
    ]);
    expect(await rpcError(client.experimental.tasks.getTask("no-such-task"))).to.have.property("code", -32602);
  });

  it("docs/plugins/mcp.md's example: ExportLedger called as a task, progress and all", async () => {
    // A fresh copy of the module: its action is defined into this spec's (reset) catalog, where the job finds it.
    const { ExportLedger, exportAsTask } = (await import(
      `../../../docs/examples/snippets/mcp-tasks.js?spec=${Date.now()}`
    )) as typeof import("../../../docs/examples/snippets/mcp-tasks.js");
    mcpConfig.configure((settings) => {
      settings.taskPollIntervalMs = 20;
    });
    const peer = await connect({ tools: [McpAdapter.wrap(ExportLedger)], principal: { id: "alice" } });
    peers.push(peer);
    const seen: string[] = [];
    const result = await exportAsTask(peer.client, seen);
    expect(result.structuredContent).to.deep.equal({ months: 12 });
    while (seen.length < 12) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).to.deep.equal(Array.from({ length: 12 }, (_, i) => `${i + 1}/12`));
  });

  it("a task for a tool that is not long-running is refused, naming the tool; a malformed task too", async () => {
    const client = await as("alice");
    const malformed = client.request(
      { method: "tools/call", params: { name: "report", arguments: { rows: 1 }, task: "soon" } } as never,
      CreateTaskResultSchema,
    );
    expect(await rpcError(malformed)).to.deep.equal({
      code: -32602,
      message:
        'MCP error -32602: Invalid params: "task" must be an object such as {} or { "ttl": 60000 } (ttl in milliseconds)',
    });
    expect(await rpcError(createTask(client, "quick", {}))).to.deep.equal({
      code: -32601,
      message:
        'MCP error -32601: Tool quick does not run as a task (its tools/list entry has no execution.taskSupport); call it without "task"',
    });
  });
});
