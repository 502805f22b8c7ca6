/**
 * The plugin and the adapter pair: registration, settings, `tools()` (every version, sorted),
 * `wrap()` (reflection only, the action untouched), and mounting another transport on the app.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Tools } from "@axn/core";
import { createHost } from "@axn/sdk";
import httpPlugin, { createHttpApp, HttpAdapter, httpConfig } from "axn-plugin-http";
import { LocateLoose, Ping } from "./fixtures.js";
import { postJson, raw, send, withHttpHost, withServer } from "./support.js";
import { resetKernel } from "@axn/sdk/testing";
import { servingPolicy } from "@axn/sdk/serving";

describe("axn-plugin-http: the plugin", () => {
  afterEach(resetKernel);

  it("is a host plugin named axn-plugin-http", () => {
    expect(httpPlugin).to.include({ name: "axn-plugin-http", version: "0.1.0", host: "^0.1.0" });
    expect(Object.isFrozen(httpPlugin)).to.equal(true);
  });

  it("registers adapter http and takes its app-wide settings from the http namespace", async () => {
    resetKernel();
    await createHost({ config: { plugins: [httpPlugin], http: { basePath: "/v1", maxBodyBytes: 2048 } } });
    expect(Tools.adapters()).to.include("http");
    expect(httpConfig.get("basePath")).to.equal("/v1");
    expect(httpConfig.get("maxBodyBytes")).to.equal(2048);
  });

  it("refuses a bad setting naming the setting and what it expects", async () => {
    resetKernel();
    try {
      await createHost({ config: { plugins: [httpPlugin], http: { basePath: "/v1/" } } });
      expect.fail("createHost should have thrown");
    } catch (error) {
      expect((error as Error).message).to.equal(
        'Invalid basePath "/v1/" for axn-plugin-http: expected "" or a path such as "/api" (segments of letters, digits, ".", "_", "~", "-"; no trailing slash)',
      );
    }
  });

  it("has safe defaults", () => {
    resetKernel();
    expect(httpConfig.get("basePath")).to.equal("/api");
    expect(httpConfig.get("maxBodyBytes")).to.equal(1_048_576);
    expect(httpConfig.get("rejectOpaqueExposedValues")).to.equal(true);
    expect(httpConfig.get("allowedHosts")).to.equal(null);
    expect(httpConfig.get("cors")).to.equal(null);
    expect(httpConfig.get("toolRoots")).to.deep.equal([]);
    expect(httpConfig.overridableKeys()).to.deep.equal(["rejectOpaqueExposedValues"]);
  });

  it("resolves rejectOpaqueExposedValues per tool", () => {
    expect(httpConfig.resolveOverrideFor(LocateLoose, "rejectOpaqueExposedValues")).to.equal(false);
    expect(httpConfig.resolveOverrideFor(Ping, "rejectOpaqueExposedValues")).to.equal(true);
  });
});

describe("axn-plugin-http: HttpAdapter", () => {
  withHttpHost();

  describe("tools()", () => {
    it("wraps every version of every http tool, sorted by name then version", () => {
      const fields = { expects: {}, call: () => undefined };
      defineAxn({ name: "HttpTools.Zeta", tool: ["http"], ...fields });
      const v2 = defineAxn({ name: "HttpTools.Alpha.V2", tool: ["http"], toolVersion: 2, ...fields });
      const v1 = defineAxn({ name: "HttpTools.Alpha.V1", tool: ["http"], toolVersion: 1, ...fields });
      // (Only http is registered here: naming another adapter would be DSL misuse, a TypeError.)
      defineAxn({ name: "HttpTools.NotATool", ...fields });
      defineAxn({ name: "HttpTools.Excluded", tool: { except: ["http"] }, ...fields });
      const ops = HttpAdapter.tools();
      expect(ops.map((op) => [op.route, op.operationId])).to.deep.equal([
        ["/http_tools_alpha/v1", "http_tools_alpha_v1"],
        ["/http_tools_alpha/v2", "http_tools_alpha_v2"],
        ["/http_tools_zeta/v1", "http_tools_zeta_v1"],
      ]);
      expect(ops[0]!.action).to.equal(v1);
      expect(ops[1]!.action).to.equal(v2);
    });

    it("is what createHttpApp serves by default", async () => {
      defineAxn({
        name: "HttpTools.Echo",
        tool: ["http"],
        expects: { text: z.string() },
        exposes: { text: z.string() },
        call: ({ text }) => ({ text }),
      });
      const app = createHttpApp();
      const response = await app.request("/api/http_tools_echo/v1", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"text":"hi"}',
      });
      expect(response.status).to.equal(200);
      expect(await response.json()).to.deep.equal({ text: "hi" });
    });

    it("refuses two tools at one route when given explicitly", () => {
      const a = defineAxn({ name: "HttpTools.Dup", tool: ["http"], call: () => undefined });
      const b = defineAxn({
        name: "Other.HttpTools.Dup",
        toolPrefixes: ["Other"],
        tool: ["http"],
        call: () => undefined,
      });
      expect(() => createHttpApp({ tools: [a, b] })).to.throw(
        'axn-plugin-http: HttpTools.Dup and Other.HttpTools.Dup both resolve to POST /http_tools_dup/v1; set a distinct tool name (tool: { name: "..." }) or toolVersion on one of them',
      );
    });
  });

  describe("wrap()", () => {
    const Quote = defineAxn({
      name: "HttpWrap.Quote",
      description: "Quotes a price",
      tool: { http: { name: "price_quote" } },
      toolVersion: 3,
      semanticHints: ["readOnly", "idempotent"],
      expects: { sku: z.string(), tenant: { schema: z.string(), on: "ambientContext" } },
      exposes: { cents: z.number().int() },
      call: () => ({ cents: 1299 }),
    });

    it("reads only the public reflection: name, version, schemas, hints, description", () => {
      const op = HttpAdapter.wrap(Quote);
      expect(op.toolName).to.equal(Quote.toolName("http")).and.to.equal("price_quote");
      expect(op.toolVersion).to.equal(3);
      expect(op.route).to.equal("/price_quote/v3");
      expect(op.operationId).to.equal("price_quote_v3");
      expect(op.method).to.equal("POST");
      expect(op.inputSchema).to.equal(Quote.inputSchema);
      expect(op.outputSchema).to.equal(Quote.outputSchema);
      expect(op.semanticHints).to.deep.equal(["readOnly", "idempotent"]);
      expect(op.description).to.equal("Quotes a price");
      expect(HttpAdapter.wrap(Quote, { description: "Another" }).description).to.equal("Another");
    });

    it("never changes the action: it still works as a direct call", async () => {
      const before = JSON.stringify({
        input: Quote.inputSchema,
        output: Quote.outputSchema,
        name: Quote.toolName("http"),
        hints: Quote.semanticHints,
      });
      const op = HttpAdapter.wrap(Quote);
      await op.invoke({ sku: "a" }, { ambientContext: { tenant: "t" } });
      expect(
        JSON.stringify({
          input: Quote.inputSchema,
          output: Quote.outputSchema,
          name: Quote.toolName("http"),
          hints: Quote.semanticHints,
        }),
      ).to.equal(before);
      const direct = await Quote.call({ sku: "a" }, { ambientContext: { tenant: "t" } });
      expect(direct.ok).to.equal(true);
      expect(direct.cents).to.equal(1299);
    });

    it("invoke() maps a result to a status and body without HTTP", async () => {
      const op = HttpAdapter.wrap(Quote);
      expect(await op.invoke({ sku: "a" }, { ambientContext: { tenant: "t" } })).to.deep.equal({
        status: 200,
        body: { cents: 1299 },
        encoded: '{"cents":1299}',
      });
      expect(await op.invoke({ sku: 1 }, { ambientContext: { tenant: "t" } })).to.deep.equal({
        status: 400,
        body: {
          error: "sku: Expected string, received number",
          fieldErrors: [{ field: "sku", message: "sku: Expected string, received number" }],
        },
      });
    });
  });

  describe("mounting another transport", () => {
    const server = withServer(() => ({
      app: createHttpApp({
        tools: [Ping],
        serving: servingPolicy({ authenticate: (r) => (r.headers.get("x-key") === "k" ? { id: "k" } : null) }),
        mount: [
          {
            path: "/mcp",
            handler: async (request) => Response.json({ mounted: request.method, path: new URL(request.url).pathname }),
          },
        ],
      }),
    }));

    it("serves a mounted handler beside the tools, outside this adapter's authentication", async () => {
      const mounted = await send(`${server().url}/mcp`, { method: "POST", body: "anything" });
      expect(mounted.status).to.equal(200);
      expect(mounted.body).to.deep.equal({ mounted: "POST", path: "/mcp" });
      expect((await postJson(`${server().url}/api/http_spec_ping/v1`, {})).status).to.equal(401);
      expect((await postJson(`${server().url}/api/http_spec_ping/v1`, {}, { "x-key": "k" })).body).to.deep.equal({
        message: "pong",
      });
    });

    it("a mounted handler still sits behind the loopback Host check", async () => {
      const reply = await raw(`${server().url}/mcp`, { headers: { host: "evil.example" }, chunks: [] });
      expect(reply.status).to.equal(403);
      expect(reply.body).to.deep.equal({ error: "Host not allowed" });
    });
  });
});
