/**
 * Resources, prompts and completions (defineResource / definePrompt) and the configureServer seam,
 * driven by a real SDK `Client` over the in-memory transport: listing, reading text and bytes,
 * typed template parameters, subscriptions with `notifications/resources/updated`, prompts with
 * typed arguments and media messages, `completion/complete`, and every refusal's exact message.
 */
import { expect } from "chai";
import { z } from "zod";
import { ErrorCode, McpError, ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  createMcpServer,
  definePrompt,
  defineResource,
  mcpConfig,
  type McpPrompt,
  type McpResource,
  type McpServerOptions,
} from "axn-plugin-mcp";
import { resetKernel } from "@axn/sdk/testing";
import { captureReports } from "../../support/reports.js";
import { connectInMemory, type Connected } from "./support.js";

const PIXEL = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

const Readme = defineResource({
  name: "readme",
  uri: "docs://readme",
  title: "Read me",
  description: "How the helpdesk works",
  mimeType: "text/markdown",
  read: () => "# Helpdesk",
});
const Logo = defineResource({ name: "logo", uri: "docs://logo.png", mimeType: "image/png", read: () => PIXEL });
const Ticket = defineResource({
  name: "ticket",
  uriTemplate: "tickets://{id}",
  description: "One ticket, as JSON",
  mimeType: "application/json",
  params: {
    id: {
      schema: z.coerce.number().int().positive(),
      description: "The ticket number",
      complete: (value) => ["1", "12", "20"].filter((id) => id.startsWith(value)),
    },
  },
  list: () => [{ uri: "tickets://1", name: "Ticket 1" }],
  read: ({ id }) => ({ text: JSON.stringify({ id, doubled: id * 2 }) }),
});
const Broken = defineResource({
  name: "broken",
  uri: "docs://broken",
  read: () => {
    throw new Error("database password is hunter2");
  },
});
const Triage = definePrompt({
  name: "triage_ticket",
  title: "Triage a ticket",
  description: "Summarize a ticket and propose a priority",
  arguments: {
    ticketId: {
      schema: z.string().regex(/^\d+$/, "expected digits"),
      description: "The ticket to triage",
      complete: (value, { arguments: given }) => [`${value}0`, `${value}1`, given["tone"] ?? "-"],
    },
    tone: { schema: z.enum(["brief", "detailed"]), optional: true },
  },
  messages: ({ ticketId, tone }) => [
    `Triage ticket ${ticketId}${tone === undefined ? "" : ` (${tone})`}.`,
    { role: "user", content: { type: "image", data: Buffer.from(PIXEL).toString("base64"), mimeType: "image/png" } },
    {
      role: "assistant",
      content: {
        type: "resource",
        resource: { uri: `tickets://${ticketId}`, mimeType: "application/json", text: "{}" },
      },
    },
  ],
});
const Hello = definePrompt({ name: "hello", messages: () => "Say hello." });

const SURFACE: { resources: McpResource[]; prompts: McpPrompt[] } = {
  resources: [Readme, Logo, Ticket, Broken],
  prompts: [Triage, Hello],
};

async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(McpError);
    return { code: (error as McpError).code, message: (error as McpError).message };
  }
  throw new Error("expected a JSON-RPC error");
}

