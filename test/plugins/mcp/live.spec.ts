/**
 * Live capabilities and media over MCP, through a real SDK `Client`: the one action of
 * docs/examples/snippets/live.ts reports progress (notifications/progress, with the client's
 * token), logs (notifications/message, filtered by logging/setLevel) and asks the user
 * (elicitation/create) — in memory and over Streamable HTTP; a sampling request reaches the
 * client's model; an image expose arrives as an image content block.
 */
import { expect } from "chai";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { defineAxn, media } from "@axn/core";
import { resetKernel } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  type ClientCapabilities,
  type ElicitRequest,
  type ElicitResult,
  type LoggingMessageNotification,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js";
import { createMcpServer, createStreamableHttpHandler, McpAdapter, type McpTool } from "axn-plugin-mcp";
import { ImportContacts } from "../../../docs/examples/snippets/live.js";
import { PIXEL_PNG, RenderChart } from "../../../docs/examples/snippets/media.js";

const QUESTION = "2 contacts already exist. Overwrite them?";
const REQUESTED_SCHEMA = {
  type: "object",
  properties: {
    overwrite: { type: "boolean", description: "Replace the existing contacts" },
    tag: { type: "string", description: "Tag the imported contacts with", default: "imported" },
  },
  required: ["overwrite"],
};

interface Peer {
  readonly client: Client;
  readonly logs: LoggingMessageNotification["params"][];
  readonly asked: ElicitRequest["params"][];
  close(): Promise<void>;
}

/** A real client declaring `capabilities`, answering every elicitation with `answer`. */
function makeClient(capabilities: ClientCapabilities, answer: ElicitResult): Omit<Peer, "close"> {
  const client = new Client({ name: "live-spec", version: "1.0.0" }, { capabilities });
  const logs: LoggingMessageNotification["params"][] = [];
  const asked: ElicitRequest["params"][] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
  if (capabilities.elicitation !== undefined) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params);
      return answer;
    });
  }
  return { client, logs, asked };
}

async function inMemory(
  tools: McpTool[],
  capabilities: ClientCapabilities,
  answer: ElicitResult = { action: "accept", content: { overwrite: true, tag: "crm" } },
): Promise<Peer> {
  const server = createMcpServer({ name: "live", version: "1.0.0", tools });
  const peer = makeClient(capabilities, answer);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(b), peer.client.connect(a)]);
  return {
    ...peer,
    close: async () => {
      await peer.client.close();
      await server.close();
    },
  };
}

async function callWithProgress(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ result: Record<string, unknown>; progress: Progress[] }> {
  const progress: Progress[] = [];
  const result = await client.callTool({ name, arguments: args }, CallToolResultSchema, {
    onprogress: (p) => void progress.push(p),
  });
  return { result: result as Record<string, unknown>, progress };
}

