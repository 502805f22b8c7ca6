/**
 * Scenarios 1 and 2: what an action costs over the code it replaces.
 * 1. `A.call(args)` vs a hand-written async function doing the same zod parse (in and out) and body.
 * 2. `invoker.call(A, wireArgs)` (strings from the wire, coerced, gated) vs `A.call(args)`.
 */
import { Invoker } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import { defineLookup, lookupArgs, lookupByHand, lookupWireArgs } from "../fixtures.js";
import { measurePair } from "../lib/measure.js";
import { latencyRow } from "../lib/rows.js";
import type { Row, ScenarioContext } from "../lib/types.js";

export async function coreCallScenarios(ctx: ScenarioContext): Promise<readonly Row[]> {
  clearCatalog();
  const Lookup = defineLookup();
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });

  // Guard the workload itself: both sides must succeed with the same answer, or the timing is moot.
  const direct = await Lookup.call(lookupArgs);
  const byHand = await lookupByHand(lookupArgs);
  const invoked = await invoker.call(Lookup, lookupWireArgs);
  if (!direct.ok || !byHand.ok || !invoked.ok || direct["label"] !== byHand.label || invoked["total"] !== byHand.total) {
    throw new Error(`bench workload broken: ${direct.error ?? ""} ${invoked.error ?? ""}`);
  }

  ctx.log("1 direct call");
  const one = await measurePair(
    () => lookupByHand(lookupArgs),
    () => Lookup.call(lookupArgs),
    ctx.pair,
  );
  ctx.log("2 invoker");
  const two = await measurePair(
    () => Lookup.call(lookupArgs),
    () => invoker.call(Lookup, lookupWireArgs),
    ctx.pair,
  );
  clearCatalog();
  return [
    latencyRow(
      {
        id: "1",
        title: "Direct call",
        candidate: "A.call(args)",
        baseline: "hand-written async fn: same zod parse in/out + body",
        target: { kind: "max", value: 1.2 },
      },
      one,
      ctx.pair.rounds,
    ),
    latencyRow(
      {
        id: "2",
        title: "Invoker",
        candidate: "invoker.call(A, wireArgs)",
        baseline: "A.call(args)",
        target: { kind: "max", value: 1.3 },
      },
      two,
      ctx.pair.rounds,
    ),
  ];
}