describe("axn-plugin-mcp: resources, prompts, completions", () => {
  const reports = captureReports();
  let connected: Connected;
  beforeEach(async () => {
    connected = await connectInMemory({ tools: [], ...SURFACE });
  });
  afterEach(() => connected.close());

  it("declares resources (with subscribe), prompts and completions beside tools and logging; no listChanged, since nothing is restricted", () => {
    // JSON, as a client over a wire sees it: the in-memory transport hands over the object itself.
    expect(JSON.parse(JSON.stringify(connected.client.getServerCapabilities()))).to.deep.equal({
      tools: {},
      logging: {},
      resources: { subscribe: true },
      prompts: {},
      completions: {},
    });
  });

  describe("resources", () => {
    it("lists fixed resources and the template's concrete ones, and the templates", async () => {
      expect(await connected.client.listResources()).to.deep.equal({
        resources: [
          {
            uri: "docs://readme",
            name: "readme",
            title: "Read me",
            description: "How the helpdesk works",
            mimeType: "text/markdown",
          },
          { uri: "docs://logo.png", name: "logo", mimeType: "image/png" },
          { uri: "docs://broken", name: "broken" },
          { uri: "tickets://1", name: "Ticket 1", description: "One ticket, as JSON", mimeType: "application/json" },
        ],
      });
      expect(await connected.client.listResourceTemplates()).to.deep.equal({
        resourceTemplates: [
          {
            name: "ticket",
            uriTemplate: "tickets://{id}",
            description: "One ticket, as JSON",
            mimeType: "application/json",
          },
        ],
      });
    });

    it("reads text, bytes (base64 blob) and a template with its typed parameter", async () => {
      expect(await connected.client.readResource({ uri: "docs://readme" })).to.deep.equal({
        contents: [{ uri: "docs://readme", mimeType: "text/markdown", text: "# Helpdesk" }],
      });
      expect(await connected.client.readResource({ uri: "docs://logo.png" })).to.deep.equal({
        contents: [{ uri: "docs://logo.png", mimeType: "image/png", blob: Buffer.from(PIXEL).toString("base64") }],
      });
      // `id` arrives as the string "12"; the schema's output (a number) reaches `read`.
      expect(await connected.client.readResource({ uri: "tickets://12" })).to.deep.equal({
        contents: [{ uri: "tickets://12", mimeType: "application/json", text: '{"id":12,"doubled":24}' }],
      });
    });

    it("refuses a parameter its schema refuses, naming it; an unknown URI; and never shows an exception's message", async () => {
      expect(await refusal(connected.client.readResource({ uri: "tickets://-3" }))).to.deep.equal({
        code: ErrorCode.InvalidParams,
        message: "MCP error -32602: Invalid parameters for resource ticket: id: Too small: expected number to be >0",
      });
      // The SDK McpServer's own refusal (its McpError, prefixed on each side of the wire).
      expect(await refusal(connected.client.readResource({ uri: "docs://nope" }))).to.deep.equal({
        code: ErrorCode.InvalidParams,
        message: "MCP error -32602: Resource not found: docs://nope",
      });
      expect(await refusal(connected.client.readResource({ uri: "docs://broken" }))).to.deep.equal({
        code: ErrorCode.InternalError,
        message: "MCP error -32603: The resource broken could not be produced",
      });
      expect(reports.map((report) => [report.action, report.phase, (report.error as Error).message])).to.deep.equal([
        ["resource broken", "mcp surface", "database password is hunter2"],
      ]);
    });

    it("sends notifications/resources/updated to a subscribed session until it unsubscribes", async () => {
      const updates: string[] = [];
      connected.client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
        updates.push(notification.params.uri);
      });
      await Readme.notifyUpdated(); // nobody subscribed yet
      expect(await connected.client.subscribeResource({ uri: "docs://readme" })).to.deep.equal({});
      expect(await connected.client.subscribeResource({ uri: "tickets://7" })).to.deep.equal({});
      await Readme.notifyUpdated();
      await Ticket.notifyUpdated("tickets://7");
      await Ticket.notifyUpdated("tickets://8"); // another ticket: not subscribed
      await connected.client.ping(); // the notifications were sent before this round trip ends
      expect(updates).to.deep.equal(["docs://readme", "tickets://7"]);
      await connected.client.unsubscribeResource({ uri: "docs://readme" });
      await Readme.notifyUpdated();
      await connected.client.ping();
      expect(updates).to.deep.equal(["docs://readme", "tickets://7"]);
      expect(await refusal(connected.client.subscribeResource({ uri: "docs://nope" }))).to.deep.equal({
        code: ErrorCode.InvalidParams,
        message: "MCP error -32602: Resource not found: docs://nope",
      });
    });

    it("forgets a closed session's subscriptions", async () => {
      await connected.client.subscribeResource({ uri: "docs://readme" });
      await connected.close();
      await Readme.notifyUpdated(); // no session left to send to; nothing throws
      connected = await connectInMemory({ tools: [], ...SURFACE });
    });

    it("a template resource's notifyUpdated needs the concrete URI", async () => {
      try {
        await Ticket.notifyUpdated();
        expect.fail("expected a TypeError");
      } catch (error) {
        expect((error as Error).message).to.equal(
          'defineResource("ticket").notifyUpdated: a template resource needs the concrete URI that changed',
        );
      }
    });
  });

  describe("prompts", () => {
    it("lists each prompt with its arguments (description, required)", async () => {
      // As a client over a wire reads it (the in-memory transport hands objects over unserialized).
      expect(JSON.parse(JSON.stringify(await connected.client.listPrompts()))).to.deep.equal({
        prompts: [
          {
            name: "triage_ticket",
            title: "Triage a ticket",
            description: "Summarize a ticket and propose a priority",
            arguments: [
              { name: "ticketId", description: "The ticket to triage", required: true },
              { name: "tone", required: false },
            ],
          },
          { name: "hello" },
        ],
      });
    });

    it("renders text, image and embedded-resource messages from typed arguments", async () => {
      expect(
        await connected.client.getPrompt({ name: "triage_ticket", arguments: { ticketId: "42", tone: "brief" } }),
      ).to.deep.equal({
        description: "Summarize a ticket and propose a priority",
        messages: [
          { role: "user", content: { type: "text", text: "Triage ticket 42 (brief)." } },
          {
            role: "user",
            content: { type: "image", data: Buffer.from(PIXEL).toString("base64"), mimeType: "image/png" },
          },
          {
            role: "assistant",
            content: { type: "resource", resource: { uri: "tickets://42", mimeType: "application/json", text: "{}" } },
          },
        ],
      });
      expect(await connected.client.getPrompt({ name: "hello" })).to.deep.equal({
        messages: [{ role: "user", content: { type: "text", text: "Say hello." } }],
      });
    });

    it("refuses arguments their schemas refuse, naming each", async () => {
      expect(
        await refusal(
          connected.client.getPrompt({ name: "triage_ticket", arguments: { ticketId: "x", tone: "loud" } }),
        ),
      ).to.deep.equal({
        code: ErrorCode.InvalidParams,
        message:
          'MCP error -32602: Invalid arguments for prompt triage_ticket: ticketId: expected digits; tone: Invalid option: expected one of "brief"|"detailed"',
      });
      expect((await refusal(connected.client.getPrompt({ name: "triage_ticket", arguments: {} }))).code).to.equal(
        ErrorCode.InvalidParams,
      );
      expect(await refusal(connected.client.getPrompt({ name: "nope" }))).to.deep.equal({
        code: ErrorCode.InvalidParams,
        message: "MCP error -32602: Prompt nope not found", // the SDK's own refusal, as above
      });
    });
  });

  describe("completion/complete", () => {
    it("completes a prompt argument, with the arguments already given", async () => {
      expect(
        await connected.client.complete({
          ref: { type: "ref/prompt", name: "triage_ticket" },
          argument: { name: "ticketId", value: "4" },
          context: { arguments: { tone: "brief" } },
        }),
      ).to.deep.equal({ completion: { values: ["40", "41", "brief"], total: 3, hasMore: false } });
      // An argument without a completer has no suggestions.
      expect(
        await connected.client.complete({
          ref: { type: "ref/prompt", name: "triage_ticket" },
          argument: { name: "tone", value: "" },
        }),
      ).to.deep.equal({
        completion: { values: [], hasMore: false },
      });
    });

    it("completes a URI template parameter", async () => {
      expect(
        await connected.client.complete({
          ref: { type: "ref/resource", uri: "tickets://{id}" },
          argument: { name: "id", value: "1" },
        }),
      ).to.deep.equal({
        completion: { values: ["1", "12"], total: 2, hasMore: false },
      });
    });

    it("answers no suggestions when a completer throws, and reports it", async () => {
      const Flaky = definePrompt({
        name: "flaky",
        arguments: {
          q: {
            schema: z.string(),
            complete: () => {
              throw new Error("search backend down");
            },
          },
        },
        messages: ({ q }) => q,
      });
      const flaky = await connectInMemory({ tools: [], prompts: [Flaky] });
      try {
        expect(
          await flaky.client.complete({
            ref: { type: "ref/prompt", name: "flaky" },
            argument: { name: "q", value: "a" },
          }),
        ).to.deep.equal({
          completion: { values: [], total: 0, hasMore: false },
        });
        expect(reports.map((report) => [report.action, report.phase])).to.deep.equal([
          ["prompt flaky", "mcp completion"],
        ]);
      } finally {
        await flaky.close();
      }
    });
  });
});

