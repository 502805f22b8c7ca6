/**
 * Faults: an action that throws, one that hangs until cancelled, one that rejects after its client
 * left; a plugin whose `apply` throws at load; an `onResult` observer that throws; clients that hang
 * up mid-call over stdio (a real child process) and over HTTP (loopback); malformed JSON-RPC sent raw
 * over stdio and Streamable HTTP. After each, the server serves the next request, and the fault is
 * reported exactly once with the tool or plugin named — never paged for a caller's own mistake.
 */
import { expect } from "chai";
import { createServer, request as httpRequest, type Server as NodeServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCodes, HookError } from "@axn/core";
import { activeHost } from "@axn/core/internal";
import { createHost, definePlugin, PluginError } from "@axn/sdk";
import { createStreamableHttpHandler, McpAdapter } from "axn-plugin-mcp";
import { serve, type HttpServerHandle } from "axn-plugin-http";
import { Explode, Hang, Identify, observed, RejectLate, SECRET } from "./support/tools.js";
import { httpPath, openTransports, TRANSPORTS, type Transports } from "./support/transports.js";
import { INITIALIZE, INITIALIZED, spawnStdioServer, toolCall } from "./support/stdio-child.js";
import { describePages, recordPages, recordProcessFaults } from "./support/watch.js";
import { resetKernel } from "@axn/sdk/testing";

/**
 * Polls until `test` holds (the fault fixtures settle on their own schedule). The deadline is a hang
 * guard that names what never happened, not a budget: it sits well below the mocha timeout.
 */
async function eventually(test: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(10);
  }
}

let tagSeq = 0;
const nextTag = (prefix: string): string => `${prefix}-${++tagSeq}`;

