/**
 * Author once: the same action wrapped by the MCP, LangChain and HTTP adapters publishes one tool
 * name and one input schema, and wrapping it anywhere leaves it unchanged.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { McpAdapter } from "axn-plugin-mcp";
import { HttpAdapter } from "axn-plugin-http";

describe("axn-plugin-http: parity with the other adapters", () => {
  const ListCompanies = defineAxn({
    name: "AgentTools.HttpParity.ListCompanies",
    description: "Lists companies",
    tool: true,
    toolVersion: 2,
    expects: {
      limit: { schema: z.number().int(), optional: true },
      sort: { schema: z.enum(["name", "size"]), default: "name" },
      userId: { schema: z.string(), on: "ambientContext" },
    },
    exposes: { names: z.array(z.string()) },
    call: () => ({ names: ["Acme"] }),
  });

  it("one tool name and one input schema across MCP, LangChain and HTTP", () => {
    const snapshot = JSON.stringify(ListCompanies.inputSchema);
    const http = HttpAdapter.wrap(ListCompanies);
    const mcp = McpAdapter.wrap(ListCompanies);
    const langchain = LangchainAdapter.wrap(ListCompanies);
    expect(http.toolName).to.equal("http_parity_list_companies");
    expect(mcp.name).to.equal(http.toolName);
    expect(langchain.name).to.equal(http.toolName);
    expect(http.inputSchema).to.deep.equal(mcp.inputSchema);
    expect(http.inputSchema).to.equal(ListCompanies.inputSchema);
    expect(JSON.stringify(ListCompanies.inputSchema)).to.equal(snapshot);
    expect(Object.keys((http.inputSchema as { properties: object }).properties)).to.deep.equal(["limit", "sort"]);
  });
});