describe("axn-plugin-mcp: live capabilities and media", () => {
  beforeEach(() => resetKernel());

  const importTool = () => McpAdapter.wrap(ImportContacts);
  const everything: ClientCapabilities = { elicitation: { form: {} }, sampling: {} };

  it("advertises logging beside tools", async () => {
    const peer = await inMemory([importTool()], everything);
    try {
      expect(peer.client.getServerCapabilities()).to.deep.equal({ tools: {}, logging: {} });
    } finally {
      await peer.close();
    }
  });

  it("in memory: progress with the client's token, log messages, and an elicitation whose answer the action uses", async () => {
    const peer = await inMemory([importTool()], everything);
    try {
      const { result, progress } = await callWithProgress(peer.client, "import_contacts", { rows: 2 });
      expect(peer.asked).to.deep.equal([{ mode: "form", message: QUESTION, requestedSchema: REQUESTED_SCHEMA }]);
      expect(progress).to.deep.equal([
        { progress: 1, total: 2, message: "row 1 of 2" },
        { progress: 2, total: 2, message: "row 2 of 2" },
      ]);
      expect(peer.logs).to.deep.equal([
        { level: "info", logger: "AgentTools.ImportContacts", data: { step: "scan", rows: 2 } },
        { level: "notice", logger: "AgentTools.ImportContacts", data: "imported 2 contacts, overwriting" },
      ]);
      expect(result.structuredContent).to.deep.equal({ imported: 2, tag: "crm" });
    } finally {
      await peer.close();
    }
  });

  it("logging/setLevel filters this session's log messages; no progress token, no progress notifications", async () => {
    const peer = await inMemory([importTool()], everything);
    try {
      await peer.client.setLoggingLevel("notice");
      const { progress } = await callWithProgress(peer.client, "import_contacts", { rows: 1 });
      expect(progress).to.have.length(1); // with a token (onprogress sets one)
      expect(peer.logs).to.deep.equal([
        { level: "notice", logger: "AgentTools.ImportContacts", data: "imported 1 contacts, overwriting" },
      ]);
      await peer.client.setLoggingLevel("error");
      // Without a token the server sends none (a stray one would reach onerror as an unknown token).
      const errors: Error[] = [];
      peer.client.onerror = (error) => void errors.push(error);
      const plain = await peer.client.callTool({ name: "import_contacts", arguments: { rows: 1 } });
      expect(errors).to.deep.equal([]);
      expect(plain.structuredContent).to.deep.equal({ imported: 1, tag: "crm" });
      expect(peer.logs).to.have.length(1);
    } finally {
      await peer.close();
    }
  });

  it("a client without elicitation: ctx.elicit is unavailable and ctx.supports says so", async () => {
    const Probe = defineAxn({
      name: "Probe",
      exposes: {
        supports: z.object({ progress: z.boolean(), log: z.boolean(), elicit: z.boolean(), sample: z.boolean() }),
        answer: z.string(),
      },
      call: async (_input, { supports, elicit }) => ({
        supports,
        answer: (await elicit("Name?", { name: z.string() })).action,
      }),
    });
    const peer = await inMemory([McpAdapter.wrap(ImportContacts), McpAdapter.wrap(Probe)], {});
    try {
      const imported = await peer.client.callTool({ name: "import_contacts", arguments: { rows: 1 } });
      expect(imported.structuredContent).to.deep.equal({ imported: 1, tag: "imported" });
      expect(peer.asked).to.deep.equal([]);
      const probed = await peer.client.callTool({ name: "probe", arguments: {} });
      expect(probed.structuredContent).to.deep.equal({
        supports: { progress: false, log: true, elicit: false, sample: false },
        answer: "unavailable",
      });
    } finally {
      await peer.close();
    }
  });

  it("a declined question ends the call as the action's failure", async () => {
    const peer = await inMemory([importTool()], everything, { action: "decline" });
    try {
      const result = await peer.client.callTool({ name: "import_contacts", arguments: { rows: 1 } });
      expect(result).to.deep.equal({
        content: [{ type: "text", text: "the user kept the existing contacts" }],
        isError: true,
      });
    } finally {
      await peer.close();
    }
  });

  it("an answer that fails the fields' validation is a user-facing failure naming the field", async () => {
    const peer = await inMemory([importTool()], everything, { action: "accept", content: { overwrite: "yes" } });
    try {
      const result = await peer.client.callTool({ name: "import_contacts", arguments: { rows: 1 } });
      expect(result).to.deep.equal({
        content: [{ type: "text", text: "overwrite: Invalid input: expected boolean, received string" }],
        isError: true,
      });
    } finally {
      await peer.close();
    }
  });

  it("the five enum forms (SEP-1330: untitled, titled, legacy enumNames, untitled and titled multi-select) and defaults (SEP-1034) reach the client as a valid form", async () => {
    const Ask = defineAxn({
      name: "Ask",
      exposes: { region: z.string(), topics: z.array(z.string()), count: z.number() },
      call: async (_input, { elicit, fail }) => {
        const answer = await elicit("Where and what?", {
          region: z
            .union([z.literal("eu").meta({ title: "Europe" }), z.literal("us").meta({ title: "United States" })])
            .default("eu"),
          topics: z.array(z.enum(["billing", "support"])).min(1),
          count: z.number().int().min(1).max(10).default(3),
          tier: z
            .enum(["s", "m"])
            .meta({ enumNames: ["Small", "Medium"] })
            .optional(),
          channels: z
            .array(
              z.union([z.literal("mail").meta({ title: "E-mail" }), z.literal("sms").meta({ title: "Text message" })]),
            )
            .optional(),
        });
        if (answer.action !== "accept") return fail(answer.action);
        return answer.content;
      },
    });
    const peer = await inMemory([McpAdapter.wrap(Ask)], everything, {
      action: "accept",
      content: { region: "us", topics: ["billing"] },
    });
    try {
      const result = await peer.client.callTool({ name: "ask", arguments: {} });
      expect((peer.asked[0] as { requestedSchema: unknown }).requestedSchema).to.deep.equal({
        type: "object",
        properties: {
          region: {
            type: "string",
            oneOf: [
              { const: "eu", title: "Europe" },
              { const: "us", title: "United States" },
            ],
            default: "eu",
          },
          topics: { type: "array", items: { type: "string", enum: ["billing", "support"] }, minItems: 1 },
          count: { type: "integer", minimum: 1, maximum: 10, default: 3 },
          tier: { type: "string", enum: ["s", "m"], enumNames: ["Small", "Medium"] },
          channels: {
            type: "array",
            items: {
              anyOf: [
                { const: "mail", title: "E-mail" },
                { const: "sms", title: "Text message" },
              ],
            },
          },
        },
        required: ["topics"],
      });
      expect(result.structuredContent).to.deep.equal({ region: "us", topics: ["billing"], count: 3 });
    } finally {
      await peer.close();
    }
  });

  it("ctx.sample asks the client's model through sampling/createMessage (text, images, both roles, preferences)", async () => {
    const Summarize = defineAxn({
      name: "Summarize",
      expects: { text: z.string() },
      exposes: { summary: z.string(), model: z.string() },
      call: async ({ text }, { sample, fail }) => {
        const reply = await sample({ messages: `Summarize: ${text}`, maxTokens: 50, systemPrompt: "Be brief" });
        if (reply.action !== "reply") return fail("no model to ask");
        return { summary: reply.text, model: reply.model };
      },
    });
    const peer = await inMemory([McpAdapter.wrap(Summarize)], everything);
    const seen: unknown[] = [];
    peer.client.setRequestHandler(CreateMessageRequestSchema, (request) => {
      seen.push(request.params);
      return {
        model: "spec-model",
        role: "assistant",
        content: { type: "text", text: "Short." },
        stopReason: "endTurn",
      };
    });
    const Describe = defineAxn({
      name: "Describe",
      exposes: { said: z.string() },
      call: async (_input, { sample }) => {
        const reply = await sample({
          messages: [
            { role: "user", content: { type: "image", mimeType: "image/png", data: PIXEL_PNG } },
            { role: "assistant", content: "An image." },
            { role: "user", content: "Which colour?" },
          ],
          maxTokens: 5,
          modelPreferences: { hints: [{ name: "claude" }], speedPriority: 1 },
        });
        return { said: reply.action === "reply" ? reply.text : reply.action };
      },
    });
    try {
      const result = await peer.client.callTool({ name: "summarize", arguments: { text: "a long story" } });
      expect(seen).to.deep.equal([
        {
          messages: [{ role: "user", content: { type: "text", text: "Summarize: a long story" } }],
          maxTokens: 50,
          systemPrompt: "Be brief",
        },
      ]);
      expect(result.structuredContent).to.deep.equal({ summary: "Short.", model: "spec-model" });
      // A conversation with an image and both roles, and model preferences, as the client receives them.
      const second = await inMemory([McpAdapter.wrap(Describe)], everything);
      second.client.setRequestHandler(CreateMessageRequestSchema, (request) => {
        seen.push(request.params);
        return { model: "m", role: "assistant", content: { type: "text", text: "Transparent." } };
      });
      const described = await second.client.callTool({ name: "describe", arguments: {} });
      await second.close();
      expect(seen[1]).to.deep.equal({
        messages: [
          { role: "user", content: { type: "image", mimeType: "image/png", data: PIXEL_PNG } },
          { role: "assistant", content: { type: "text", text: "An image." } },
          { role: "user", content: { type: "text", text: "Which colour?" } },
        ],
        maxTokens: 5,
        modelPreferences: { hints: [{ name: "claude" }], speedPriority: 1 },
      });
      expect(described.structuredContent).to.deep.equal({ said: "Transparent." });
    } finally {
      await peer.close();
    }
  });

  it("an image expose is an image content block after the text; the advertised output schema leaves it out", async () => {
    const peer = await inMemory([McpAdapter.wrap(RenderChart)], {});
    try {
      const { tools } = await peer.client.listTools();
      expect(tools[0]!.outputSchema).to.deep.equal({
        $schema: "https://json-schema.org/draft/2020-12/schema", // the listing declares the dialect
        type: "object",
        properties: { caption: { type: "string" } },
        required: ["caption"],
        additionalProperties: false,
      });
      const result = await peer.client.callTool({ name: "render_chart", arguments: { quarter: "Q3" } });
      expect(result).to.deep.equal({
        content: [
          { type: "text", text: '{"caption":"Revenue, Q3"}' },
          { type: "image", mimeType: "image/png", data: PIXEL_PNG },
        ],
        structuredContent: { caption: "Revenue, Q3" },
      });
    } finally {
      await peer.close();
    }
  });

  it("every media kind has its block; a tool exposing only media leads with its message and advertises no outputSchema", async () => {
    const Attachments = defineAxn({
      name: "Attachments",
      messages: { success: "Here you go" },
      exposes: {
        voice: media.audio(),
        report: media.file(),
        link: media.resourceLink(),
        note: media.resource(),
        blob: media.resource(),
        missing: { schema: media.image(), optional: true },
      },
      call: () => ({
        voice: { mimeType: "audio/wav", data: "UklGRg==" },
        report: { name: "q3 report.pdf", mimeType: "application/pdf", data: "JVBERg==" },
        link: { uri: "crm://contacts/7", name: "Contact 7", mimeType: "application/json" },
        note: { uri: "crm://notes/1", mimeType: "text/markdown", text: "# Note" },
        blob: { uri: "crm://blobs/2", data: "AAE=" },
      }),
    });
    const blocks = [
      { type: "audio", mimeType: "audio/wav", data: "UklGRg==" },
      { type: "resource", resource: { uri: "file:///q3%20report.pdf", mimeType: "application/pdf", blob: "JVBERg==" } },
      { type: "resource_link", uri: "crm://contacts/7", name: "Contact 7", mimeType: "application/json" },
      { type: "resource", resource: { uri: "crm://notes/1", mimeType: "text/markdown", text: "# Note" } },
      { type: "resource", resource: { uri: "crm://blobs/2", blob: "AAE=" } },
    ];
    const peer = await inMemory(
      [
        McpAdapter.wrap(Attachments),
        McpAdapter.wrap(Attachments, { name: "attachments_message", presentAs: "message" }),
      ],
      {},
    );
    try {
      const { tools } = await peer.client.listTools();
      expect(tools.map((t) => [t.name, t.outputSchema])).to.deep.equal([
        ["attachments", undefined],
        ["attachments_message", undefined],
      ]);
      expect(await peer.client.callTool({ name: "attachments", arguments: {} })).to.deep.equal({
        content: [{ type: "text", text: "Here you go" }, ...blocks],
      });
      expect(await peer.client.callTool({ name: "attachments_message", arguments: {} })).to.deep.equal({
        content: [{ type: "text", text: "Here you go" }, ...blocks],
      });
    } finally {
      await peer.close();
    }
  });

  it("over Streamable HTTP: progress, log messages and the elicitation travel on the call's own stream", async () => {
    const handler = createStreamableHttpHandler({ name: "live-http", version: "1.0.0", tools: [importTool()] });
    const http: HttpServer = createServer(handler.listener);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const url = new URL(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`);
    const peer = makeClient(everything, { action: "accept", content: { overwrite: false } });
    try {
      await peer.client.connect(new StreamableHTTPClientTransport(url));
      const { result, progress } = await callWithProgress(peer.client, "import_contacts", { rows: 2 });
      expect(peer.asked).to.deep.equal([{ mode: "form", message: QUESTION, requestedSchema: REQUESTED_SCHEMA }]);
      expect(progress.map((p) => p.progress)).to.deep.equal([1, 2]);
      expect(peer.logs).to.deep.equal([
        { level: "info", logger: "AgentTools.ImportContacts", data: { step: "scan", rows: 2 } },
        { level: "notice", logger: "AgentTools.ImportContacts", data: "imported 2 contacts" },
      ]);
      expect(result.structuredContent).to.deep.equal({ imported: 2, tag: "imported" });
    } finally {
      await peer.client.close();
      await handler.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
