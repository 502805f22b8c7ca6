/**
 * Author once (DESIGN §5.1), across the three plugins: one action wrapped by MCP, LangChain and
 * HTTP is advertised under the same tool name with the same input schema by each, and still works
 * as a direct call afterwards.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { buildAxn, resetKernel } from "@axn/sdk/testing";
import { HttpAdapter } from "axn-plugin-http";
import { LangchainAdapter } from "axn-plugin-langchain";
import { McpAdapter } from "axn-plugin-mcp";

describe("author once: one action under all three adapters", () => {
  before(resetKernel);
  after(resetKernel);

  it("yields one name and one input schema, and the action still works directly", async () => {
    const Lookup = buildAxn({
      name: "AgentTools.AuthorOnce.LookupOrder",
      description: "Look up an order",
      expects: {
        orderId: z.string(),
        verbose: { schema: z.boolean(), default: false },
        tenant: { schema: z.string(), on: "ambientContext" },
      },
      exposes: { summary: z.string() },
      call: ({ orderId, tenant }) => ({ summary: `${tenant}/${orderId}` }),
    });
    const schema = JSON.stringify(Lookup.inputSchema);
    const mcp = McpAdapter.wrap(Lookup);
    const langchain = LangchainAdapter.wrap(Lookup);
    const http = HttpAdapter.wrap(Lookup);

    expect([mcp.name, langchain.name, http.toolName]).to.deep.equal([
      "author_once_lookup_order",
      "author_once_lookup_order",
      "author_once_lookup_order",
    ]);
    expect([mcp.inputSchema, langchain.schema, http.inputSchema].map((s) => JSON.stringify(s))).to.deep.equal([
      schema,
      schema,
      schema,
    ]);
    expect(schema).not.to.contain("tenant");
    const result = await Lookup.call({ orderId: "o_1" }, { ambientContext: { tenant: "acme" } });
    expect(result.summary).to.equal("acme/o_1");
  });
});