describe("axn-plugin-mcp: serving resources and prompts from config, and configureServer", () => {
  const create = (options: Partial<McpServerOptions>) => () =>
    createMcpServer({ name: "axn-spec", version: "1.0.0", tools: [], ...options });
  afterEach(() => resetKernel());

  it("serves the resources and prompts the mcp settings list, and hands each McpServer to configureServer before it connects", async () => {
    const seen: string[] = [];
    mcpConfig.configure((c) => {
      c.resources = [Readme];
      c.prompts = [Hello];
      c.configureServer = (server) => {
        seen.push(server.isConnected() ? "connected" : "not connected");
        // The raw SDK API, beside axn's own registrations.
        server.registerResource("server-info", "axn://server-info", { mimeType: "application/json" }, (uri) => ({
          contents: [{ uri: uri.href, text: '{"ok":true}' }],
        }));
      };
    });
    const connected = await connectInMemory({ tools: [] });
    try {
      expect(seen).to.deep.equal(["not connected"]);
      expect((await connected.client.listResources()).resources.map((resource) => resource.uri)).to.deep.equal([
        "docs://readme",
        "axn://server-info",
      ]);
      expect((await connected.client.readResource({ uri: "axn://server-info" })).contents).to.deep.equal([
        { uri: "axn://server-info", text: '{"ok":true}' },
      ]);
      expect((await connected.client.listPrompts()).prompts.map((prompt) => prompt.name)).to.deep.equal(["hello"]);
    } finally {
      await connected.close();
    }
    // The code option replaces the configured hook.
    const fromCode: string[] = [];
    const second = await connectInMemory({ tools: [], configureServer: () => void fromCode.push("code") });
    await second.close();
    expect([seen.length, fromCode]).to.deep.equal([1, ["code"]]);
  });

  it("refuses a setting value that is not a defined resource or prompt, naming the entry", () => {
    expect(() =>
      mcpConfig.configure((c) => (c.resources = [Readme, { name: "fake", uri: "x://y" } as unknown as McpResource])),
    ).to.throw(/resources.*entry 1 is not a resource from defineResource/);
    expect(() => mcpConfig.configure((c) => (c.prompts = "hello" as unknown as McpPrompt[]))).to.throw(
      /prompts.*expected an array of a prompt from definePrompts/,
    );
  });

  it("names the hook when configureServer throws or returns a promise, and refuses SDK tool registration (tools are axn's)", () => {
    expect(
      create({
        configureServer: () => {
          throw new Error("boom");
        },
      }),
    ).to.throw("axn-plugin-mcp: configureServer threw: boom");
    expect(create({ configureServer: (async () => {}) as unknown as () => void })).to.throw(
      "axn-plugin-mcp: configureServer must be synchronous (it runs before the server connects); register handlers without awaiting",
    );
    expect(
      create({ configureServer: (server) => void server.registerTool("x", {}, () => ({ content: [] })) }),
    ).to.throw(
      "axn-plugin-mcp: configureServer threw: A request handler for tools/list already exists, which would be overridden",
    );
  });

  it("refuses two resources at one URI and two prompts of one name, naming both", () => {
    const Again = defineResource({ name: "readme-again", uri: "docs://readme", read: () => "" });
    expect(create({ resources: [Readme, Again] })).to.throw(
      'createMcpServer: resources "readme" and "readme-again" are both served at docs://readme; give one another uri',
    );
    expect(create({ prompts: [Hello, definePrompt({ name: "hello", messages: () => "" })] })).to.throw(
      'createMcpServer: two prompts are named "hello"; give one a distinct name',
    );
  });
});

