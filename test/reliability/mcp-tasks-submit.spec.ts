/**
 * Issue 29, MCP tasks on `Jobs.submit` — through a spawned `axn serve` on the fixture app (embedded
 * queue, one slot, small waiting caps), real HTTP over loopback: a task-augmented `tools/call`
 * (2025-11-25) and a Tasks-extension `tools/call` (2026-07-28) are checked as HTTP `?async=1` is,
 * before anything is stored — arguments and size `-32602`, the waiting caps per owner and overall
 * `-32010` with the retry hint in the message — and a refused task is
 * nowhere (`tasks/list`).
 */
import { expect } from "chai";
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from "@modelcontextprotocol/client";
import type { ServedApp } from "./support/serve-child.js";
import { initialize, send, serveHoardApp } from "./support/serve-mcp-hoard.js";

const ADA = { authorization: "Bearer ada-token" };
const BOB = { authorization: "Bearer bob-token" };
const QUEUE = { concurrency: 1, maxWaitingPerOwner: 2, maxWaitingJobs: 4 };

const ownerFull = {
  code: -32010,
  message: "Too many background calls waiting for this caller; retry in 5 seconds",
};
const allFull = {
  code: -32010,
  message: "Too many background calls waiting; retry in 5 seconds",
};
const tooLarge = { code: -32602, message: "Background call too large: its arguments exceed 65536 bytes" };

/** The JSON-RPC message of a reply, SSE (`data: …`) or JSON. */
function message(text: string): { result?: Record<string, unknown>; error?: Record<string, unknown> } {
  const data = /^data: (.*)$/m.exec(text);
  return JSON.parse(data === null ? text : data[1]!) as {
    result?: Record<string, unknown>;
    error?: Record<string, unknown>;
  };
}

describe("axn serve under hostile load: MCP tasks on Jobs.submit (child process, fixture app)", function () {
  this.timeout(120_000); // a hang guard for a loaded machine, not a budget
  let app: ServedApp | undefined;
  afterEach(async () => {
    await app?.stop();
    app = undefined;
  });
  const mcp = () => `${app!.url}/mcp`;

  /** A 2025-11-25 session of the caller `headers` name, and its requests. */
  async function session(headers: Record<string, string> = {}) {
    const id = (await initialize(mcp(), headers)).id!;
    let next = 1;
    const request = async (method: string, params: object) =>
      message((await send(mcp(), id, { jsonrpc: "2.0", id: next++, method, params }, headers)).text);
    return {
      task: (args: object) => request("tools/call", { name: "hoard_report", arguments: args, task: { ttl: 60_000 } }),
      call: async (name: string) => (await request("tools/call", { name, arguments: {} })).result,
      list: async () => ((await request("tasks/list", {})).result!["tasks"] as unknown[]).length,
    };
  }

  it("2025-11-25: a task-augmented call is checked before it is stored; the waiting caps answer -32010 with a retry hint", async () => {
    app = await serveHoardApp({ queue: QUEUE });
    const anonymous = await session();
    // The one slot, held.
    expect((await anonymous.task({ gate: true })).result?.["task"]).to.have.property("status", "working");
    const started = async () =>
      ((await anonymous.call("hoard_started"))?.["structuredContent"] as { started?: number } | undefined)?.started;
    while ((await started()) !== 1) await new Promise((resolve) => setTimeout(resolve, 20));
    // Size and arguments, before any cap: nothing stored.
    expect((await anonymous.task({ note: "x".repeat(70_000) })).error).to.deep.equal(tooLarge);
    const bad = (await anonymous.task({ gate: "yes" })).error;
    expect(bad).to.deep.equal({
      code: -32602,
      message: "gate: Invalid input: expected boolean, received string",
    });
    // Two waiting for this caller, then its cap.
    expect((await anonymous.task({})).error).to.equal(undefined);
    expect((await anonymous.task({})).error).to.equal(undefined);
    expect((await anonymous.task({})).error).to.deep.equal(ownerFull);
    // Another caller still gets in, up to the overall cap (four waiting).
    const ada = await session(ADA);
    const bob = await session(BOB);
    expect((await ada.task({})).error).to.equal(undefined);
    expect((await bob.task({})).error).to.equal(undefined);
    expect((await bob.task({})).error).to.deep.equal(allFull);
    // What was refused is no task.
    expect([await anonymous.list(), await ada.list(), await bob.list()]).to.deep.equal([3, 1, 1]);
    await anonymous.call("hoard_release");
    expect(app.stderr()).to.equal("");
  });

  it("2026-07-28: a Tasks-extension call is checked the same way, with the same errors", async () => {
    app = await serveHoardApp({ queue: QUEUE });
    let next = 1;
    /** One sessionless 2026-07-28 request of Ada's, declaring the Tasks extension. */
    const modern = async (method: string, params: Record<string, unknown>) => {
      const name = params["name"] ?? params["taskId"];
      const reply = await fetch(mcp(), {
        method: "POST",
        headers: {
          ...ADA,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-protocol-version": "2026-07-28",
          "mcp-method": method,
          ...(typeof name === "string" ? { "mcp-name": name } : {}),
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: next++,
          method,
          params: {
            ...params,
            _meta: {
              [PROTOCOL_VERSION_META_KEY]: "2026-07-28",
              [CLIENT_INFO_META_KEY]: { name: "mcp-tasks-submit-spec", version: "1.0.0" },
              [CLIENT_CAPABILITIES_META_KEY]: { extensions: { "io.modelcontextprotocol/tasks": {} } },
            },
          },
        }),
      });
      return message(await reply.text());
    };
    const task = (args: object) => modern("tools/call", { name: "hoard_report", arguments: args });
    expect((await task({ gate: true })).result).to.include({ resultType: "task", status: "working" });
    const started = async () =>
      (
        (await modern("tools/call", { name: "hoard_started", arguments: {} })).result?.["structuredContent"] as
          | { started?: number }
          | undefined
      )?.started;
    while ((await started()) !== 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await task({ note: "x".repeat(70_000) })).error).to.deep.equal(tooLarge);
    expect((await task({ gate: "yes" })).error).to.deep.equal({
      code: -32602,
      message: "gate: Invalid input: expected boolean, received string",
    });
    expect((await task({})).result).to.include({ status: "working" });
    expect((await task({})).result).to.include({ status: "working" });
    expect((await task({})).error).to.deep.equal(ownerFull);
    await modern("tools/call", { name: "hoard_release", arguments: {} });
    expect(app.stderr()).to.equal("");
  });
});
