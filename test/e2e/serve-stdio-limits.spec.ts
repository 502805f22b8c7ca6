/**
 * `axn serve --stdio mcp` (child process, the example app) against a client that misbehaves: an
 * 11 MiB line is refused with a clear stderr message and exit code 65; a client that closes the
 * server's stdout ends it with exit code 0 and no MaxListenersExceededWarning; a client that sends
 * 20,000 requests and reads nothing meets back-pressure — the server stops reading — instead of an
 * unbounded reply buffer, and every reply still arrives once it reads.
 */
import { expect } from "chai";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { MAX_STDIO_MESSAGE_BYTES, STDIO_OVERSIZED_EXIT_CODE } from "axn-plugin-mcp";
import { axnBin, exitOf, repo } from "../support/axn-child.js";

const config = join(repo, "docs/examples/helpdesk/axn.config.ts");
const INIT = {
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "stdio", version: "1" } },
};

function start(): { child: ChildProcessWithoutNullStreams; stderr: () => string } {
  const { PORT: _port, ...env } = process.env;
  const child = spawn(process.execPath, [axnBin, "serve", "--config", config, "--stdio", "mcp"], { cwd: repo, env });
  let stderr = "";
  // The server may stop reading (and exit) while a spec is still writing to it: that is the point.
  child.stdin.on("error", () => undefined);
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return { child, stderr: () => stderr };
}

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

const line = (message: object): string => `${JSON.stringify(message)}\n`;

describe("axn serve --stdio mcp against a misbehaving client (child process)", function () {
  this.timeout(180_000); // a hang guard
  const children = new Set<ChildProcessWithoutNullStreams>();
  afterEach(() => {
    for (const child of children) child.kill("SIGKILL");
    children.clear();
  });

  it(`refuses an 11 MiB line (over ${MAX_STDIO_MESSAGE_BYTES} bytes) on stderr and exits ${STDIO_OVERSIZED_EXIT_CODE}`, async () => {
    const { child, stderr } = start();
    children.add(child);
    child.stdin.write(line(INIT));
    child.stdin.write(
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_tickets","arguments":{"q":"${"x".repeat(11 * 1024 * 1024)}"}}}\n`,
    );
    expect(await exitOf(child)).to.equal(STDIO_OVERSIZED_EXIT_CODE);
    expect(stderr()).to.include(
      "axn-plugin-mcp: a message on stdin is longer than 10485760 bytes, the most one line may hold; closing the connection. Send smaller arguments (or a reference to the data) instead.",
    );
  });

  it("exits 0, without a MaxListenersExceededWarning, when the client closes the server's stdout", async () => {
    const { child, stderr } = start();
    children.add(child);
    child.stdout.destroy();
    child.stdin.write(line(INIT));
    for (let id = 1; id <= 50; id++) child.stdin.write(line({ jsonrpc: "2.0", id, method: "tools/list" }));
    expect(await exitOf(child)).to.equal(0);
    expect(stderr()).to.not.include("MaxListenersExceededWarning");
  });

  it("applies back-pressure to a client that reads nothing, and delivers all 20,000 replies once it reads", async () => {
    const { child, stderr } = start();
    children.add(child);
    child.stdout.pause();
    const banner = new Promise<void>((resolve) =>
      child.stderr.on("data", () => stderr().includes("axn: serving") && resolve()),
    );
    child.stdin.write(line(INIT));
    await banner;
    const before = rssMiB(child.pid!);
    for (let id = 1; id <= 20_000; id++) child.stdin.write(line({ jsonrpc: "2.0", id, method: "tools/list" }));
    // Let the server fill the pipe and stop: how long is not asserted, only where memory ends up.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const held = rssMiB(child.pid!);
    expect(held - before).to.be.below(100);
    let count = 0;
    let buffer = "";
    const all = new Promise<void>((resolve) =>
      child.stdout.on("data", (chunk: Buffer) => {
        buffer += chunk.toString();
        let index: number;
        while ((index = buffer.indexOf("\n")) >= 0) {
          buffer = buffer.slice(index + 1);
          if (++count === 20_001) resolve();
        }
      }),
    );
    child.stdout.resume();
    await all;
    expect(count).to.equal(20_001);
    child.stdin.end();
    expect(await exitOf(child)).to.equal(0);
  });

  it("stdio is trusted-local: AXN_PRINCIPAL is every call's principal", async () => {
    const { PORT: _port, ...env } = process.env;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [axnBin, "serve", "--config", config, "--stdio", "mcp"],
      cwd: repo,
      env: { ...(env as Record<string, string>), AXN_PRINCIPAL: '{"id":"ag_ada","roles":["agent"]}' },
      stderr: "ignore",
    });
    const client = new Client({ name: "stdio-principal", version: "1" });
    await client.connect(transport);
    try {
      const assigned = await client.callTool({ name: "assign_to_me", arguments: { ticketId: "T-1003" } });
      expect((assigned.structuredContent as { ticket: { assigneeId: string } }).ticket.assigneeId).to.equal("ag_ada");
    } finally {
      await client.close();
    }
  });
});
