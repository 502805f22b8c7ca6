/**
 * Issue 16, item 24. The seed (Invocation & result mapping): "result.error — User-facing failure
 * string — what the LLM/client should see", and "Impose no gem-wide error headline. Surface
 * result.error and let each tool declare its own base error … A blanket adapter-level headline
 * erases the per-tool message the author wrote." Invalid arguments are no exception: the model
 * reads `result.error` (for an action declaring `errors: [{ when: InboundValidationError, … }]`,
 * the author's own sentence), never `"Invalid tool arguments: " + exception.message`. The
 * per-field detail goes where LangChain has room for it beside the content: the ToolMessage's
 * `status` is `"error"` and its `artifact` is `{ fieldErrors }` — the same list HTTP answers with.
 */
import { expect } from "chai";
import { z } from "zod/v3";
import { defineAxn, InboundValidationError } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { captureReports } from "../../support/reports.js";
import { runAgent } from "./support/agent.js";

describe("axn-plugin-langchain: invalid arguments surface result.error", () => {
  const reports = captureReports();

  const Custom = defineAxn({
    name: "LangchainInvalid.Custom",
    expects: { n: z.number() },
    exposes: { doubled: z.number() },
    messages: {
      error: "Custom failed",
      errors: [{ when: InboundValidationError, message: "please check your inputs" }],
    },
    call: ({ n }) => ({ doubled: n * 2 }),
  });
  const Headline = defineAxn({
    name: "LangchainInvalid.Headline",
    expects: { n: z.number(), mode: { schema: z.enum(["fast", "slow"]), optional: true } },
    messages: { error: "Could not count" },
    call: () => undefined,
  });
  const Plain = defineAxn({ name: "LangchainInvalid.Plain", expects: { n: z.number() }, call: () => undefined });

  it("the author's message, in a real createAgent loop — then the corrected call succeeds", async () => {
    const tool = LangchainAdapter.wrap(Custom);
    const messages = await runAgent(
      [tool],
      [[{ name: tool.name, args: { n: "x" }, id: "bad" }], [{ name: tool.name, args: { n: "4" }, id: "good" }]],
    );
    expect(messages.map((m) => [m.tool_call_id, m.status, m.content, m.artifact])).to.deep.equal([
      [
        "bad",
        "error",
        "Custom failed: please check your inputs",
        { fieldErrors: [{ field: "n", message: "n: Expected number, received string" }] },
      ],
      ["good", "success", '{"doubled":8}', { doubled: 8 }],
    ]);
    expect(reports).to.deep.equal([]);
  });

  it("every kind of refused argument reads result.error, with the per-field detail in the artifact", async () => {
    const tool = LangchainAdapter.wrap(Custom);
    const cases: [Record<string, unknown>, { field: string; message: string }[]][] = [
      [{ n: "x" }, [{ field: "n", message: "n: Expected number, received string" }]],
      [{}, [{ field: "n", message: "n: Required" }]],
      [{ n: null }, [{ field: "n", message: "n: Expected number, received null" }]],
      [{ n: 1, extra: true }, [{ field: "extra", message: "unknown input: extra" }]],
      [
        { n: "x", extra: 1 },
        [
          { field: "n", message: "n: Expected number, received string" },
          { field: "extra", message: "unknown input: extra" },
        ],
      ],
    ];
    const turns = cases.map(([args], i) => [{ name: tool.name, args, id: `c${i}` }]);
    const messages = await runAgent([tool], turns);
    expect(messages.map((m) => [m.status, m.content, m.artifact])).to.deep.equal(
      cases.map(([, fieldErrors]) => ["error", "Custom failed: please check your inputs", { fieldErrors }]),
    );
  });

  it('a base headline composes with the violations ("Headline: reason"); with none, result.error is the violations', async () => {
    const headline = LangchainAdapter.wrap(Headline);
    const plain = LangchainAdapter.wrap(Plain);
    const messages = await runAgent(
      [headline, plain],
      [
        [
          { name: headline.name, args: { n: 1, mode: "warp" }, id: "h" },
          { name: plain.name, args: { n: "x", extra: 1 }, id: "p" },
        ],
      ],
    );
    const byId = new Map(messages.map((m) => [m.tool_call_id, [m.status, m.content]]));
    expect(byId.get("h")).to.deep.equal([
      "error",
      "Could not count: mode: Invalid enum value. Expected 'fast' | 'slow', received 'warp'",
    ]);
    expect(byId.get("p")).to.deep.equal(["error", "n: Expected number, received string; unknown input: extra"]);
  });

  it("never the old adapter-wide prefix, on a direct ToolCall invoke or a plain-arguments invoke", async () => {
    const tool = LangchainAdapter.wrap(Custom);
    const message = await tool.invoke({ name: tool.name, args: { n: "x" }, id: "direct", type: "tool_call" });
    expect([message.status, message.content]).to.deep.equal(["error", "Custom failed: please check your inputs"]);
    expect(message.artifact).to.deep.equal({
      fieldErrors: [{ field: "n", message: "n: Expected number, received string" }],
    });
    // Without a tool call LangChain returns the content alone.
    const content: unknown = await tool.invoke({ n: "x" });
    expect(content).to.equal("Custom failed: please check your inputs");
  });
});
