/**
 * The examples of docs/plugins/langchain.md, run as written (docs/examples/snippets/langchain-app:
 * the config and the action; the agent with `FakeToolCallingModel` in place of a hosted model, as
 * the page's test example writes it), pinning the strings the page shows. The app's agent.ts,
 * which calls a hosted model, is type-checked only.
 */
import { expect } from "chai";
import { fileURLToPath } from "node:url";
import { loadHost } from "@axn/sdk";
import { resetKernel } from "@axn/sdk/testing";
import type { ToolMessage } from "@langchain/core/messages";
import { LangchainAdapter } from "axn-plugin-langchain";
import { invokeDirectly, listing } from "../../../docs/examples/snippets/langchain-usage.js";

const APP = fileURLToPath(new URL("../../../docs/examples/snippets/langchain-app", import.meta.url));

describe("axn-plugin-langchain: docs/plugins/langchain.md", () => {
  it("§1: the app's config makes every action under src/agent_tools a tool", async () => {
    resetKernel();
    try {
      await loadHost({ cwd: APP });
      expect(LangchainAdapter.tools().map((tool) => [tool.name, tool.description])).to.deep.equal([
        ["transfer", "Move money from the current user's account to another account"],
      ]);
    } finally {
      resetKernel();
    }
  });

  it("§1: a refused call, then the corrected one, in one agent run", async () => {
    resetKernel();
    try {
      const { messages, transfer } = await import("../../../docs/examples/snippets/langchain-fake-agent.js");
      expect(transfer.name).to.equal("transfer");
      const tools = messages.filter((m): m is ToolMessage => m.getType() === "tool");
      expect(tools.map((m) => [m.tool_call_id, m.status, m.content, m.artifact])).to.deep.equal([
        [
          "bad",
          "error",
          "Could not transfer: amount: Too small: expected number to be >0; unknown input: memo",
          {
            fieldErrors: [
              { field: "amount", message: "amount: Too small: expected number to be >0" },
              { field: "memo", message: "unknown input: memo" },
            ],
          },
        ],
        [
          "good",
          "success",
          '{"reference":"T-u_17-acc_42-500","amount":500}',
          { reference: "T-u_17-acc_42-500", amount: 500 },
        ],
      ]);
    } finally {
      resetKernel();
    }
  });

  it("§2: the API listing matches the exports", () => {
    expect(listing).to.deep.equal([true, true, true, true]);
  });

  it("§8: invoking the wrapped tool directly", async () => {
    const message = await invokeDirectly();
    expect([message.status, message.content]).to.deep.equal([
      "error",
      "Could not transfer: the destination account is frozen",
    ]);
  });
});
