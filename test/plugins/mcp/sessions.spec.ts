/**
 * 10,000 abandoned MCP sessions (each `initialize`d over a real loopback socket, then never used
 * again) are held under the session cap: past `maxSessions` each new one closes the least recently
 * used idle session, so the table never grows past the cap (the cap is what bounds the heap they
 * cost). One caller opens them all here (its own cap set above the table's); past its own cap a
 * caller is refused (test/reliability/mcp-sessions.spec.ts).
 */
import { expect } from "chai";
import { Agent, request as httpRequest } from "node:http";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { defineAxn } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { createStreamableHttpHandler, DEFAULT_MAX_SESSIONS, McpAdapter } from "axn-plugin-mcp";

const INIT = JSON.stringify({
  jsonrpc: "2.0",
  id: 0,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "abandoned", version: "1" } },
});

describe("axn-plugin-mcp: 10,000 abandoned sessions under the cap", function () {
  this.timeout(600_000); // a hang guard: 10,000 initializes on a loaded 2-core machine
  beforeEach(resetKernel);
  afterEach(resetKernel);

  it(`the default cap (${DEFAULT_MAX_SESSIONS}) holds: each one past it evicts the least recently used, the table stays at the cap`, async () => {
    const Ping = defineAxn({ name: "SessionsSpec.Ping", call: () => undefined });
    const handler = createStreamableHttpHandler({
      name: "sessions",
      version: "1",
      tools: [McpAdapter.wrap(Ping)],
      maxSessionsPerPrincipal: 10_000,
    });
    const server = createServer(handler.listener);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const statuses = new Map<number, number>();
    try {
      const one = (): Promise<number> =>
        new Promise((resolve, reject) => {
          const req = httpRequest(
            {
              host: "127.0.0.1",
              port,
              path: "/mcp",
              method: "POST",
              agent,
              headers: {
                "content-type": "application/json",
                accept: "application/json, text/event-stream",
                "content-length": Buffer.byteLength(INIT),
              },
            },
            (res) => {
              res.resume().on("end", () => resolve(res.statusCode!));
            },
          );
          req.on("error", reject);
          req.end(INIT);
        });
      let next = 0;
      let peak = 0;
      const worker = async (): Promise<void> => {
        while (next < 10_000) {
          next++;
          const status = await one();
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          peak = Math.max(peak, handler.sessionCount);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      expect(Object.fromEntries(statuses)).to.deep.equal({ 200: 10_000 });
      expect(peak).to.equal(DEFAULT_MAX_SESSIONS);
      expect(handler.sessionCount).to.equal(DEFAULT_MAX_SESSIONS);
    } finally {
      agent.destroy();
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
    expect(handler.sessionCount).to.equal(0);
  });
});
