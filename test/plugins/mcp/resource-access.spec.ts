/**
 * Access policies on resources, resource templates and prompts, through the SDK's real `Client`
 * (in memory, and over Streamable HTTP on loopback with a `serving` policy that authenticates two
 * principals): each caller is shown only what its grants allow; reading, subscribing to, getting or
 * completing anything else is answered exactly as for something the server does not have — the
 * same code and message as a server without it — and reaches `onAccessDenied`; `listChanged` is
 * advertised only when something is restricted, and sent when a session's grants changed.
 * `axn serve` itself is resource-access-serve.spec.ts.
 */
import { expect } from "chai";
import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { configureAxn, type AccessDeniedInfo, type AxnPrincipal } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { staticTokens } from "@axn/sdk/auth";
import { servingPolicy } from "@axn/sdk/serving";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import {
  createStreamableHttpHandler,
  definePrompt,
  defineResource,
  type McpPrompt,
  type McpResource,
} from "axn-plugin-mcp";
import { z } from "zod";
import {
  ADA,
  BOB,
  Escalate,
  Hello,
  PROMPTS,
  Readme,
  RESOURCES,
  Runbook,
  SHOWN,
  Ticket,
  TOKENS,
} from "../../fixtures/resource-access/surface.js";
import { captureReports } from "../../support/reports.js";
import { connectInMemory, type Connected } from "./support.js";

type Caller = keyof typeof SHOWN;
const PRINCIPALS: Record<Caller, AxnPrincipal | undefined> = { anonymous: undefined, bob: BOB, ada: ADA };

/** What `client` is shown, in SHOWN's shape. */
async function shown(client: Client): Promise<{ resources: string[]; templates: string[]; prompts: string[] }> {
  return {
    resources: (await client.listResources()).resources.map((resource) => resource.uri),
    templates: (await client.listResourceTemplates()).resourceTemplates.map((template) => template.name),
    prompts: (await client.listPrompts()).prompts.map((prompt) => prompt.name),
  };
}

/** The JSON-RPC error a request ends with (code and message, as the client reads them). */
async function answer(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (error) {
    return { code: (error as { code: number }).code, message: (error as Error).message };
  }
  throw new Error("expected a JSON-RPC error");
}

/** Every request a caller may not make on Ada's resources and prompts. */
function refusedRequests(client: Client): Record<string, Promise<unknown>> {
  return {
    read: client.readResource({ uri: "tickets://1" }),
    subscribe: client.subscribeResource({ uri: "tickets://1" }),
    get: client.getPrompt({ name: "escalate", arguments: { ticketId: "not digits" } }),
    "complete prompt": client.complete({
      ref: { type: "ref/prompt", name: "escalate" },
      argument: { name: "ticketId", value: "1" },
    }),
    "complete template": client.complete({
      ref: { type: "ref/resource", uri: "tickets://{id}" },
      argument: { name: "id", value: "1" },
    }),
  };
}

async function answers(
  requests: Record<string, Promise<unknown>>,
): Promise<Record<string, { code: number; message: string }>> {
  const settled: Record<string, { code: number; message: string }> = {};
  for (const [label, request] of Object.entries(requests)) settled[label] = await answer(request);
  return settled;
}

/** What a server without Ada's resource and prompt answers (its one remaining completer keeps completion on). */
const MISSING = {
  read: { code: -32602, message: "MCP error -32602: Resource not found: tickets://1" },
  subscribe: { code: -32602, message: "MCP error -32602: Resource not found: tickets://1" },
  get: { code: -32602, message: "MCP error -32602: Prompt escalate not found" },
  "complete prompt": { code: -32602, message: "MCP error -32602: Prompt escalate not found" },
  "complete template": {
    code: -32602,
    message: "MCP error -32602: Resource template tickets://{id} not found",
  },
};