describe("defineResource / definePrompt: declaration errors", () => {
  const read = (): string => "";
  it("name the resource or prompt and say what to do", () => {
    const cases: [() => unknown, string][] = [
      [() => defineResource({ name: "", uri: "a://b", read }), 'defineResource(""): name must be a non-empty string'],
      [
        () => defineResource({ name: "x", uri: "not a uri", read }),
        'defineResource("x"): uri must be an absolute URI such as "docs://readme", got "not a uri"',
      ],
      [
        () => defineResource({ name: "x", read } as never),
        'defineResource("x"): give exactly one of uri (a fixed resource) or uriTemplate (a template)',
      ],
      [
        () => defineResource({ name: "x", uri: "a://b" } as never),
        'defineResource("x"): read must be a function returning the contents',
      ],
      [
        () => defineResource({ name: "t", uriTemplate: "t://{id}/{part}", params: { id: z.string() }, read }),
        'defineResource("t"): the template variable part of t://{id}/{part} needs a field in params',
      ],
      [
        () =>
          defineResource({ name: "t", uriTemplate: "t://{id}", params: { id: z.string(), other: z.string() }, read }),
        'defineResource("t"): params other is not a variable of t://{id}',
      ],
      [
        () =>
          defineResource({
            name: "t",
            uriTemplate: "t://{id}",
            params: { id: { description: "no schema" } as never },
            read,
          }),
        'defineResource("t"): argument "id" needs a schema (zod, valibot, ArkType …) or { schema, description?, optional?, complete? }',
      ],
      [
        () => definePrompt({ name: "p", messages: "hi" as never }),
        'definePrompt("p"): messages must be a function returning the prompt\'s messages',
      ],
      [
        () =>
          definePrompt({
            name: "p",
            arguments: { a: { schema: z.string(), complete: "x" as never } },
            messages: () => "",
          }),
        'definePrompt("p"): argument "a": complete must be a function (value, context) => string[]',
      ],
    ];
    for (const [declare, message] of cases) expect(declare).to.throw(TypeError, message);
  });
});

