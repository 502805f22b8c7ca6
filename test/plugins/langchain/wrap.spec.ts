import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, Factory } from "@axn/core";
import { StructuredTool } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { LangchainAdapter, ActionTool } from "axn-plugin-langchain";
import { McpAdapter } from "axn-plugin-mcp";

describe("axn-plugin-langchain: wrap", () => {
  const ListCompanies = defineAxn({
    name: "Actions.LangchainWrap.ListCompanies",
    description: "Lists the companies of the current account",
    expects: {
      limit: { schema: z.number().int().positive(), optional: true, description: "At most this many" },
      since: { schema: z.date(), optional: true },
      accountId: { schema: z.string(), on: "ambientContext" },
    },
    exposes: { companies: z.array(z.object({ id: z.string(), name: z.string() })) },
    tool: true,
    call: () => ({ companies: [] }),
  });

  it("returns a real @langchain/core StructuredTool", () => {
    const tool = LangchainAdapter.wrap(ListCompanies);
    expect(tool).to.be.instanceOf(StructuredTool);
    expect(tool).to.be.instanceOf(ActionTool);
    expect(tool.action).to.equal(ListCompanies);
    expect(tool.responseFormat).to.equal("content_and_artifact");
  });

  it('names the tool action.toolName("langchain") and describes it with the action\'s description', () => {
    const tool = LangchainAdapter.wrap(ListCompanies);
    expect(tool.name).to.equal("langchain_wrap_list_companies");
    expect(tool.name).to.equal(ListCompanies.toolName("langchain"));
    expect(tool.description).to.equal("Lists the companies of the current account");
  });

  it("gives the model action.inputSchema unchanged (what bindTools sends), without ambient fields", () => {
    const tool = LangchainAdapter.wrap(ListCompanies);
    expect(tool.schema).to.equal(ListCompanies.inputSchema);
    const advertised = convertToOpenAITool(tool);
    expect(advertised.function.name).to.equal("langchain_wrap_list_companies");
    expect(advertised.function.parameters).to.deep.equal(ListCompanies.inputSchema);
    expect(Object.keys((advertised.function.parameters as { properties: object }).properties)).to.deep.equal([
      "limit",
      "since",
    ]);
  });

  it("advertises the same name and input schema as the MCP adapter for the same action", () => {
    const langchain = LangchainAdapter.wrap(ListCompanies);
    const mcp = McpAdapter.wrap(ListCompanies);
    expect(langchain.name).to.equal(mcp.name);
    expect(convertToOpenAITool(langchain).function.parameters).to.deep.equal(mcp.inputSchema);
  });

  it("honours a per-adapter name override and the wrap options", () => {
    const Renamed = Factory.build(
      { name: "LangchainWrap.Renamed", description: "Original", tool: { langchain: { name: "find_companies" } } },
      () => undefined,
    );
    expect(LangchainAdapter.wrap(Renamed).name).to.equal("find_companies");
    const custom = LangchainAdapter.wrap(Renamed, { name: "search_companies", description: "Search them" });
    expect([custom.name, custom.description]).to.deep.equal(["search_companies", "Search them"]);
  });

  it("falls back to LangChain's own description convention when the action has none", () => {
    const Bare = Factory.build({ name: "LangchainWrap.Bare" }, () => undefined);
    expect(LangchainAdapter.wrap(Bare).description).to.equal("langchain_wrap_bare tool");
  });

  it("refuses a tool name outside [a-z0-9_] and an unknown presentAs, naming the action", () => {
    expect(() => LangchainAdapter.wrap(ListCompanies, { name: "List Companies" })).to.throw(
      TypeError,
      'LangchainAdapter.wrap(Actions.LangchainWrap.ListCompanies): tool name "List Companies" must match /^[a-z0-9_]+$/',
    );
    expect(() => LangchainAdapter.wrap(ListCompanies, { presentAs: "html" as never })).to.throw(
      TypeError,
      'LangchainAdapter.wrap(Actions.LangchainWrap.ListCompanies): presentAs must be "structured" or "message", got "html"',
    );
  });

  it("never changes the action: it is still frozen, callable directly and wrappable again", async () => {
    const schemaBefore = JSON.stringify(ListCompanies.inputSchema);
    const tool = LangchainAdapter.wrap(ListCompanies);
    await tool.invoke(
      { name: tool.name, args: { limit: 2, extra: true }, id: "call_1", type: "tool_call" },
      { context: { accountId: "acct_1" } },
    );
    expect(Object.isFrozen(ListCompanies)).to.equal(true);
    expect(JSON.stringify(ListCompanies.inputSchema)).to.equal(schemaBefore);
    expect(tool.schema).to.equal(ListCompanies.inputSchema);
    const direct = await ListCompanies.call({}, { ambientContext: { accountId: "acct_1" } });
    expect(direct.ok).to.equal(true);
    expect(LangchainAdapter.wrap(ListCompanies).name).to.equal(tool.name);
  });
});
