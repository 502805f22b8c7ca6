/**
 * MCP tasks over Streamable HTTP from real `axn serve` processes, driven by the SDK's own `Client`:
 *
 * - the example app (embedded queue): its long-running `ticket_report` as a task — created at once,
 *   working, then completed, progress on the session's stream with the request's token, the result
 *   exactly the waited call's; another agent's token is told the task does not exist;
 * - two instances on one real Redis (BullMQ, test/support/redis.ts) with an `axn worker`: a task
 *   created through instance A is read, resulted and cancelled through instance B, for its owner only;
 *   the worker's progress reaches the client on A through BullMQ's job progress events.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect } from "chai";
import { Redis } from "ioredis";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  RELATED_TASK_META_KEY,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js";
import { axnBin, exitOf, readUntil } from "../support/axn-child.js";
import { freePort, useRedis } from "../support/redis.js";
import { rpcError } from "../support/mcp-client.js";

const helpdesk = fileURLToPath(new URL("../../docs/examples/helpdesk/", import.meta.url));
const tasksApp = fileURLToPath(new URL("./fixtures/tasks-app/", import.meta.url));

async function connect(url: string, token: string | undefined): Promise<Client> {
  const client = new Client({ name: "mcp-tasks-spec", version: "1.0.0" });
  const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

function createTask(client: Client, name: string, args: object, onprogress?: (progress: Progress) => void) {
  return client.request({ method: "tools/call", params: { name, arguments: args } }, CreateTaskResultSchema, {
    task: { ttl: 600_000 },
    ...(onprogress === undefined ? {} : { onprogress }),
  });
}

const notFound = (taskId: string) => ({
  code: -32602,
  message: `MCP error -32602: Task not found: ${taskId} (it was never created for this caller, or it expired)`,
});

/** The statuses `tasks/get` reports until the task ends (its poll interval apart), the last one terminal. */
async function statuses(client: Client, taskId: string): Promise<string[]> {
  const seen: string[] = [];
  for (;;) {
    const task = await client.experimental.tasks.getTask(taskId);
    if (seen.at(-1) !== task.status) seen.push(task.status);
    if (["completed", "failed", "cancelled"].includes(task.status)) return seen;
    await new Promise((resolve) => setTimeout(resolve, task.pollInterval ?? 50));
  }
}