describe("axn-plugin-mcp: resource subscriptions over Streamable HTTP", function () {
  // A hang guard, not a budget: the loop below waits for the session's GET stream to open.
  this.timeout(120_000);
  it("notifies the session that subscribed, not another one", async () => {
    const { createServer } = await import("node:http");
    const { Client } = await import("@modelcontextprotocol/sdk/client/index.js");
    const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
    const { createStreamableHttpHandler } = await import("axn-plugin-mcp");
    const handler = createStreamableHttpHandler({ name: "axn-spec", version: "1.0.0", tools: [], resources: [Readme] });
    const http = createServer(handler.listener);
    await new Promise<void>((done) => http.listen(0, "127.0.0.1", done));
    const url = new URL(`http://127.0.0.1:${(http.address() as { port: number }).port}/mcp`);
    const sessions = [new Client({ name: "a", version: "1" }), new Client({ name: "b", version: "1" })];
    const seen: string[][] = [[], []];
    try {
      for (const [index, client] of sessions.entries()) {
        client.setNotificationHandler(
          ResourceUpdatedNotificationSchema,
          (notification) => void seen[index]!.push(notification.params.uri),
        );
        await client.connect(new StreamableHTTPClientTransport(url));
      }
      await sessions[0]!.subscribeResource({ uri: "docs://readme" });
      // A notification outside a request travels on the session's GET stream, which the client opens
      // after initializing: one sent before it is open is dropped, so send until one arrives.
      while (seen[0]!.length === 0) {
        await Readme.notifyUpdated();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await sessions[1]!.ping();
      expect(seen[0]!.every((uri) => uri === "docs://readme")).to.equal(true);
      expect(seen[1]).to.deep.equal([]);
    } finally {
      for (const client of sessions) await client.close();
      await handler.close();
      await new Promise((done) => http.close(done));
    }
  });
});
