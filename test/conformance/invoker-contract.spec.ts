/**
 * The Invoker's contract as each transport delivers it, through real transport objects: a real MCP
 * `Client` (the request's `authInfo` is MCP's default ambient context), real HTTP on loopback (the
 * ambient context an operation of the app's own hands its tool, test/support/http-ambient.ts), and a LangChain tool invoked with a run context.
 *
 * tool-invoker.txt: "Ambient (on: :ambient_context) failures stay dev-facing even under
 * user_facing_input_errors: … a missing or malformed ambient value is an integration bug: it
 * reports to on_exception and input_invalid? is false" — so the adapter "returns its generic error
 * rather than telling the model its arguments were wrong". A subfield read from an ambient parent
 * came through that same trusted channel.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import type { AmbientContextSource } from "@axn/core";
import { buildAxn } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import { LangchainAdapter } from "axn-plugin-langchain";
import { createMcpServer, McpAdapter } from "axn-plugin-mcp";
import { captureReports } from "../support/reports.js";
import { postJson, withHttpHost, withServer } from "../plugins/http/support.js";
import { withAmbient } from "../support/http-ambient.js";
import { HttpAdapter } from "axn-plugin-http";

/** One MCP tool call from a real Client whose requests carry `authInfo` (as an auth-aware transport would). */
async function callOverMcp(
  action: Parameters<typeof McpAdapter.wrap>[0],
  args: Record<string, unknown>,
  authInfo: AuthInfo,
) {
  const tool = McpAdapter.wrap(action);
  const server = createMcpServer({ name: "invoker-contract", version: "1.0.0", tools: [tool] });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (message, options) => send(message, { ...options, authInfo });
  const client = new Client({ name: "invoker-contract-client", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  try {
    const result = await client.callTool({ name: tool.name, arguments: args });
    const content = result.content as { type: string; text: string }[];
    return { isError: result.isError === true, text: content.map((block) => block.text).join("\n") };
  } finally {
    await client.close();
    await server.close();
  }
}

async function callOverLangchain(
  action: Parameters<typeof LangchainAdapter.wrap>[0],
  args: Record<string, unknown>,
  context: AmbientContextSource,
) {
  const tool = LangchainAdapter.wrap(action);
  const message = await tool.invoke({ name: tool.name, args, id: "call_1", type: "tool_call" as const }, { context });
  return { status: message.status, content: message.content };
}

const authInfo = (extra: Record<string, unknown>): AuthInfo => ({
  token: "t",
  clientId: "client-1",
  scopes: ["billing"],
  extra,
});

describe("the Invoker's contract across MCP, HTTP and LangChain", () => {
  withHttpHost();
  const reports = captureReports();

  describe("a subfield of an ambient parent is never the model's to fix", () => {
    const Billing = buildAxn({
      name: "AgentTools.InvokerContract.TenantBilling",
      messages: { error: "Could not read the billing" },
      expects: {
        month: z.string(),
        authInfo: {
          schema: z.object({ clientId: z.string(), extra: z.object({}).passthrough() }).passthrough(),
          on: "ambientContext",
        },
        tenant: { schema: z.string().min(3), on: "authInfo.extra" },
      },
      exposes: { line: z.string() },
      call: ({ month, tenant }) => ({ line: `${tenant}/${month}` }),
    });
    const server = withServer(() => ({
      tools: [withAmbient(HttpAdapter.wrap(Billing), () => ({ authInfo: authInfo({ tenant: "x" }) }))],
    }));

    it("the input schema does not offer it, on any transport", () => {
      expect(Billing.inputSchema).to.deep.equal({
        type: "object",
        properties: { month: { type: "string" } },
        required: ["month"],
        additionalProperties: false,
      });
    });

    it("MCP (authInfo, the default ambient context): isError with the action's headline only, reported", async () => {
      expect(await callOverMcp(Billing, { month: "2026-07" }, authInfo({ tenant: "acme" }))).to.deep.equal({
        isError: false,
        text: '{"line":"acme/2026-07"}',
      });
      expect(await callOverMcp(Billing, { month: "2026-07" }, authInfo({ tenant: "x" }))).to.deep.equal({
        isError: true,
        text: "Could not read the billing",
      });
      expect(reports).to.have.length(1);
    });

    it("HTTP: 500 with the action's headline, no fieldErrors, reported", async () => {
      const reply = await postJson(`${server().url}/api/invoker_contract_tenant_billing/v1`, { month: "2026-07" });
      expect(reply.status).to.equal(500);
      expect(reply.body).to.deep.equal({ error: "Could not read the billing" });
      expect(reports).to.have.length(1);
    });

    it('LangChain: an error ToolMessage with the action\'s headline (not "Invalid tool arguments"), reported', async () => {
      const reply = await callOverLangchain(Billing, { month: "2026-07" }, { authInfo: authInfo({ tenant: "x" }) });
      expect(reply).to.deep.equal({ status: "error", content: "Could not read the billing" });
      expect(reports).to.have.length(1);
    });
  });

  describe("a message quotes a bounded part of what the model sent", () => {
    const Sort = buildAxn({
      name: "AgentTools.InvokerContract.SortCompanies",
      messages: { error: "Could not sort" },
      expects: { sort: z.enum(["name", "size"]) },
      call: () => undefined,
    });
    const server = withServer(() => ({ tools: [Sort] }));
    const value = "a".repeat(200_000);
    const sentence = `sort: Invalid enum value. Expected 'name' | 'size', received '${"a".repeat(100)}…'`;

    it("HTTP: a 200,000-character enum value gets a 400 of a few hundred bytes, not 400 KB", async () => {
      const response = await fetch(`${server().url}/api/invoker_contract_sort_companies/v1`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ sort: value }),
      });
      const text = await response.text();
      expect(response.status).to.equal(400);
      expect(JSON.parse(text)).to.deep.equal({
        error: `Could not sort: ${sentence}`,
        fieldErrors: [{ field: "sort", message: sentence }],
      });
      expect(text.length).to.be.below(1_000);
    });

    it("MCP: the isError text", async () => {
      expect(await callOverMcp(Sort, { sort: value }, authInfo({}))).to.deep.equal({
        isError: true,
        text: `Could not sort: ${sentence}`,
      });
    });

    it("LangChain: the error ToolMessage", async () => {
      const reply = await callOverLangchain(Sort, { sort: value }, {});
      expect(reply.status).to.equal("error");
      // The sentence is the refusal's; how the adapter frames it is its own (pinned in its specs).
      expect(reply.content).to.be.a("string").that.includes(sentence);
      expect((reply.content as string).length).to.be.below(1_000);
    });
  });
});
