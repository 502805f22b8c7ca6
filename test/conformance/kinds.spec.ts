/**
 * The three shipped transports against one action per schema kind (zod 4, zod/mini, zod 3.25,
 * zod/v4 inside zod 3.25, valibot, ArkType), through their real clients: MCP (`createMcpServer`
 * and the SDK's `Client` over `InMemoryTransport`), HTTP (`serve` on loopback, `fetch`), and
 * LangChain (`LangchainAdapter.wrap(action).invoke(toolCall)`, the path `ToolNode` takes). One spec
 * body, parameterised by the kind's builder (test/support/schema-kinds.ts).
 *
 * What a client sees must not depend on the schema library: one tool name and one input schema on
 * every transport, wire coercion, the ambient field never advertised and never taken from the
 * arguments, an invalid argument answered with the Invoker's `result.error` (on LangChain with its
 * documented `Invalid tool arguments: ` form), and a structured result that conforms to the
 * advertised output schema (the SDK Client checks `structuredContent` against it on every call).
 *
 * The shipped adapter conformance suite (`@axn/sdk/conformance`, run per plugin and per probe kind
 * by mcp.spec.ts, http.spec.ts and langchain.spec.ts) checks the conventions with three small probe
 * schemas; this file covers the rest of the kind-dependent contract (containers, unions, output
 * schemas, dates and the like).
 */
import { expect } from "chai";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { defineAxn, Invoker, JSON_SCHEMA_DIALECT, type AnyAxn, type FieldSpec, type Result } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { ToolMessage } from "@langchain/core/messages";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import mcpPlugin, { createMcpServer, McpAdapter } from "axn-plugin-mcp";
import httpPlugin, { HttpAdapter, serve, type HttpServerHandle } from "axn-plugin-http";
import { withAmbient } from "../support/http-ambient.js";
import langchainPlugin, { LangchainAdapter, type ActionTool } from "axn-plugin-langchain";
import { SCHEMA_KINDS, type KindSchema, type SchemaKindBuilder } from "../support/schema-kinds.js";
import { captureReports } from "../support/reports.js";

const addFormats = addFormatsModule.default;

const HEADLINE = "Could not echo";
const AMBIENT_FIELD = "userId";
/** The trusted user each transport's server side supplies. */
const USERS = { mcp: "u_mcp", http: "u_http", langchain: "u_langchain" } as const;
/** The profile every adapter calls through: the reference for what a client must read. */
const referenceInvoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/** Compiled once per schema object (compiling is most of what a check costs). */
const compiled = new WeakMap<object, ReturnType<Ajv2020["compile"]>>();

