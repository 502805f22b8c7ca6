/**
 * A call answered at its deadline whose body ignores its signal keeps running; it keeps its slot of
 * the server's concurrent-call cap until the body actually settles, on the HTTP API and MCP alike
 * (real loopback sockets, the SDK's `Client`) — so abandoned work cannot pile up past the cap. The
 * body here waits on a gate the spec opens, so no step depends on how fast the machine is.
 */
import { expect } from "chai";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { defineAxn } from "@axn/core";
import { servingConfig, servingPolicy } from "@axn/sdk/serving";
import { resetKernel } from "@axn/sdk/testing";
import { serve } from "axn-plugin-http";
import { createStreamableHttpHandler, McpAdapter } from "axn-plugin-mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";

/** A tool whose first call ignores its signal and waits for `open()`; later calls answer at once. */
function gatedTool() {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let settled = 0;
  const Stubborn = defineAxn({
    name: "OverdueSpec.Stubborn",
    expects: { wait: z.boolean() },
    call: async ({ wait }) => {
      if (!wait) return;
      await gate;
      settled++;
    },
  });
  return { Stubborn, open, settled: () => settled };
}

/** Retries `attempt` until it answers something other than `busy` (the slot comes back a tick after the body ends). */
async function untilFree<T>(attempt: () => Promise<T>, busy: (value: T) => boolean): Promise<T> {
  for (let i = 0; ; i++) {
    const value = await attempt();
    if (!busy(value) || i === 200) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("a timed-out call keeps its concurrency slot until its body settles", () => {
  beforeEach(() => {
    resetKernel();
    servingConfig.configure((c) => (c.callTimeoutMs = 100));
  });
  afterEach(resetKernel);

  it("HTTP: 504 at the deadline, then 503 while the body runs on, then 200 once it has settled", async () => {
    const { Stubborn, open, settled } = gatedTool();
    const server = await serve({ port: 0, tools: [Stubborn], serving: servingPolicy({ maxConcurrentCalls: 1 }) });
    const call = (wait: boolean) =>
      fetch(`${server.url}/api/overdue_spec_stubborn/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ wait }),
      }).then(async (r) => [r.status, await r.json()] as const);
    try {
      expect(await call(true)).to.deep.equal([504, { error: "Tool overdue_spec_stubborn timed out after 100 ms" }]);
      expect(await call(false)).to.deep.equal([
        503,
        { error: "Server busy: too many tool calls in progress; retry shortly" },
      ]);
      open();
      const after = await untilFree(
        () => call(false),
        ([status]) => status === 503,
      );
      expect([after, settled()]).to.deep.equal([[200, { message: "Action completed successfully" }], 1]);
    } finally {
      open();
      await server.close();
    }
  });

  it("MCP: the timeout tool error, then -32010 while the body runs on, then the call runs once it has settled", async () => {
    const { Stubborn, open } = gatedTool();
    const handler = createStreamableHttpHandler({
      name: "overdue",
      version: "1",
      tools: [McpAdapter.wrap(Stubborn)],
      serving: servingPolicy({ maxConcurrentCalls: 1 }),
    });
    const http = createServer(handler.listener);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const client = new Client({ name: "overdue", version: "1" });
    const call = (wait: boolean) =>
      client.callTool({ name: "overdue_spec_stubborn", arguments: { wait } }).then(
        (result) => [result.isError ?? false, (result.content as { text: string }[])[0]!.text] as const,
        (error: { code?: number }) => ["error", error.code] as const,
      );
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`)),
      );
      expect(await call(true)).to.deep.equal([true, "Tool overdue_spec_stubborn timed out after 100 ms"]);
      expect(await call(false)).to.deep.equal(["error", -32010]);
      open();
      expect(
        await untilFree(
          () => call(false),
          ([kind]) => kind === "error",
        ),
      ).to.deep.equal([false, "Action completed successfully"]);
    } finally {
      open();
      await client.close();
      await handler.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
