/**
 * The suite reads real transports, so it catches a broken adapter through them — not only through
 * the in-process fixture (broken-adapter.spec.ts). Each case takes a shipped plugin, breaks one
 * convention in its native object (the way a careless fork would), and runs the affected check over
 * the real transport: the MCP SDK `Client` over `InMemoryTransport`, or `fetch` over loopback HTTP
 * with the served OpenAPI document. The failure messages are pinned.
 */
import { expect } from "chai";
import { Invoker, type AnyAxn } from "@axn/core";
import { serializeExposed } from "@axn/sdk/adapter";
import { runConformanceChecks, type AdapterConformanceDriver, type ConformanceCheckId } from "@axn/sdk/conformance";
import { resetKernel } from "@axn/sdk/testing";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import mcpPlugin, { McpAdapter, mcpConfig, type McpTool } from "axn-plugin-mcp";
import httpPlugin, { HttpAdapter, type HttpOperation } from "axn-plugin-http";
import { httpTransport, mcpTransport } from "./support/transports.js";

const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

const mcp = (name: string, wrap: (action: AnyAxn) => McpTool): AdapterConformanceDriver<McpTool> => ({
  name,
  plugin: mcpPlugin,
  key: "mcp",
  wrap,
  tools: McpAdapter.tools,
  transport: mcpTransport,
});

const http = (name: string, wrap: (action: AnyAxn) => HttpOperation): AdapterConformanceDriver<HttpOperation> => ({
  name,
  plugin: httpPlugin,
  key: "http",
  wrap,
  tools: HttpAdapter.tools,
  transport: httpTransport,
});

async function failure<W>(driver: AdapterConformanceDriver<W>, id: ConformanceCheckId): Promise<string | undefined> {
  resetKernel();
  const [result] = await runConformanceChecks(driver, { only: [id] });
  expect(result?.id).to.equal(id);
  return result?.error;
}

describe("conformance: the suite catches broken adapters through the real transports", () => {
  before(resetKernel);
  after(resetKernel);

  it("MCP: a blanket headline in the CallToolResult text", async () => {
    const driver = mcp("mcp (headline)", (action) => {
      const tool = McpAdapter.wrap(action);
      return {
        ...tool,
        async call(args, request) {
          const result = await tool.call(args, request);
          const [block] = result.content as { type: "text"; text: string }[];
          return result.isError === true
            ? { ...result, content: [{ type: "text", text: `Tool call failed: ${block?.text ?? ""}` }] }
            : result;
        },
      };
    });
    expect(await failure(driver, "no-headline")).to.equal(
      `mcp (headline): for a business failure the client read "Tool call failed: Conformance probe refused: the widget is locked": result.error "Conformance probe refused: the widget is locked" behind a headline of the adapter's own, "Tool call failed: ". Broken convention: no adapter-wide error headline: each action declares its own messages.error, and a blanket headline erases it. Use result.error as it is.`,
    );
  });

  it("MCP: the ambient field re-added to the schema tools/list advertises", async () => {
    const driver = mcp("mcp (ambient)", (action) => {
      const tool = McpAdapter.wrap(action);
      return {
        ...tool,
        inputSchema: {
          ...tool.inputSchema,
          properties: { ...tool.inputSchema.properties, userId: { type: "string" } },
        },
      };
    });
    expect(await failure(driver, "ambient-absent")).to.equal(
      `mcp (ambient): the transport advertises the ambient field "userId" in the input schema of "conformance_mcp_ambient_echo_probe": {"type":"object","properties":{"query":{"type":"string","description":"Text to echo"},"limit":{"type":"integer","minimum":1,"maximum":9007199254740991},"userId":{"type":"string"}},"required":["query"],"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false}. Broken convention: ambient fields are never advertised (action.inputSchema already leaves them out). Use action.inputSchema as it is; never re-add on: "ambientContext" fields.`,
    );
  });

  it("MCP: an unguarded mapping becomes the server's generic JSON-RPC error (never the exception's message)", async () => {
    const driver = mcp("mcp (unguarded)", (action) => ({
      ...McpAdapter.wrap(action),
      async call(args, request): Promise<CallToolResult> {
        const result = await invoker.call(action, args ?? {}, { ambientContext: request?.ambientContext ?? {} });
        if (!result.ok) return { content: [{ type: "text", text: result.error ?? result.message }], isError: true };
        const structuredContent = serializeExposed(mcpConfig, result);
        return { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
      },
    }));
    expect(await failure(driver, "unrenderable-cycle")).to.equal(
      `mcp (unguarded): calling "conformance_mcp_unguarded_cyclic_probe" over the mcp transport threw instead of answering: MCP error -32603: Internal error. Broken convention: the mapping step never escapes: a throw while turning a result into a response is reported once and answered with the adapter's own error. Use toolPipeline(action, { success, failure }) from @axn/sdk/adapter, which runs your mapping under the guard (or guardToolResponse(action, { onError }, () => map(result)) around the mapping only).`,
    );
  });

  it("MCP: a name of the adapter's own — a call by toolName(key) is not routed, and says so", async () => {
    const driver = mcp("mcp (own name)", (action) =>
      McpAdapter.wrap(action, { name: action.name.toLowerCase().replace(/[^a-z0-9]+/g, "_") }),
    );
    expect(await failure(driver, "coercion")).to.equal(
      `mcp (own name): calling "conformance_mcp_own_name_echo_probe" failed (MCP error -32602: Unknown tool: conformance_mcp_own_name_echo_probe): the transport lists ["conformance_mcp_own_name_echoprobe"]. Broken convention: the advertised name is action.toolName(key), which honours a per-adapter tool: { <key>: { name } } override (the zero-argument toolName() does not). Use action.toolName(key).`,
    );
  });

  it("HTTP: the zero-argument toolName() in the route and the OpenAPI document", async () => {
    const driver = http("http (zero-argument name)", (action) => {
      const name = action.toolName();
      return { ...HttpAdapter.wrap(action), toolName: name, route: `/${name}/v1`, operationId: `${name}_v1` };
    });
    expect(await failure(driver, "name-override")).to.equal(
      `http (zero-argument name): the transport lists "conformance_http_zero_argument_name_renamed_probe" — action.toolName() without the key — for Conformance.http_zero_argument_name.RenamedProbe, which declares tool: { http: { name: "renamed_http_zero_argument_name" } }. Broken convention: the advertised name is action.toolName(key), which honours a per-adapter tool: { <key>: { name } } override (the zero-argument toolName() does not). Use action.toolName(key).`,
    );
  });

  it("HTTP: the exception's message in the 500 body's error", async () => {
    const driver = http("http (leak)", (action) => {
      const op = HttpAdapter.wrap(action);
      return {
        ...op,
        async invoke(args, options) {
          const result = await invoker.call(action, args, { ambientContext: options?.ambientContext ?? {} });
          return result.outcome === "exception"
            ? { status: 500, body: { error: `${result.error}: ${result.exception?.message}` } }
            : op.invoke(args, options);
        },
      };
    });
    expect(await failure(driver, "exception-hidden")).to.equal(
      `http (leak): the exception's message "secret internals" reached the client: "Conformance probe crashed: secret internals". Broken convention: the client never sees result.exception: not its message, not a stack trace. Use result.error for every failure.`,
    );
  });
});