describe("queue: MCP tasks over Streamable HTTP under axn serve", function () {
  this.timeout(180_000); // a hang guard for a loaded machine, not a budget
  const children: ChildProcess[] = [];
  const clients: Client[] = [];

  const spawnAxn = async (
    cwd: string,
    args: readonly string[],
    marker: string,
    env: NodeJS.ProcessEnv = {},
  ): Promise<{ child: ChildProcess; banner: string }> => {
    const { PORT: _port, ...inherited } = process.env;
    const child = spawn(process.execPath, [axnBin, ...args], {
      cwd,
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    return { child, banner: await readUntil(child, marker) };
  };
  const client = async (url: string, token?: string): Promise<Client> => {
    const connected = await connect(url, token);
    clients.push(connected);
    return connected;
  };
  afterEach(async () => {
    for (const connected of clients.splice(0)) await connected.close().catch(() => undefined);
    for (const child of children) child.kill("SIGTERM");
    await Promise.all(children.splice(0).map(exitOf));
  });

  it("the example app's ticket_report as a task: working → completed, progress, the waited call's result, bound to its agent", async () => {
    const { banner } = await spawnAxn(helpdesk, ["serve", "--port", "0"], "Press Ctrl+C to stop.\n");
    const mcp = `${/http:\/\/127\.0\.0\.1:\d+/.exec(banner)![0]}/mcp`;
    const ada = await client(mcp, "ada-token");
    const listed = (await ada.listTools()).tools.find((tool) => tool.name === "ticket_report");
    expect(listed?.execution).to.deep.equal({ taskSupport: "optional" });
    expect(ada.getServerCapabilities()?.tasks).to.deep.equal({
      list: {},
      cancel: {},
      requests: { tools: { call: {} } },
    });

    const args = { status: "open", pauseMs: 150 };
    const progress: Progress[] = [];
    const { task } = await createTask(ada, "ticket_report", args, (update) => progress.push(update));
    expect(task).to.include({ status: "working", ttl: 600_000, pollInterval: 1000 });
    // Another agent's token: no such task, on every method.
    const grace = await client(mcp, "grace-token");
    expect(await rpcError(grace.experimental.tasks.getTask(task.taskId))).to.deep.equal(notFound(task.taskId));
    expect(await rpcError(grace.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema))).to.deep.equal(
      notFound(task.taskId),
    );
    expect((await grace.experimental.tasks.listTasks()).tasks).to.deep.equal([]);

    // Working until the export ends (how many polls see it working depends on the machine's load:
    // the in-memory and Redis specs hold a task working on purpose), then completed.
    expect([["working", "completed"], ["completed"]]).to.deep.include(await statuses(ada, task.taskId));
    const { _meta, ...result } = await ada.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
    expect(_meta).to.deep.equal({ [RELATED_TASK_META_KEY]: { taskId: task.taskId } });
    const waited = await ada.callTool({ name: "ticket_report", arguments: args });
    expect(result).to.deep.equal(waited);
    const rows = (result.structuredContent as { rows: number }).rows;
    expect(rows).to.be.greaterThan(0);
    // Progress after CreateTaskResult reached the client on the session's stream, with the request's
    // token. That stream is not the result's, so the last update may land after the result.
    while (progress.length < rows) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(progress.map((update) => [update.progress, update.total])).to.deep.equal(
      Array.from({ length: rows }, (_, i) => [i + 1, rows]),
    );
    expect((progress[0] as { _meta?: unknown } | undefined)?._meta).to.deep.equal({
      [RELATED_TASK_META_KEY]: { taskId: task.taskId },
    });
    expect(
      (await ada.experimental.tasks.listTasks()).tasks.map((listed) => [listed.taskId, listed.status]),
    ).to.deep.equal([[task.taskId, "completed"]]);
  });

  describe("two instances on one Redis (BullMQ) and a worker", () => {
    const redis = useRedis();
    const queue = `mcp-tasks-${process.pid}`;
    let record: Redis;
    before(() => {
      record = new Redis(redis.url, { maxRetriesPerRequest: null });
      record.on("error", () => undefined);
    });
    after(() => record.disconnect());

    it("a task created through instance A is read, resulted and cancelled through instance B — for its owner only", async () => {
      const env = { AXN_TEST_REDIS_URL: redis.url, AXN_TEST_QUEUE: queue };
      const [portA, portB] = [await freePort(), await freePort()];
      await spawnAxn(tasksApp, ["serve", "--port", String(portA)], "Press Ctrl+C to stop.", env);
      await spawnAxn(tasksApp, ["serve", "--port", String(portB)], "Press Ctrl+C to stop.", env);
      await spawnAxn(tasksApp, ["worker", "--concurrency", "2"], "(Ctrl+C to stop)", env);
      const onA = await client(`http://127.0.0.1:${portA}/mcp`, "alice-token");
      const onB = await client(`http://127.0.0.1:${portB}/mcp`, "alice-token");
      const bobOnB = await client(`http://127.0.0.1:${portB}/mcp`, "bob-token");
      const [tool] = (await onA.listTools()).tools;
      expect([tool?.name, tool?.execution]).to.deep.equal(["slow_sum", { taskSupport: "optional" }]);

      const progress: Progress[] = [];
      const { task } = await createTask(onA, "slow_sum", { key: "sum-1", numbers: [1, 2, 3] }, (update) =>
        progress.push(update),
      );
      expect(task).to.include({ status: "working", pollInterval: 50 });
      await record.blpop("started:sum-1", 0); // the worker runs it
      expect((await onB.experimental.tasks.getTask(task.taskId)).status).to.equal("working");
      expect(await rpcError(bobOnB.experimental.tasks.getTask(task.taskId))).to.deep.equal(notFound(task.taskId));
      await record.rpush("release:sum-1", "go");
      const { _meta, ...result } = await onB.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema);
      const { pid } = result.structuredContent as { sum: number; pid: number };
      expect(result).to.deep.equal({
        content: [{ type: "text", text: JSON.stringify({ sum: 6, pid }) }],
        structuredContent: { sum: 6, pid },
      });
      expect((await onA.experimental.tasks.getTask(task.taskId)).status).to.equal("completed");
      // The worker's progress came back through Redis (BullMQ job progress) to instance A's session stream.
      while (progress.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      const related = { [RELATED_TASK_META_KEY]: { taskId: task.taskId } };
      expect(progress).to.deep.equal([
        { progress: 1, total: 2, message: "waiting for the release", _meta: related },
        { progress: 2, total: 2, message: "summing", _meta: related },
      ]);

      // A business failure: a failed task, its result the tool's isError result — read on B.
      const failed = (await createTask(onA, "slow_sum", { key: "sum-2", numbers: [-1] })).task;
      await record.rpush("release:sum-2", "go");
      expect(await statuses(onB, failed.taskId)).to.include.members(["failed"]);
      expect(await onB.experimental.tasks.getTask(failed.taskId)).to.include({
        status: "failed",
        statusMessage: "negative numbers are not summed",
      });
      const { _meta: _failedMeta, ...failure } = await onB.experimental.tasks.getTaskResult(
        failed.taskId,
        CallToolResultSchema,
      );
      expect(failure).to.deep.equal({
        content: [{ type: "text", text: "negative numbers are not summed" }],
        isError: true,
      });

      // Cancelled through B while the worker runs it: the body sees its signal and stops.
      const running = (await createTask(onA, "slow_sum", { key: "sum-3", numbers: [4] })).task;
      await record.blpop("started:sum-3", 0);
      expect(await rpcError(bobOnB.experimental.tasks.cancelTask(running.taskId))).to.deep.equal(
        notFound(running.taskId),
      );
      expect(await onB.experimental.tasks.cancelTask(running.taskId)).to.include({
        status: "cancelled",
        statusMessage: "The task was cancelled",
      });
      await record.blpop("stopped:sum-3", 0);
      expect((await onA.experimental.tasks.getTask(running.taskId)).status).to.equal("cancelled");
      expect((await onA.experimental.tasks.getTaskResult(running.taskId, CallToolResultSchema)).content).to.deep.equal([
        { type: "text", text: "The task was cancelled" },
      ]);

      // The owner's list is the same on either instance; bob's is empty.
      const listed = (await onB.experimental.tasks.listTasks()).tasks.map((listedTask) => [
        listedTask.taskId,
        listedTask.status,
      ]);
      expect(listed).to.deep.equal([
        [task.taskId, "completed"],
        [failed.taskId, "failed"],
        [running.taskId, "cancelled"],
      ]);
      expect((await onA.experimental.tasks.listTasks()).tasks.map((listedTask) => listedTask.taskId)).to.deep.equal(
        listed.map(([id]) => id),
      );
      expect((await bobOnB.experimental.tasks.listTasks()).tasks).to.deep.equal([]);
    });
  });
});