describe("reliability: faults", function () {
  this.timeout(30_000);
  const faults = recordProcessFaults();
  const pages = recordPages();
  let transports: Transports;
  before(async () => {
    transports = await openTransports([Identify, Explode, Hang, RejectLate]);
  });
  after(() => transports.close());

  async function expectServesNext(transport: (typeof TRANSPORTS)[number]): Promise<void> {
    const next = await transports.call(transport, Identify, { requestId: "next" }, { user: "u_next" });
    expect([next.ok, next.text.includes("u_next")], `${transport}: the next request`).to.deep.equal([true, true]);
  }

  describe("an action that throws", () => {
    for (const transport of TRANSPORTS) {
      it(`${transport}: the client reads the action's own error (no secret, no stack); one page naming the tool`, async () => {
        const outcome = await transports.call(transport, Explode, {}, { user: "u1" });
        expect([outcome.ok, outcome.text]).to.deep.equal([false, "The report could not be built"]);
        if (transport === "http") expect(outcome.code).to.equal(500);
        expect(outcome.text).not.to.include(SECRET);
        expect(outcome.text).not.to.match(/\bat .*\(.*:\d+:\d+\)/);
        expect(describePages(pages)).to.deep.equal([`Reliability.Explode: call: ${SECRET}`]);
        await expectServesNext(transport);
        expect(faults).to.deep.equal([]);
      });
    }
  });

  describe("an action that hangs until the client cancels", () => {
    for (const transport of ["mcp", "langchain"] as const) {
      const how = transport === "mcp" ? "notifications/cancelled (client AbortSignal)" : "the run's abort signal";
      it(`${transport}: ${how} aborts ctx.signal; the client is released at once; nothing is paged`, async () => {
        const tag = nextTag(`hang-${transport}`);
        const controller = new AbortController();
        const pending = transports.call(
          transport,
          Hang,
          { tag, ms: 20_000 },
          { user: "u1", signal: controller.signal },
        );
        await eventually(() => observed.has(tag), "the action started");
        controller.abort(new Error("user pressed stop"));
        const outcome = await pending;
        expect(outcome.failure).to.equal("protocol");
        await eventually(() => observed.get(tag)!.settled, "the action settled");
        expect(observed.get(tag)!.aborted).to.equal(true);
        expect(describePages(pages)).to.deep.equal([]);
        await expectServesNext(transport);
        expect(faults).to.deep.equal([]);
      });
    }

    it("http: the Request's signal (a client that disconnects) aborts ctx.signal; the action fails as cancelled, unpaged", async () => {
      const tag = nextTag("hang-http");
      const controller = new AbortController();
      const pending = transports.http.fetch(
        new Request(`http://localhost${httpPath(Hang)}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ tag, ms: 20_000 }),
          signal: controller.signal,
        }),
      );
      await eventually(() => observed.has(tag), "the action started");
      controller.abort();
      const response = await pending;
      expect([response.status, await response.json()]).to.deep.equal([
        422,
        { error: "The slow job stopped: cancelled by the client" },
      ]);
      expect(observed.get(tag)!.aborted).to.equal(true);
      expect(describePages(pages)).to.deep.equal([]);
      await expectServesNext("http");
    });
  });

  describe("an action that rejects after its client left", () => {
    for (const transport of ["mcp", "langchain"] as const) {
      it(`${transport}: the late rejection settles into the result, is paged once naming the tool, and never goes unhandled`, async () => {
        const tag = nextTag(`late-${transport}`);
        const controller = new AbortController();
        const pending = transports.call(
          transport,
          RejectLate,
          { tag, ms: 150 },
          { user: "u1", signal: controller.signal },
        );
        await eventually(() => observed.has(tag), "the action started");
        controller.abort(new Error("client left"));
        expect((await pending).failure).to.equal("protocol");
        await eventually(() => observed.get(tag)!.settled && pages.length > 0, "the late rejection was reported");
        await sleep(20);
        expect(describePages(pages)).to.deep.equal([`Reliability.RejectLate: call: late failure for ${tag}`]);
        await expectServesNext(transport);
        expect(faults).to.deep.equal([]);
      });
    }
  });

  describe("a client that disconnects mid-call over HTTP (loopback)", () => {
    let server: HttpServerHandle;
    before(async () => {
      server = await serve({ port: 0, app: transports.http });
    });
    after(() => server.close());

    /** Sends the call over a real socket and destroys it once the action has started. */
    async function hangUp(path: string, body: unknown, tag: string): Promise<void> {
      const url = new URL(server.url);
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        path,
        method: "POST",
        headers: { "content-type": "application/json" },
      });
      req.on("error", () => undefined); // the socket we destroy ourselves
      req.end(JSON.stringify(body));
      await eventually(() => observed.has(tag), "the action started");
      req.destroy();
    }

    it("http: a hanging action sees ctx.signal abort; nothing is paged; the server answers the next request", async () => {
      const tag = nextTag("hangup-http");
      await hangUp(httpPath(Hang), { tag, ms: 20_000 }, tag);
      await eventually(() => observed.get(tag)?.settled === true, "the action settled");
      expect(observed.get(tag)!.aborted).to.equal(true);
      const next = await fetch(`${server.url}${httpPath(Identify)}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer u_after" },
        body: JSON.stringify({ requestId: "after" }),
      });
      expect([next.status, ((await next.json()) as { userId: string }).userId]).to.deep.equal([200, "u_after"]);
      expect(describePages(pages)).to.deep.equal([]);
      expect(faults).to.deep.equal([]);
    });

    it("http: an action rejecting after the client hung up is paged once, naming the tool; no unhandled rejection", async () => {
      const tag = nextTag("hangup-late");
      await hangUp(httpPath(RejectLate), { tag, ms: 100 }, tag);
      await eventually(
        () => observed.get(tag)?.settled === true && pages.length > 0,
        "the late rejection was reported",
      );
      await sleep(20);
      expect(describePages(pages)).to.deep.equal([`Reliability.RejectLate: call: late failure for ${tag}`]);
      expect(observed.get(tag)!.aborted).to.equal(true);
      expect(faults).to.deep.equal([]);
    });
  });

  describe("plugins that fail", () => {
    // Each case loads a host of its own: start from none, whatever ran before, and leave none.
    beforeEach(resetKernel);
    afterEach(resetKernel);
    // After the reset (which restores the default global options), so the capture is in place.
    const pages = recordPages();

    const brokenPlugin = definePlugin({
      name: "axn-plugin-reliability-broken",
      version: "1.0.0",
      host: "^0.1.0",
      apply() {
        throw new Error("cannot reach the license server");
      },
    });

    it("a plugin whose apply throws fails the load with AXN_PLUGIN_APPLY_FAILED naming it, leaves no host, and the next load works", async () => {
      let thrown: unknown;
      try {
        await createHost({ config: { plugins: [brokenPlugin] } });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).to.be.instanceOf(PluginError);
      const error = thrown as PluginError;
      expect([error.code, error.plugin, error.message]).to.deep.equal([
        ErrorCodes.PluginApplyFailed,
        "axn-plugin-reliability-broken",
        'Plugin "axn-plugin-reliability-broken" failed in apply: cannot reach the license server',
      ]);
      expect(activeHost()).to.equal(undefined);
      // Calls made meanwhile are unaffected, and a corrected config loads.
      await expectServesNext("mcp");
      const fixed = await createHost({ config: { plugins: [] } });
      expect(fixed.plugins).to.deep.equal([]);
      expect(describePages(pages)).to.deep.equal([]);
    });

    for (const transport of TRANSPORTS) {
      it(`${transport}: an onResult observer that throws is paged once naming the plugin; the call and the next observer are unaffected`, async () => {
        const seen: string[] = [];
        await createHost({
          config: {
            plugins: [
              definePlugin({
                name: "axn-plugin-reliability-bad-observer",
                version: "1.0.0",
                host: "^0.1.0",
                apply(host) {
                  host.hooks.onResult.tap("axn-plugin-reliability-bad-observer", () => {
                    throw new Error("metrics backend down");
                  });
                },
              }),
              definePlugin({
                name: "axn-plugin-reliability-audit",
                version: "1.0.0",
                host: "^0.1.0",
                apply(host) {
                  host.hooks.onResult.tap("axn-plugin-reliability-audit", ({ action, result }) =>
                    seen.push(`${action.name}:${result.outcome}`),
                  );
                },
              }),
            ],
          },
        });
        const outcome = await transports.call(transport, Identify, { requestId: "observed" }, { user: "u_obs" });
        expect([outcome.ok, outcome.text.includes("u_obs")]).to.deep.equal([true, true]);
        // The nested identity lookup is a call of its own, so it is observed (and its observer fails) too.
        expect(seen).to.deep.equal(["Reliability.WhoamiInner:success", "Reliability.Identify:success"]);
        expect(pages.map((page) => [page.info.action, page.info.phase])).to.deep.equal([
          ["Reliability.WhoamiInner", "onResult"],
          ["Reliability.Identify", "onResult"],
        ]);
        for (const page of pages) {
          expect(page.error).to.be.instanceOf(HookError);
          expect((page.error as HookError).plugin).to.equal("axn-plugin-reliability-bad-observer");
          expect((page.error as HookError).message).to.equal(
            'Plugin "axn-plugin-reliability-bad-observer" failed in hook onResult: metrics backend down',
          );
        }
        expect(faults).to.deep.equal([]);
      });
    }
  });

  describe("stdio (a real child process, raw JSON-RPC)", function () {
    this.timeout(30_000);

    it("malformed lines get no crash and no page; unknown methods get -32601; the next request is served; an idle hang-up exits 0", async () => {
      const child = await spawnStdioServer();
      try {
        child.send(INITIALIZE(1));
        expect(await child.response(1)).to.have.property("result");
        child.send(INITIALIZED);
        child.send("{not json");
        child.send(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: "not an object" }));
        child.send("[]");
        child.send(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "no/such/method" }));
        child.send(toolCall(4, "reliability_identify", { requestId: "after-garbage" }));
        expect(await child.response(3)).to.deep.equal({
          jsonrpc: "2.0",
          id: 3,
          error: { code: -32601, message: "Method not found" },
        });
        const served = await child.response(4);
        expect((served["result"] as { structuredContent: unknown }).structuredContent).to.deep.equal({
          requestId: "after-garbage",
          userId: `pid-${child.process.pid}`,
          nestedUserId: `pid-${child.process.pid}`,
        });
        // The SDK's stdio transport drops a line that is not a JSON-RPC message without answering it (even id 2).
        expect(child.messages.map((m) => m["id"])).to.deep.equal([1, 3, 4]);
        child.process.stdin.end();
        expect(await child.exited).to.equal(0);
        expect(child.diagnostics.filter((d) => "page" in d || "fault" in d)).to.deep.equal([]);
      } finally {
        child.process.kill();
      }
    });

    // Was a defect (fixed; the spec pins the fix): plugins/mcp/src/stdio/serve-stdio.ts: serveStdio connects the SDK's StdioServerTransport, which never
    // listens for stdin 'end'/'close' nor for stdout 'error'. When the client process goes away mid-call, the
    // server is never closed, so the in-flight call's signal is not aborted (the action runs to completion);
    // its response is then written into the closed pipe, the EPIPE arrives as an unhandled 'error' event on
    // process.stdout, and the server process crashes (exit code 1, stack trace on stderr). serveStdio should
    // close the server on stdin end/close (Protocol._onclose aborts in-flight handlers) and handle stdout errors.
    it("a client that disconnects mid-call: the call is aborted and the server exits 0 without a crash", async () => {
      const child = await spawnStdioServer();
      try {
        child.send(INITIALIZE(1));
        await child.response(1);
        child.send(INITIALIZED);
        // A 20 s wait: an aborted call ends it at once; one that is not aborted runs it out and reports aborted: false.
        child.send(toolCall(2, "reliability_hang", { tag: "stdio-hangup", ms: 20_000 }));
        await child.started("stdio-hangup");
        child.process.stdin.end();
        child.process.stdout.destroy();
        expect(await child.exited).to.equal(0);
        const exit = child.diagnostics.find((d) => "exit" in d) as
          | { observed: Record<string, { aborted: boolean }> }
          | undefined;
        expect(exit?.observed["stdio-hangup"]?.aborted).to.equal(true);
        expect(child.diagnostics.filter((d) => "fault" in d)).to.deep.equal([]);
      } finally {
        child.process.kill();
      }
    });
  });

  describe("Streamable HTTP (raw JSON-RPC over loopback)", () => {
    let server: NodeServer;
    let url: URL;
    let close: () => Promise<void>;
    before(async () => {
      const handler = createStreamableHttpHandler({
        name: "reliability-http",
        version: "1.0.0",
        tools: [McpAdapter.wrap(Identify)],
        serverContext: (request) => ({ userId: request.sessionId ?? "no-session" }),
      });
      server = createServer(handler.listener);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
      close = async () => {
        await handler.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      };
    });
    after(() => close());

    it("malformed messages in a live session are answered with JSON-RPC errors; the session keeps serving", async () => {
      const transport = new StreamableHTTPClientTransport(url);
      const client = new Client({ name: "reliability", version: "1.0.0" });
      await client.connect(transport);
      try {
        const headers = {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": transport.sessionId!,
          "mcp-protocol-version": "2025-06-18",
        };
        const post = async (body: string): Promise<[number, unknown]> => {
          const response = await fetch(url, { method: "POST", headers, body });
          const text = await response.text();
          return [response.status, text.startsWith("{") ? JSON.parse(text) : text];
        };
        const [parseStatus, parseBody] = await post("{not json");
        expect(parseStatus).to.equal(400);
        expect((parseBody as { error: { code: number } }).error.code).to.equal(-32700);
        const [shapeStatus, shapeBody] = await post(
          JSON.stringify({ jsonrpc: "2.0", id: 90, method: "tools/call", params: "not an object" }),
        );
        expect(shapeStatus).to.equal(400);
        expect((shapeBody as { error: { code: number } }).error.code).to.be.oneOf([-32600, -32602, -32700]);
        // An empty batch holds no request to answer: accepted (202) or refused (400), never a crash.
        const [emptyStatus] = await post("[]");
        expect(emptyStatus).to.be.oneOf([202, 400]);
        const result = await client.callTool({
          name: "reliability_identify",
          arguments: { requestId: "after-garbage" },
        });
        expect(result.structuredContent).to.deep.equal({
          requestId: "after-garbage",
          userId: transport.sessionId,
          nestedUserId: transport.sessionId,
        });
        expect(describePages(pages)).to.deep.equal([]);
        expect(faults).to.deep.equal([]);
      } finally {
        await client.close();
      }
    });
  });
});