describe("axn-plugin-mcp: access on resources and prompts", () => {
  const reports = captureReports();
  let denied: AccessDeniedInfo[];
  beforeEach(() => {
    denied = [];
    const host = createKernelHost();
    host.hooks.onAccessDenied.tap("spec-audit", (info) => void denied.push(info));
    host.freeze();
  });

  describe("in memory", () => {
    let principal: AxnPrincipal | undefined;
    let connected: Connected;
    const open = async (resources: readonly McpResource[] = RESOURCES, prompts: readonly McpPrompt[] = PROMPTS) => {
      connected = await connectInMemory({
        tools: [],
        resources,
        prompts,
        serverContext: () => (principal === undefined ? {} : { principal }),
      });
      return connected.client;
    };
    afterEach(() => connected?.close());

    for (const caller of Object.keys(SHOWN) as Caller[]) {
      it(`shows the ${caller} caller exactly the resources, templates and prompts it may use`, async () => {
        principal = PRINCIPALS[caller];
        expect(await shown(await open())).to.deep.equal(SHOWN[caller]);
      });
    }

    it("answers a hidden resource, template or prompt exactly as a server without it answers", async () => {
      // Completion stays on without Ada's completers: the template variable of this one completes.
      const Other = defineResource({
        name: "other",
        uriTemplate: "other://{x}",
        params: { x: { schema: z.string(), complete: () => [] } },
        read: () => "",
      });
      principal = undefined;
      const without = await open([Readme, Other], [Hello]);
      const missing = await answers(refusedRequests(without));
      await connected.close();
      expect(missing).to.deep.equal(MISSING);
      for (const caller of ["anonymous", "bob"] as const) {
        principal = PRINCIPALS[caller];
        const client = await open();
        expect(await answers(refusedRequests(client)), caller).to.deep.equal(MISSING);
        await connected.close();
      }
      expect(reports).to.deep.equal([]);
    });

    it("lets a caller its policy admits read, subscribe, get and complete", async () => {
      principal = ADA;
      const client = await open();
      expect(await client.readResource({ uri: "tickets://12" })).to.deep.equal({
        contents: [{ uri: "tickets://12", mimeType: "text/plain", text: '{"id":"12","status":"open"}' }],
      });
      expect(await client.subscribeResource({ uri: "tickets://12" })).to.deep.equal({});
      expect((await client.getPrompt({ name: "escalate", arguments: { ticketId: "12" } })).messages).to.deep.equal([
        { role: "user", content: { type: "text", text: "Escalate ticket 12 to the on-call engineer." } },
      ]);
      const completed = await client.complete({
        ref: { type: "ref/prompt", name: "escalate" },
        argument: { name: "ticketId", value: "1" },
      });
      expect(completed.completion.values).to.deep.equal(["1", "12"]);
      const template = await client.complete({
        ref: { type: "ref/resource", uri: "tickets://{id}" },
        argument: { name: "id", value: "12" },
      });
      expect(template.completion.values).to.deep.equal(["12"]);
      expect(denied).to.deep.equal([]);
    });

    it("tells onAccessDenied about every refused read, subscription, get and completion, and nothing about a listing", async () => {
      principal = BOB;
      const client = await open();
      await shown(client);
      await answers(refusedRequests(client));
      principal = undefined;
      await answer(client.readResource({ uri: "internal://runbook" }));
      expect(
        denied.map(({ kind, tool, reason, principal: who, message, action, result }) => [
          kind,
          tool,
          reason,
          who?.id,
          message,
          action,
          result,
        ]),
      ).to.deep.equal([
        [
          "resource",
          "resource ticket",
          "forbidden",
          "u_bob",
          "Forbidden: resource ticket needs the role agent",
          undefined,
          undefined,
        ],
        [
          "resource",
          "resource ticket",
          "forbidden",
          "u_bob",
          "Forbidden: resource ticket needs the role agent",
          undefined,
          undefined,
        ],
        [
          "prompt",
          "prompt escalate",
          "forbidden",
          "u_bob",
          "Forbidden: prompt escalate needs the role agent",
          undefined,
          undefined,
        ],
        [
          "prompt",
          "prompt escalate",
          "forbidden",
          "u_bob",
          "Forbidden: prompt escalate needs the role agent",
          undefined,
          undefined,
        ],
        [
          "resource",
          "resource ticket",
          "forbidden",
          "u_bob",
          "Forbidden: resource ticket needs the role agent",
          undefined,
          undefined,
        ],
        [
          "resource",
          "resource runbook",
          "unauthenticated",
          undefined,
          "Authentication required: sign in to read resource runbook",
          undefined,
          undefined,
        ],
      ]);
      expect(denied[0]!.error.code).to.equal("AXN_FORBIDDEN");
    });

    it("advertises listChanged only for what is restricted", async () => {
      const restricted = (await open()).getServerCapabilities();
      await connected.close();
      const Public = definePrompt({ name: "public_prompt", messages: () => "hi" });
      const openOnly = (await open([Readme], [Public])).getServerCapabilities();
      expect([restricted?.resources, restricted?.prompts]).to.deep.equal([
        { subscribe: true, listChanged: true },
        { listChanged: true },
      ]);
      // Nothing restricted: the lists never change after the server connects, so no listChanged.
      expect([
        openOnly?.resources?.listChanged,
        openOnly?.resources?.subscribe,
        openOnly?.prompts?.listChanged,
      ]).to.deep.equal([undefined, true, undefined]);
    });

    it("sends list_changed for resources and prompts when the session's caller's grants changed since its last listing", async () => {
      principal = BOB;
      const client = await open();
      const seen: string[] = [];
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void seen.push("resources"));
      client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.push("prompts"));
      expect(await shown(client)).to.deep.equal(SHOWN.bob);
      await client.readResource({ uri: "docs://readme" });
      expect(seen).to.deep.equal([]);
      // Bob is made an agent (a refreshed token): his next resources or prompts request announces it.
      principal = { ...BOB, roles: ["agent"] };
      await client.readResource({ uri: "docs://readme" });
      expect(seen).to.deep.equal(["resources", "prompts"]);
      expect(await shown(client)).to.deep.equal(SHOWN.ada);
      await client.getPrompt({ name: "hello" });
      expect(seen).to.deep.equal(["resources", "prompts"]);
    });

    it("stops a subscription's updates once the session's latest caller may no longer read the resource", async () => {
      principal = ADA;
      const client = await open();
      const updates: string[] = [];
      client.setNotificationHandler(
        ResourceUpdatedNotificationSchema,
        (notification) => void updates.push(notification.params.uri),
      );
      await client.subscribeResource({ uri: "tickets://1" });
      await Ticket.notifyUpdated("tickets://1");
      await client.ping();
      expect(updates).to.deep.equal(["tickets://1"]);
      principal = { ...ADA, roles: [] }; // Ada's agent role was revoked; her next request says so
      await client.listResources();
      await Ticket.notifyUpdated("tickets://1");
      await client.ping();
      expect(updates).to.deep.equal(["tickets://1"]);
      principal = ADA;
      await client.listResources();
      await Ticket.notifyUpdated("tickets://1");
      await client.ping();
      expect(updates).to.deep.equal(["tickets://1", "tickets://1"]);
    });

    it("applies the app's default policy to a resource or prompt that declares none", async () => {
      configureAxn({ access: { default: "authenticated" } });
      principal = undefined;
      expect(await shown(await open())).to.deep.equal({ resources: [], templates: [], prompts: [] });
      expect(await answer(connected.client.readResource({ uri: "docs://readme" }))).to.deep.equal({
        code: -32602,
        message: "MCP error -32602: Resource not found: docs://readme",
      });
      await connected.close();
      principal = BOB;
      expect((await shown(await open())).resources).to.deep.equal(["docs://readme", "internal://runbook"]);
    });
  });

  it("refuses a bad policy when the resource or prompt is defined, naming it", () => {
    expect(() => defineResource({ name: "bad", uri: "docs://bad", access: {} as never, read: () => "" })).to.throw(
      TypeError,
      'defineResource("bad"): access: an empty rule admits every authenticated caller: write "authenticated" instead',
    );
    expect(() => definePrompt({ name: "bad", access: "staff" as never, messages: () => "" })).to.throw(
      TypeError,
      'definePrompt("bad"): access: expected "public", "authenticated" or a rule { scopes?, roles?, allow? }, got "staff"',
    );
    expect([Runbook.access, Escalate.access, Readme.access]).to.deep.equal([
      "authenticated",
      { roles: ["agent"] },
      undefined,
    ]);
  });

  describe("over Streamable HTTP, two principals and anonymous callers", () => {
    let server: HttpServer;
    let url: URL;
    let handler: ReturnType<typeof createStreamableHttpHandler>;
    const clients: Client[] = [];
    beforeEach(async () => {
      handler = createStreamableHttpHandler({
        name: "resource-access-spec",
        version: "1.0.0",
        tools: [],
        resources: RESOURCES,
        prompts: PROMPTS,
        serving: servingPolicy({ authenticate: staticTokens(TOKENS), anonymous: true }),
      });
      server = createServer(handler.listener);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
    });
    afterEach(async () => {
      await Promise.all(clients.splice(0).map((client) => client.close()));
      await handler.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });
    async function connect(token?: string): Promise<Client> {
      const client = new Client({ name: "resource-access-spec", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(url, {
          requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      return client;
    }

    it("shows each caller its own view, refuses the rest as missing, and audits each refusal", async () => {
      const [anonymous, bob, ada] = await Promise.all([connect(), connect("t-bob"), connect("t-ada")]);
      expect(await shown(anonymous!)).to.deep.equal(SHOWN.anonymous);
      expect(await shown(bob!)).to.deep.equal(SHOWN.bob);
      expect(await shown(ada!)).to.deep.equal(SHOWN.ada);
      expect(await answers(refusedRequests(bob!))).to.deep.equal(MISSING);
      expect((await ada!.readResource({ uri: "tickets://1" })).contents).to.deep.equal([
        { uri: "tickets://1", mimeType: "text/plain", text: '{"id":"1","status":"open"}' },
      ]);
      expect((await bob!.readResource({ uri: "internal://runbook" })).contents).to.have.length(1);
      expect(await answer(anonymous!.readResource({ uri: "internal://runbook" }))).to.deep.equal({
        code: -32602,
        message: "MCP error -32602: Resource not found: internal://runbook",
      });
      expect(
        denied.map(({ tool, reason, principal }) => `${tool}:${reason}:${principal?.id ?? "anonymous"}`),
      ).to.deep.equal([
        "resource ticket:forbidden:u_bob",
        "resource ticket:forbidden:u_bob",
        "prompt escalate:forbidden:u_bob",
        "prompt escalate:forbidden:u_bob",
        "resource ticket:forbidden:u_bob",
        "resource runbook:unauthenticated:anonymous",
      ]);
      expect(ada!.getServerCapabilities()).to.deep.include({
        resources: { subscribe: true, listChanged: true },
        prompts: { listChanged: true },
      });
    });
  });
});
