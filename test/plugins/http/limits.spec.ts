/**
 * The limits of a call over real loopback sockets, on the HTTP API and MCP alike: the per-call
 * timeout (a short `serve.callTimeoutMs` stands in for the 130-second tool: the tool ignores its
 * signal, and the caller is still answered, naming the tool), the server's concurrent-call cap
 * (503 + Retry-After), and a 413 that reaches a `node:http` client still sending its body — 20 of 20.
 */
import { expect } from "chai";
import { request as httpRequest } from "node:http";
import { defineAxn } from "@axn/core";
import { servingConfig, servingPolicy } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";
import { serve, type HttpServerHandle } from "axn-plugin-http";
import { createStreamableHttpHandler, McpAdapter } from "axn-plugin-mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { z } from "zod";

function slowTool() {
  let aborted = 0;
  const Slow = defineAxn({
    name: "LimitsSpec.Slow",
    expects: { ms: z.number().int() },
    // Ignores its signal on purpose (it only counts it): the deadline must answer anyway.
    call: async ({ ms }, { signal }) => {
      signal.addEventListener("abort", () => aborted++);
      await new Promise((resolve) => setTimeout(resolve, ms));
    },
  });
  return { Slow, aborted: () => aborted };
}

/** POSTs `size` bytes with a Content-Length, writing the whole body whatever the server answers. */
function postLarge(url: string, size: number): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(size),
          accept: "application/json, text/event-stream",
        },
      },
      (res) => {
        let body = "";
        res
          .setEncoding("utf8")
          .on("data", (chunk: string) => (body += chunk))
          .on("end", () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const write = (): void => {
      while (sent < size) {
        const part = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

describe("limits over loopback: timeout, concurrency cap, 413", () => {
  beforeEach(resetKernel);
  afterEach(resetKernel);

  it("HTTP: a call past serve.callTimeoutMs answers 504 naming the tool, and its signal is aborted", async () => {
    servingConfig.configure((c) => (c.callTimeoutMs = 100));
    const { Slow, aborted } = slowTool();
    const server = await serve({ port: 0, tools: [Slow] });
    try {
      const reply = await fetch(`${server.url}/api/limits_spec_slow/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"ms":3000}',
      });
      expect(reply.status).to.equal(504);
      expect(await reply.json()).to.deep.equal({ error: "Tool limits_spec_slow timed out after 100 ms" });
      expect(aborted()).to.equal(1);
    } finally {
      await server.close();
    }
  });

  it("MCP: the same timeout is a tool error naming the tool; an action's own callTimeoutMs overrides the app's", async () => {
    servingConfig.configure((c) => (c.callTimeoutMs = 100));
    const { Slow } = slowTool();
    const Patient = defineAxn({
      name: "LimitsSpec.Patient",
      configure: { serve: { callTimeoutMs: 5000 } },
      call: async () => void (await new Promise((r) => setTimeout(r, 300))),
    });
    const handler = createStreamableHttpHandler({
      name: "limits",
      version: "1",
      tools: [McpAdapter.wrap(Slow), McpAdapter.wrap(Patient)],
    });
    const http = createServer(handler.listener);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const client = new Client({ name: "limits", version: "1" });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`)),
      );
      const slow = await client.callTool({ name: "limits_spec_slow", arguments: { ms: 3000 } });
      expect(slow).to.deep.include({
        isError: true,
        content: [{ type: "text", text: "Tool limits_spec_slow timed out after 100 ms" }],
      });
      const patient = await client.callTool({ name: "limits_spec_patient", arguments: {} });
      expect(patient.isError).to.not.equal(true);
    } finally {
      await client.close();
      await handler.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it("HTTP: beyond maxConcurrentCalls the server answers 503 with Retry-After", async () => {
    const { Slow } = slowTool();
    const server = await serve({ port: 0, tools: [Slow], serving: servingPolicy({ maxConcurrentCalls: 2 }) });
    try {
      const post = () =>
        fetch(`${server.url}/api/limits_spec_slow/v1`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"ms":400}',
        });
      const running = [post(), post()];
      await new Promise((resolve) => setTimeout(resolve, 100));
      const busy = await post();
      expect(busy.status).to.equal(503);
      expect(busy.headers.get("retry-after")).to.equal("1");
      expect(await busy.json()).to.deep.equal({ error: "Server busy: too many tool calls in progress; retry shortly" });
      expect((await Promise.all(running)).map((r) => r.status)).to.deep.equal([200, 200]);
    } finally {
      await server.close();
    }
  });

  it("MCP: beyond maxConcurrentCalls a call is the JSON-RPC error -32010, the others complete", async () => {
    const { Slow } = slowTool();
    const handler = createStreamableHttpHandler({
      name: "limits",
      version: "1",
      tools: [McpAdapter.wrap(Slow)],
      serving: servingPolicy({ maxConcurrentCalls: 1 }),
    });
    const http = createServer(handler.listener);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const client = new Client({ name: "limits", version: "1" });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`)),
      );
      const first = client.callTool({ name: "limits_spec_slow", arguments: { ms: 400 } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const busy = await client.callTool({ name: "limits_spec_slow", arguments: { ms: 0 } }).then(
        () => "answered",
        (error: { code?: number; message?: string }) => [error.code, error.message],
      );
      expect(busy).to.deep.equal([
        -32010,
        "MCP error -32010: Server busy: too many tool calls in progress; retry shortly",
      ]);
      expect((await first).isError).to.not.equal(true);
    } finally {
      await client.close();
      await handler.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it("413 reaches a node:http client still sending its declared body, and curl, 20 of 20 each, on /api and /mcp", async () => {
    const { Slow } = slowTool();
    let server: HttpServerHandle | undefined;
    const handler = createStreamableHttpHandler({ name: "limits", version: "1", tools: [McpAdapter.wrap(Slow)] });
    const mcp = createServer(handler.listener);
    await new Promise<void>((resolve) => mcp.listen(0, "127.0.0.1", resolve));
    try {
      server = await serve({ port: 0, tools: [Slow] });
      const size = 3 * 1024 * 1024;
      const api: unknown[] = [];
      const rpc: unknown[] = [];
      for (let i = 0; i < 20; i++) {
        api.push(await postLarge(`${server.url}/api/limits_spec_slow/v1`, size));
        rpc.push(await postLarge(`http://127.0.0.1:${(mcp.address() as AddressInfo).port}/mcp`, size));
      }
      expect(api).to.deep.equal(
        Array(20).fill({ status: 413, body: '{"error":"Request body exceeds 1048576 bytes"}' }),
      );
      // And curl, with its own Content-Length and upload pacing.
      const dir = mkdtempSync(join(tmpdir(), "axn-413-"));
      try {
        writeFileSync(join(dir, "body.json"), Buffer.alloc(size, 0x20));
        const curl = (target: string): Promise<string> =>
          new Promise((resolve) =>
            execFile(
              "curl",
              [
                "-s",
                "-o",
                "/dev/null",
                "-w",
                "%{http_code}",
                "-X",
                "POST",
                "-H",
                "content-type: application/json",
                "-H",
                "accept: application/json, text/event-stream",
                "--data-binary",
                `@${join(dir, "body.json")}`,
                target,
              ],
              (_error, stdout) => resolve(stdout),
            ),
          );
        const codes: string[] = [];
        for (let i = 0; i < 20; i++) {
          codes.push(
            await curl(`${server.url}/api/limits_spec_slow/v1`),
            await curl(`http://127.0.0.1:${(mcp.address() as AddressInfo).port}/mcp`),
          );
        }
        expect(codes).to.deep.equal(Array(40).fill("413"));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      expect(rpc).to.deep.equal(
        Array(20).fill({
          status: 413,
          body: '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Payload too large: the request body exceeds 1048576 bytes"},"id":null}',
        }),
      );
    } finally {
      await server?.close();
      await handler.close();
      mcp.closeAllConnections();
      await new Promise((resolve) => mcp.close(resolve));
    }
  });
});
