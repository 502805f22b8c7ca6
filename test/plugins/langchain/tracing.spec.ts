import { expect } from "chai";
import { z } from "zod/v3";
import { Factory } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { captureReports } from "../../support/reports.js";
import { runAgent } from "./support/agent.js";
import { useInMemorySpans } from "../../support/tracing.js";

describe("axn-plugin-langchain: gen_ai attributes on the action's span", () => {
  captureReports();
  const { exporter: spans } = useInMemorySpans();

  const Inner = Factory.build({ name: "LangchainTracing.Inner", expects: { q: z.string() } }, () => undefined);
  const Lookup = Factory.build(
    { name: "LangchainTracing.Lookup", expects: { q: z.string() }, exposes: { hits: z.number() } },
    async ({ q }) => {
      await Inner.call({ q });
      return { hits: q.length };
    },
  );

  function attributesOf(action: string) {
    return spans
      .getFinishedSpans()
      .filter((span) => span.name === "axn.call" && span.attributes["axn.action"] === action)
      .map((span) => span.attributes);
  }

  it("writes gen_ai.operation.name, gen_ai.tool.name and gen_ai.tool.call.id on the axn.call span", async () => {
    const tool = LangchainAdapter.wrap(Lookup, { name: "lookup" });
    await tool.invoke({ name: "lookup", args: { q: "abc" }, id: "call_42", type: "tool_call" });
    const [attributes, ...others] = attributesOf("LangchainTracing.Lookup");
    expect(others).to.deep.equal([]);
    expect(attributes).to.include({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "lookup",
      "gen_ai.tool.call.id": "call_42",
      "axn.outcome": "success",
    });
  });

  it("annotates only the tool's own action, not an action it calls", async () => {
    await LangchainAdapter.wrap(Lookup).invoke({ name: "x", args: { q: "abc" }, id: "call_1", type: "tool_call" });
    const [inner] = attributesOf("LangchainTracing.Inner");
    expect(inner).to.not.have.property("gen_ai.tool.name");
  });

  it("annotates a call whose arguments are refused, and one smuggling ambient context", async () => {
    const tool = LangchainAdapter.wrap(Lookup);
    await tool.invoke({ name: tool.name, args: { q: 1, extra: true }, id: "bad", type: "tool_call" });
    await tool.invoke({
      name: tool.name,
      args: { q: "x", ambientContext: { userId: "x" } },
      id: "smuggled",
      type: "tool_call",
    });
    expect(
      attributesOf("LangchainTracing.Lookup").map((a) => [a["gen_ai.tool.call.id"], a["axn.outcome"]]),
    ).to.deep.equal([
      ["bad", "failure"],
      ["smuggled", "success"],
    ]);
  });

  it("omits the call id when invoked with plain arguments", async () => {
    await LangchainAdapter.wrap(Lookup).invoke({ q: "abc" });
    const [attributes] = attributesOf("LangchainTracing.Lookup");
    expect(attributes).to.include({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "langchain_tracing_lookup",
    });
    expect(attributes).to.not.have.property("gen_ai.tool.call.id");
  });

  it("carries the model's tool call id through a real agent loop", async () => {
    const tool = LangchainAdapter.wrap(Lookup);
    await runAgent([tool], [[{ name: tool.name, args: { q: "agent" }, id: "from_model" }]]);
    expect(attributesOf("LangchainTracing.Lookup").map((a) => a["gen_ai.tool.call.id"])).to.deep.equal(["from_model"]);
  });
});
