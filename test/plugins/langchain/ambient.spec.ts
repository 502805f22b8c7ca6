import { expect } from "chai";
import { z } from "zod/v3";
import { Current, Factory } from "@axn/core";
import { LangchainAdapter } from "axn-plugin-langchain";
import { captureReports } from "../../support/reports.js";
import { runAgent } from "./support/agent.js";

function call(name: string, args: Record<string, unknown>, id = "call_1") {
  return { name, args, id, type: "tool_call" as const };
}

describe("axn-plugin-langchain: ambient context", () => {
  const reports = captureReports();

  const WhoAmI = Factory.build(
    {
      name: "LangchainAmbient.WhoAmI",
      expects: {
        delayMs: { schema: z.number().int(), optional: true },
        userId: { schema: z.string(), on: "ambientContext" },
      },
      exposes: { userId: z.string() },
    },
    async ({ delayMs, userId }) => {
      if (delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { userId };
    },
  );
  const tool = LangchainAdapter.wrap(WhoAmI);

  it("comes from the run's LangGraph context by default", async () => {
    const message = await tool.invoke(call(tool.name, {}), { context: { userId: "u_ctx", unrelated: "dropped" } });
    expect(message.artifact).to.deep.equal({ userId: "u_ctx" });
  });

  it("never comes from the model's arguments: a smuggled ambientContext is stripped", async () => {
    const smuggled = await tool.invoke(
      call(tool.name, { ambientContext: { userId: "attacker" }, ambient_context: { userId: "attacker" } }),
      {
        context: { userId: "u_real" },
      },
    );
    expect(smuggled.artifact).to.deep.equal({ userId: "u_real" });
    const asArgument = await tool.invoke(call(tool.name, { userId: "attacker" }), { context: { userId: "u_real" } });
    expect(asArgument.status).to.equal("error");
    expect(asArgument.content).to.equal("unknown input: userId");
  });

  it("takes a fixed table or a function of the run's config from wrap(…, { ambientContext })", async () => {
    const fixed = LangchainAdapter.wrap(WhoAmI, { ambientContext: { userId: "u_fixed" } });
    expect((await fixed.invoke(call(tool.name, {}), { context: { userId: "ignored" } })).artifact).to.deep.equal({
      userId: "u_fixed",
    });
    const fromConfigurable = LangchainAdapter.wrap(WhoAmI, {
      ambientContext: (config) => ({ userId: String(config.configurable?.["user"]) }),
    });
    const message = await fromConfigurable.invoke(call(tool.name, {}), { configurable: { user: "u_conf" } });
    expect(message.artifact).to.deep.equal({ userId: "u_conf" });
  });

  it("is explicit even when empty: a surrounding Current context never leaks into the call", async () => {
    const message = await Current.run({ userId: "u_outer" }, () => tool.invoke(call(tool.name, {})));
    // A missing ambient value is an integration bug: reported, and the model reads only result.error.
    expect(message.status).to.equal("error");
    expect(message.content).to.equal("Something went wrong");
    expect(reports).to.have.length(1);
    expect(reports[0]?.action).to.equal("LangchainAmbient.WhoAmI");
  });

  it("answers the adapter's own error, and reports, when the app's ambient function throws", async () => {
    const broken = LangchainAdapter.wrap(WhoAmI, {
      ambientContext: () => {
        throw new Error("session store offline");
      },
    });
    const message = await broken.invoke(call(tool.name, {}));
    expect(message.status).to.equal("error");
    expect(message.content).to.equal("The tool could not produce a valid response");
    expect(reports.map((r) => [r.phase, (r.error as Error).message])).to.deep.equal([
      ["adapter ambient context", "session store offline"],
    ]);
  });

  it("is isolated between concurrent agent runs for different users", async () => {
    const runs = ["alice", "bob", "carol"].map((user, index) =>
      runAgent(
        [tool],
        [
          [{ name: tool.name, args: { delayMs: 30 - index * 10 }, id: `${user}_1` }],
          [{ name: tool.name, args: { delayMs: index * 10 }, id: `${user}_2` }],
        ],
        { context: { userId: user } },
      ),
    );
    const results = await Promise.all(runs);
    expect(results.map((messages) => messages.map((m) => [m.tool_call_id, m.artifact]))).to.deep.equal([
      [
        ["alice_1", { userId: "alice" }],
        ["alice_2", { userId: "alice" }],
      ],
      [
        ["bob_1", { userId: "bob" }],
        ["bob_2", { userId: "bob" }],
      ],
      [
        ["carol_1", { userId: "carol" }],
        ["carol_2", { userId: "carol" }],
      ],
    ]);
  });
});
