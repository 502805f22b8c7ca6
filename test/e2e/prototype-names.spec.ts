/**
 * tool-adapter-authoring.txt, "author-once": the same action is wrapped by every adapter and called
 * directly, all from one definition — whatever its field names and adapter keys are spelt. Names
 * that collide with JavaScript itself (every own key of `Object.prototype`, every reserved word)
 * used to be read as inherited members or to set prototypes (issue 30, items 3 and 4). Property:
 * a field or adapter key drawn from those names round-trips through definition, reflection, the
 * Invoker, `render` and `Tools.for`, and through the real MCP `Client` (in memory), LangChain's
 * `StructuredTool.invoke` and HTTP over loopback. The one exception is decided and pinned too:
 * a field named `__proto__` is refused at definition (test/core/action/proto-field-name.spec.ts);
 * an adapter key `__proto__` round-trips like the rest.
 */
import { expect } from "chai";
import * as fc from "fast-check";
import { z } from "zod";
import { defineAxn, Invoker, render, Tools, type AnyAxn } from "@axn/core";
import { createKernelHost } from "@axn/core/internal";
import { resetKernel } from "@axn/sdk/testing";
import mcpPlugin, { McpAdapter } from "axn-plugin-mcp";
import langchainPlugin, { LangchainAdapter } from "axn-plugin-langchain";
import httpPlugin, { serve, type HttpServerHandle } from "axn-plugin-http";
import { connectInMemory, type Connected } from "../plugins/mcp/support.js";
import { postJson } from "../plugins/http/support.js";
import { captureReports } from "../support/reports.js";

const RESERVED_WORDS = [
  "await",
  "break",
  "case",
  "catch",
  "class",
  "const",
  "continue",
  "debugger",
  "default",
  "delete",
  "do",
  "else",
  "enum",
  "export",
  "extends",
  "false",
  "finally",
  "for",
  "function",
  "if",
  "implements",
  "import",
  "in",
  "instanceof",
  "interface",
  "let",
  "new",
  "null",
  "package",
  "private",
  "protected",
  "public",
  "return",
  "static",
  "super",
  "switch",
  "this",
  "throw",
  "true",
  "try",
  "typeof",
  "var",
  "void",
  "while",
  "with",
  "yield",
  "arguments",
  "eval",
];
const NAMES = [...new Set([...Object.getOwnPropertyNames(Object.prototype), ...RESERVED_WORDS])].sort();
/** The names `Result` keeps for itself (docs/actions.md): exposed under `value` instead. */
const RESULT_MEMBERS = new Set(["constructor", "toJSON"]);

interface Case {
  readonly name: string;
  readonly action: AnyAxn;
  /** The tool name every transport publishes; under the adapter key `name` the action sets its own. */
  readonly toolName: string;
  readonly exposedAs: string;
}

describe("e2e: names spelt like Object.prototype members and reserved words round-trip on every transport", function () {
  this.timeout(120_000);
  const reports = captureReports();
  let cases: Case[] = [];
  let mcp: Connected;
  let http: HttpServerHandle;

  beforeEach(async () => {
    const host = createKernelHost();
    for (const plugin of [mcpPlugin, langchainPlugin, httpPlugin]) plugin.apply(host, undefined);
    // Every name is also an adapter key (a plugin could register one spelt so).
    host.hooks.registerAdapter.tap("axn-plugin-protonames", (adapters) => {
      for (const key of NAMES) adapters.add(key);
    });
    host.freeze();
    cases = NAMES.filter((name) => name !== "__proto__").map((name, i) => {
      const exposedAs = RESULT_MEMBERS.has(name) ? "value" : name;
      const action = defineAxn({
        name: `AgentTools.ProtoNames.Echo${i}`,
        tool: { mcp: {}, langchain: {}, http: {}, [name]: { name: `keyed_${i}` } },
        expects: { [name]: z.string() },
        exposes: { [exposedAs]: z.string() },
        call: (input) => ({ [exposedAs]: (input as Record<string, string>)[name]! }),
      }) as unknown as AnyAxn;
      return { name, action, toolName: `proto_names_echo${i}`, exposedAs };
    });
    mcp = await connectInMemory({ tools: McpAdapter.tools() });
    http = await serve({ port: 0 });
  });
  afterEach(async () => {
    await mcp.close();
    await http.close();
    resetKernel();
  });

  it("a field named __proto__ is the one refused, at definition, with its code", () => {
    let code: unknown;
    try {
      defineAxn({ name: "ProtoNames.Proto", expects: { ["__proto__"]: z.string() }, call: () => undefined });
    } catch (error) {
      code = (error as { code?: unknown }).code;
    }
    expect(code).to.equal("AXN_RESERVED_FIELD_NAME");
  });

  it("definition, reflection, the Invoker, render, Tools.for and all three transports carry each name", async () => {
    const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
    const listed = new Map((await mcp.client.listTools()).tools.map((tool) => [tool.name, tool]));
    const langchain = new Map(LangchainAdapter.tools().map((tool) => [tool.name, tool]));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...cases),
        fc.constantFrom(...NAMES),
        fc.string({ maxLength: 20 }),
        async ({ name, action, toolName, exposedAs }, key, value) => {
          const args = JSON.parse(JSON.stringify({ [name]: value })) as Record<string, unknown>;
          const expected = { [exposedAs]: value };
          // Definition and reflection: one own property, required.
          expect(action.inputSchema).to.deep.equal({
            type: "object",
            properties: { [name]: { type: "string" } },
            required: [name],
            additionalProperties: false,
          });
          // Naming: the same name for every transport; under the adapter key spelt `name`, the action's own override.
          for (const key of ["mcp", "langchain", "http"]) expect(action.toolName(key), key).to.equal(toolName);
          expect(action.toolName(name)).to.equal(`keyed_${cases.indexOf(cases.find((c) => c.name === name)!)}`);
          expect(Tools.for(name)).to.deep.equal([action]);
          // Under any other such key the action sets nothing: no inherited member is read as its override.
          if (key !== name) {
            expect(action.toolName(key), key).to.equal(toolName);
            expect(Tools.for(key), key).not.to.include(action);
          }
          expect(Tools.for("mcp")).to.include(action);
          // A direct call, the Invoker and render.
          const direct = await action.call(args as never);
          expect(direct.ok, direct.error).to.equal(true);
          const invoked = await invoker.call(action, args);
          expect(invoked.ok, invoked.error).to.equal(true);
          expect(render(invoked)).to.deep.equal(expected);
          // MCP: a real client, the advertised schema and the structured result.
          expect(Object.keys((listed.get(toolName)!.inputSchema as { properties: object }).properties)).to.deep.equal([
            name,
          ]);
          const viaMcp = await mcp.client.callTool({ name: toolName, arguments: args });
          expect(viaMcp.isError ?? false, JSON.stringify(viaMcp)).to.equal(false);
          expect(viaMcp.structuredContent).to.deep.equal(expected);
          // LangChain: StructuredTool.invoke with a tool call, as an agent makes it.
          const message = await langchain
            .get(toolName)!
            .invoke({ name: toolName, args, id: "call_1", type: "tool_call" });
          expect(message.status, String(message.content)).to.equal("success");
          expect(JSON.parse(String(message.content))).to.deep.equal(expected);
          // HTTP over loopback.
          const reply = await postJson(`${http.url}/api/${toolName}/v1`, args);
          expect(reply.status, JSON.stringify(reply.body)).to.equal(200);
          expect(reply.body).to.deep.equal(expected);
        },
      ),
      { numRuns: 150 },
    );
    expect(reports).to.deep.equal([]);
  });
});
