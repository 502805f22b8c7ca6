/**
 * Scenario 6: a LangChain tool. Candidate: `LangchainAdapter.wrap(A)` from axn-plugin-langchain.
 * Baseline: `tool()` from @langchain/core built directly from the same zod schema (strict, as the
 * Invoker rejects undeclared keys), running the same body, checking the output with the output
 * object and returning the same JSON text.
 *
 * - 6: `invoke` with plain arguments, the way an agent's ToolNode calls a tool.
 * - 6b: one `createAgent` step with a scripted model (`FakeToolCallingModel`): the model asks for
 *   the tool once, the agent runs it and hands the answer back, the model ends the run. One agent
 *   per side, built once; each run starts a new conversation (the fake model then restarts its script).
 */
import type { AnyAxn } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { tool } from "@langchain/core/tools";
import { createAgent, FakeToolCallingModel } from "langchain";
import { defineLookup, lookupArgs, lookupBody, lookupInputObject, lookupOutputObject } from "../fixtures.js";
import { measurePair } from "../lib/measure.js";
import { bootHost, fn, loadPlugin } from "../lib/plugins.js";
import { latencyRow, skippedRow } from "../lib/rows.js";
import { versionOf } from "../peers/versions.js";
import type { Row, ScenarioContext } from "../lib/types.js";
import { resetKernel } from "@axn/sdk/testing";

const CORE = versionOf("@langchain/core");

const HEAD = {
  id: "6",
  title: "LangChain tool invoke",
  candidate: "LangchainAdapter.wrap(A).invoke",
  baseline: `tool() from the zod schema (${CORE})`,
  target: { kind: "max", value: 1 },
} as const;

const AGENT_HEAD = {
  id: "6b",
  title: "LangChain createAgent step (scripted model)",
  candidate: "agent with the axn tool",
  baseline: `agent with the tool() tool (${versionOf("langchain")})`,
  target: { kind: "max", value: 1 },
} as const;

/** One agent run: the model calls the tool with `args`, then ends. Returns the tool message's text. */
function agentStep(tools: StructuredToolInterface, args: Record<string, unknown>): () => Promise<string> {
  const model = new FakeToolCallingModel({ toolCalls: [[{ name: tools.name, args, id: "call-1" }], []] });
  const agent = createAgent({ model, tools: [tools] });
  return async () => {
    const state = await agent.invoke({ messages: [{ role: "user", content: "look cust-42 up" }] });
    const answer = state.messages.find((message) => message.getType() === "tool");
    return typeof answer?.content === "string" ? answer.content : JSON.stringify(answer?.content);
  };
}

interface Invokable {
  invoke(input: unknown): Promise<unknown>;
}

function handWrittenTool(name: string, description: string): Invokable {
  return tool(async (input) => JSON.stringify(lookupOutputObject.parse(lookupBody(input))), {
    name,
    description,
    schema: lookupInputObject.strict(),
  });
}

export async function langchainScenario(ctx: ScenarioContext): Promise<readonly Row[]> {
  const loaded = await loadPlugin("axn-plugin-langchain", ["LangchainAdapter"]);
  const wrap = loaded.ok ? fn<(action: AnyAxn) => Invokable>(loaded.module, ["LangchainAdapter", "wrap"]) : undefined;
  if (!loaded.ok || wrap === undefined) {
    const reason = loaded.ok ? "skipped: plugin not built (no LangchainAdapter.wrap)" : loaded.reason;
    return [skippedRow(HEAD, "µs/op", reason), skippedRow(AGENT_HEAD, "µs/op", reason)];
  }
  clearCatalog();
  bootHost([loaded.plugin]);
  try {
    const Lookup = defineLookup();
    const wrapped = wrap(Lookup);
    const baseline = handWrittenTool(Lookup.toolName("langchain"), Lookup.description ?? "");
    const args = { ...lookupArgs };
    const a = await wrapped.invoke(args);
    const b = await baseline.invoke(args);
    const text = (value: unknown): string => (typeof value === "string" ? value : JSON.stringify(value));
    if (!text(a).includes("item cust-42 (verbose)") || !text(b).includes("item cust-42 (verbose)")) {
      throw new Error(`bench workload broken: ${text(a)} vs ${text(b)}`);
    }
    ctx.log("6 LangChain invoke");
    const result = await measurePair(
      () => baseline.invoke(args),
      () => wrapped.invoke(args),
      ctx.pair,
    );
    const rows = [latencyRow(HEAD, result, ctx.pair.rounds)];

    const axnAgent = agentStep(wrapped as unknown as StructuredToolInterface, args);
    const baseAgent = agentStep(baseline as unknown as StructuredToolInterface, args);
    const [fromAxn, fromBase] = [await axnAgent(), await baseAgent()];
    if (fromAxn !== fromBase || !fromAxn.includes("item cust-42 (verbose)"))
      throw new Error(`bench workload broken: agent answers ${fromAxn} vs ${fromBase}`);
    ctx.log("6b LangChain createAgent step");
    rows.push(latencyRow(AGENT_HEAD, await measurePair(baseAgent, axnAgent, ctx.pair), ctx.pair.rounds));
    return rows;
  } finally {
    resetKernel();
  }
}
