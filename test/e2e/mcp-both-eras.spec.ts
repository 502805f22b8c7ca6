/**
 * One `axn serve`, both protocol eras at once, each through a client nobody here wrote: the MCP
 * SDK v2 `Client` pinned to 2026-07-28 (no `initialize`, no session: `server/discover`, then
 * self-describing requests) and the SDK 1.x `Client` (2025-11-25: `initialize`, a session id) — the
 * same tools, resources and prompts from the same actions, and a question to the user asked the way
 * each era asks it: an `input_required` round the v2 client answers from its `elicitation/create`
 * handler, and a real `elicitation/create` request to the 1.x client.
 */
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "chai";
import type { ChildProcess } from "node:child_process";
import { serveConformanceApp } from "../support/conformance-app.js";

describe("axn serve: a 2026-07-28 client and a 2025-11-25 client on one endpoint", function () {
  // A hang guard, not a budget.
  this.timeout(60_000);
  let server: ChildProcess;
  let url: URL;

  before(async () => {
    const served = await serveConformanceApp();
    server = served.server;
    url = new URL(served.url);
  });

  after(() => server?.kill("SIGKILL"));

  it("serves both from the same actions, and asks each for input the way its era does", async () => {
    const modern = new ModernClient(
      { name: "modern-client", version: "1.0.0" },
      { versionNegotiation: { mode: { pin: "2026-07-28" } }, capabilities: { elicitation: { form: {} } } },
    );
    modern.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { name: "Ada" } }));
    const modernTransport = new ModernTransport(url);
    await modern.connect(modernTransport);

    const legacy = new LegacyClient(
      { name: "legacy-client", version: "1.0.0" },
      { capabilities: { elicitation: { form: {} } } },
    );
    let asked = 0;
    legacy.setRequestHandler(ElicitRequestSchema, () => {
      asked++;
      return { action: "accept", content: { name: "Grace" } };
    });
    const legacyTransport = new LegacyTransport(url);
    await legacy.connect(legacyTransport);

    try {
      expect([modern.getProtocolEra(), modernTransport.sessionId]).to.deep.equal(["modern", undefined]);
      expect(legacyTransport.sessionId).to.be.a("string");

      const modernTools = (await modern.listTools()).tools.map((tool) => tool.name).sort();
      const legacyTools = (await legacy.listTools()).tools.map((tool) => tool.name).sort();
      expect(modernTools).to.deep.equal(legacyTools);

      const simple = { name: "test_simple_text", arguments: {} };
      expect((await modern.callTool(simple)).content).to.deep.equal((await legacy.callTool(simple)).content);

      const greet = { name: "test_input_required_result_elicitation", arguments: {} };
      expect((await modern.callTool(greet)).content).to.deep.equal([{ type: "text", text: "Hello, Ada!" }]);
      expect((await legacy.callTool(greet)).content).to.deep.equal([{ type: "text", text: "Hello, Grace!" }]);
      expect(asked).to.equal(1);

      const read = { uri: "test://static-text" };
      expect((await modern.readResource(read)).contents).to.deep.equal((await legacy.readResource(read)).contents);
      const prompt = { name: "test_simple_prompt" };
      expect((await modern.getPrompt(prompt)).messages).to.deep.equal((await legacy.getPrompt(prompt)).messages);
    } finally {
      await Promise.all([modern.close(), legacy.close()]);
    }
  });
});