function schemaErrors(schema: unknown, value: unknown): string[] {
  if (typeof schema !== "object" || schema === null) return ["no schema"];
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ""}`);
}

const json = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
/** An MCP listing declares the dialect (MCP 2025-11-25); the schema itself is the action's, unchanged. */
const listedByMcp = (schema: unknown): unknown => json({ $schema: JSON_SCHEMA_DIALECT, ...(schema as object) });
const slug = (name: string): string => name.replace(/[^A-Za-z0-9]+/g, "").toLowerCase();

function echoAction(k: SchemaKindBuilder): AnyAxn {
  const f = (schema: KindSchema) => k.field(schema);
  const expects: Record<string, FieldSpec> = {
    count: { schema: f(k.int({ min: 1 })), description: "How many" },
    flag: { schema: f(k.boolean()), optional: true },
    profile: { schema: f(k.object({ age: k.int({ min: 0 }), nick: k.nullable(k.string()) })), optional: true },
    tags: { schema: f(k.array(k.enumOf(["a", "b"]))), optional: true },
    [AMBIENT_FIELD]: { schema: f(k.string()), on: "ambientContext" },
  };
  const exposes: Record<string, FieldSpec> = {
    count: f(k.int()),
    flag: { schema: f(k.boolean()), optional: true },
    profile: { schema: f(k.object({ age: k.int(), nick: k.nullable(k.string()) })), optional: true },
    tags: { schema: f(k.array(k.string())), optional: true },
    user: f(k.string()),
  };
  return defineAxn({
    name: `KindsConformance.${slug(k.name)}.Echo`,
    description: "Echo the validated arguments and the trusted user",
    messages: { error: HEADLINE },
    expects,
    exposes,
    call: ({ [AMBIENT_FIELD]: user, ...rest }) => ({ ...rest, user }) as never,
  });
}

/** Dates, bigints, sets and maps: the zod kinds only (JSON Schema has no such types). */
function richAction(k: SchemaKindBuilder): AnyAxn | undefined {
  if (k.date === undefined || k.bigint === undefined || k.set === undefined || k.map === undefined) return undefined;
  const fields = {
    at: k.field(k.date()),
    big: k.field(k.bigint()),
    ids: k.field(k.set(k.int())),
    counts: k.field(k.map(k.string(), k.int())),
  };
  return defineAxn({
    name: `KindsConformance.${slug(k.name)}.Rich`,
    messages: { error: HEADLINE },
    expects: fields,
    exposes: fields,
    call: (input) => input as never,
  });
}

/** What one call looked like to the client of one transport. */
interface Seen {
  readonly ok: boolean;
  readonly text: string;
  readonly structured: unknown;
}

/** One action served by the three transports, with their clients. */
interface Served {
  readonly advertised: {
    readonly mcp: Tool;
    readonly http: { name: string; input: unknown; output: unknown; item: unknown };
    readonly langchain: { name: string; input: unknown };
  };
  readonly openapi: unknown;
  mcp(args: Record<string, unknown>): Promise<Seen>;
  http(args: Record<string, unknown>): Promise<Seen & { status: number; body: unknown }>;
  langchain(args: Record<string, unknown>): Promise<Seen>;
  close(): Promise<void>;
}

let callId = 0;

async function serveEverywhere(action: AnyAxn): Promise<Served> {
  const mcpServer = createMcpServer({
    name: "kinds",
    version: "1.0.0",
    tools: [McpAdapter.wrap(action)],
    serverContext: () => ({ [AMBIENT_FIELD]: USERS.mcp }),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "kinds-client", version: "1.0.0" });
  await Promise.all([mcpServer.connect(serverSide), client.connect(clientSide)]);
  let http: HttpServerHandle | undefined;
  try {
    // Listing first: the Client keeps each tool's outputSchema and checks structuredContent against it.
    const { tools } = await client.listTools();
    if (tools.length !== 1 || tools[0] === undefined) throw new Error(`expected one listed tool, got ${tools.length}`);
    const op = HttpAdapter.wrap(action);
    http = await serve({ port: 0, tools: [withAmbient(op, () => ({ [AMBIENT_FIELD]: USERS.http }))] });
    const httpUrl = http.url;
    const openapi = (await (await fetch(`${httpUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, { post?: Record<string, unknown> }>;
    };
    const routes = Object.keys(openapi.paths).filter(
      (path) => path !== "/api/openapi.json" && path !== "/api/jobs/{id}",
    );
    const route = routes[0];
    if (routes.length !== 1 || route === undefined)
      throw new Error(`expected one tool route, got ${routes.join(", ")}`);
    const post = openapi.paths[route]?.post as {
      requestBody: { content: Record<string, { schema: unknown }> };
      responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
    };
    const tool: ActionTool = LangchainAdapter.wrap(action);
    const declared = convertToOpenAITool(tool);
    const handle = http;
    return {
      advertised: {
        mcp: tools[0],
        http: {
          name: route.split("/")[2] ?? route,
          input: post.requestBody.content["application/json"]?.schema,
          output: post.responses["200"]?.content?.["application/json"]?.schema,
          item: openapi.paths[route],
        },
        langchain: { name: declared.function.name, input: declared.function.parameters },
      },
      openapi,
      async mcp(args) {
        const result = await client.callTool({ name: tools[0]!.name, arguments: { ...args } });
        const content = result.content as { type: string; text?: string }[];
        if (content.length !== 1 || content[0]?.type !== "text")
          throw new Error(`expected one text block, got ${JSON.stringify(content)}`);
        return { ok: result.isError !== true, text: content[0].text ?? "", structured: result.structuredContent };
      },
      async http(args) {
        const response = await fetch(`${httpUrl}/api${op.route}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(args),
        });
        const text = await response.text();
        const body = JSON.parse(text) as unknown;
        return { ok: response.ok, status: response.status, text, body, structured: response.ok ? body : undefined };
      },
      async langchain(args) {
        const message: unknown = await tool.invoke(
          { id: `call_${++callId}`, name: tool.name, args: { ...args }, type: "tool_call" },
          { context: { [AMBIENT_FIELD]: USERS.langchain } },
        );
        if (!(message instanceof ToolMessage))
          throw new Error(`tool.invoke(ToolCall) returned ${typeof message}, not a ToolMessage`);
        return {
          ok: message.status !== "error",
          text: typeof message.content === "string" ? message.content : JSON.stringify(message.content),
          structured: message.artifact,
        };
      },
      async close() {
        await client.close();
        await mcpServer.close();
        await handle.close();
      },
    };
  } catch (error) {
    await client.close();
    await mcpServer.close();
    await http?.close();
    throw error;
  }
}

describe("conformance per schema kind: MCP, HTTP and LangChain serve one action alike", () => {
  before(() => {
    resetKernel();
    const host = createKernelHost();
    mcpPlugin.apply(host, undefined);
    httpPlugin.apply(host, undefined);
    langchainPlugin.apply(host, undefined);
    host.freeze();
  });
  after(resetKernel);

  for (const kind of SCHEMA_KINDS) {
    describe(`schema kind: ${kind.name}`, () => {
      const reports = captureReports();
      let Echo: AnyAxn;
      let served: Served;
      before(async () => {
        Echo = echoAction(kind);
        served = await serveEverywhere(Echo);
      });
      after(() => served?.close());

      it("advertises one tool name and one input schema — action.inputSchema, unchanged — on all three", () => {
        const { mcp, http, langchain } = served.advertised;
        const name = `kinds_conformance_${slug(kind.name)}_echo`;
        expect([mcp.name, http.name, langchain.name]).to.deep.equal([name, name, name]);
        expect([Echo.toolName("mcp"), Echo.toolName("http"), Echo.toolName("langchain")]).to.deep.equal([
          name,
          name,
          name,
        ]);
        const expected = json(Echo.inputSchema);
        expect(json(mcp.inputSchema)).to.deep.equal(listedByMcp(Echo.inputSchema));
        expect(json(http.input)).to.deep.equal(expected);
        expect(json(langchain.input)).to.deep.equal(expected);
        expect(Object.keys((expected as { properties: object }).properties)).to.deep.equal([
          "count",
          "flag",
          "profile",
          "tags",
        ]);
      });

      it("never advertises the ambient field (MCP tool, OpenAPI operation, LangChain parameters)", () => {
        const { mcp, http, langchain } = served.advertised;
        for (const advertised of [mcp, http.item, langchain.input])
          expect(JSON.stringify(advertised)).to.not.contain(AMBIENT_FIELD);
      });

      it("publishes a valid OpenAPI 3.1 document whose 200 schema is action.outputSchema", async () => {
        await SwaggerParser.validate(structuredClone(served.openapi) as never);
        expect(json(served.advertised.http.output)).to.deep.equal(json(Echo.outputSchema));
        expect(json(served.advertised.mcp.outputSchema)).to.deep.equal(listedByMcp(Echo.outputSchema));
      });

      it('coerces wire strings ("3" → 3, "true" → true, nested "4" → 4) on every transport, with the trusted user', async () => {
        const args = {
          count: "3",
          flag: "true",
          profile: { age: "4", nick: null },
          tags: ["a"],
          ambientContext: { [AMBIENT_FIELD]: "attacker" },
          ambient_context: { [AMBIENT_FIELD]: "attacker" },
        };
        const expected = { count: 3, flag: true, profile: { age: 4, nick: null }, tags: ["a"] };
        const [mcp, http, langchain] = await Promise.all([served.mcp(args), served.http(args), served.langchain(args)]);
        expect(mcp.structured).to.deep.equal({ ...expected, user: USERS.mcp });
        expect(mcp.text).to.equal(JSON.stringify(mcp.structured));
        expect(http).to.include({ ok: true, status: 200 });
        expect(http.body).to.deep.equal({ ...expected, user: USERS.http });
        expect(langchain.ok).to.equal(true);
        expect(langchain.structured).to.deep.equal({ ...expected, user: USERS.langchain });
        expect(langchain.text).to.equal(JSON.stringify(langchain.structured));
        for (const seen of [mcp, http, langchain]) expect(seen.text).to.not.contain("attacker");
      });

      it("a structured result conforms to the advertised output schema (the MCP Client checks it on every call)", async () => {
        for (const args of [
          { count: 1 },
          { count: 2, flag: false, profile: { age: 0, nick: "n" }, tags: ["a", "b"] },
        ]) {
          const [mcp, http, langchain] = await Promise.all([
            served.mcp(args),
            served.http(args),
            served.langchain(args),
          ]);
          expect(schemaErrors(served.advertised.mcp.outputSchema, mcp.structured)).to.deep.equal([]);
          expect(schemaErrors(served.advertised.http.output, http.body)).to.deep.equal([]);
          expect(schemaErrors(Echo.outputSchema, langchain.structured)).to.deep.equal([]);
        }
      });

      it("answers an invalid argument with the Invoker's result.error on each, naming every path", async () => {
        const args = { count: "x", profile: { age: "y", nick: null }, tags: ["a", "c"], extra: 1 };
        const reference = await referenceInvoker.call(Echo, args, { ambientContext: { [AMBIENT_FIELD]: "u" } });
        expect(Invoker.inputInvalid(reference)).to.equal(true);
        const fieldErrors = Invoker.fieldErrors(reference);
        expect(fieldErrors.map((e) => e.field)).to.deep.equal(["count", "profile.age", "tags[1]", "extra"]);
        expect(fieldErrors[3]).to.deep.equal({ field: "extra", message: "unknown input: extra" });
        expect(reference.error).to.equal(`${HEADLINE}: ${fieldErrors.map((e) => e.message).join("; ")}`);
        const [mcp, http, langchain] = await Promise.all([served.mcp(args), served.http(args), served.langchain(args)]);
        expect(mcp).to.deep.equal({ ok: false, text: reference.error, structured: undefined });
        expect(http.status).to.equal(400);
        expect(http.body).to.deep.equal({ error: reference.error, fieldErrors: json(fieldErrors) });
        // Every transport surfaces result.error (issue 16 item 24); LangChain keeps the field list as its artifact.
        expect(langchain).to.deep.equal({
          ok: false,
          text: reference.error,
          structured: { fieldErrors: json(fieldErrors) },
        });
        expect(reports).to.deep.equal([]);
      });

      it("refuses an undeclared key, and the ambient field sent as an argument, in axn's own words", async () => {
        for (const key of ["extra", AMBIENT_FIELD]) {
          const args = { count: 1, [key]: "x" };
          const [mcp, http, langchain] = await Promise.all([
            served.mcp(args),
            served.http(args),
            served.langchain(args),
          ]);
          expect(mcp).to.deep.include({ ok: false, text: `${HEADLINE}: unknown input: ${key}` });
          expect(http.body).to.deep.equal({
            error: `${HEADLINE}: unknown input: ${key}`,
            fieldErrors: [{ field: key, message: `unknown input: ${key}` }],
          });
          expect(langchain).to.deep.include({ ok: false, text: `${HEADLINE}: unknown input: ${key}` });
        }
      });

      if (kind.date !== undefined) {
        describe("dates, bigints, sets and maps", () => {
          let rich: Served;
          let Rich: AnyAxn;
          before(async () => {
            Rich = richAction(kind)!;
            rich = await serveEverywhere(Rich);
          });
          after(() => rich?.close());

          it("travel the wire both ways alike: coerced in, rendered out as the output schema says", async () => {
            const args = {
              at: "2026-07-08T10:20:30Z",
              big: "12345678901234567890",
              ids: ["1", 2],
              counts: [["a", "1"]],
            };
            const expected = {
              at: "2026-07-08T10:20:30.000Z",
              big: "12345678901234567890",
              ids: [1, 2],
              counts: { a: 1 },
            };
            const [mcp, http, langchain] = await Promise.all([rich.mcp(args), rich.http(args), rich.langchain(args)]);
            expect(mcp.structured).to.deep.equal(expected);
            expect(http.body).to.deep.equal(expected);
            expect(langchain.structured).to.deep.equal(expected);
            expect(schemaErrors(rich.advertised.mcp.outputSchema, mcp.structured)).to.deep.equal([]);
            const input = json(Rich.inputSchema);
            expect([
              json(rich.advertised.mcp.inputSchema),
              json(rich.advertised.http.input),
              json(rich.advertised.langchain.input),
            ]).to.deep.equal([listedByMcp(input), input, input]);
          });

          it("a bad member is answered with result.error on each", async () => {
            const args = { at: "yesterday", big: "12", ids: [1], counts: [] };
            const reference: Result<Record<string, unknown>> = await referenceInvoker.call(Rich, args);
            expect(Invoker.fieldErrors(reference).map((e) => e.field)).to.deep.equal(["at"]);
            const [mcp, http, langchain] = await Promise.all([rich.mcp(args), rich.http(args), rich.langchain(args)]);
            expect(mcp.text).to.equal(reference.error);
            expect((http.body as { error: string }).error).to.equal(reference.error);
            expect(langchain.text).to.equal(reference.error);
          });
        });
      }
    });
  }
});
