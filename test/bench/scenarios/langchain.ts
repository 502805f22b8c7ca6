/**
 * Scenario 6: invoking a LangChain tool. Candidate: `LangchainAdapter.wrap(A)` from
 * axn-plugin-langchain. Baseline: `tool()` from @langchain/core built directly from the same zod
 * schema (strict, as the Invoker rejects undeclared keys), running the same body and returning the
 * same JSON text. Both are invoked with plain arguments, the way an agent's ToolNode calls them.
 */
import { type AnyAxn } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import { tool } from "@langchain/core/tools";
import { defineLookup, lookupArgs, lookupBody, lookupInputObject, lookupOutputObject } from "../fixtures.js";
import { measurePair } from "../lib/measure.js";
import { bootHost, fn, loadPlugin } from "../lib/plugins.js";
import { latencyRow, skippedRow } from "../lib/rows.js";
import type { Row, ScenarioContext } from "../lib/types.js";
import { resetKernel } from "@axn/sdk/testing";

const HEAD = {
  id: "6",
  title: "LangChain tool invoke",
  candidate: "LangchainAdapter.wrap(A).invoke",
  baseline: "tool() from the zod schema",
  target: { kind: "max", value: 1.2 },
} as const;

interface Invokable {
  invoke(input: unknown): Promise<unknown>;
}

export function handWrittenTool(name: string, description: string): Invokable {
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
    return [skippedRow(HEAD, "µs/op", loaded.ok ? "skipped: plugin not built (no LangchainAdapter.wrap)" : loaded.reason)];
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
    return [latencyRow(HEAD, result, ctx.pair.rounds)];
  } finally {
    resetKernel();
  }
}
