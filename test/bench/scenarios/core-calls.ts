/**
 * Scenarios 1 and 2: what an action costs over the code it replaces, once per schema kind (the
 * same Lookup declared with zod 4, zod 3, valibot and ArkType — kinds.ts), each against its own
 * baseline measured in the same run.
 * 1. `A.call(args)` vs a hand-written async function validating with the same library by hand
 *    (one object schema in, one out, the library's own parse) around the same body.
 * 2. `invoker.call(A, wireArgs)` (strings from the wire, coerced, gated) vs `A.call(args)`.
 */
import { isDeepStrictEqual } from "node:util";
import { Invoker } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import { lookupArgs, lookupWireArgs } from "../fixtures.js";
import { LOOKUP_KINDS } from "../kinds.js";
import { measurePair } from "../lib/measure.js";
import { latencyRow } from "../lib/rows.js";
import type { Row, ScenarioContext } from "../lib/types.js";

const EXPECTED = { id: "cust-42", total: 50, label: "item cust-42 (verbose)" };

export async function coreCallScenarios(ctx: ScenarioContext): Promise<readonly Row[]> {
  clearCatalog();
  const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
  const direct: Row[] = [];
  const invoked: Row[] = [];
  const lookups = LOOKUP_KINDS.map((kind) => kind.define(`Bench.Lookup.${kind.kind.replace(/[^A-Za-z0-9]/g, "")}`));
  // Every kind's action called (directly and through the Invoker) before any row is measured, so
  // each row sees the runtime's shared call sites as an app with several actions does — not only
  // its own (the first kind measured alone would see them monomorphic: ~1.2× zod 4's baseline in
  // instructions, against ~1.5× once other actions have run; callgrind, Node 24).
  for (let round = 0; round < 2_000; round++) {
    for (const [i, kind] of LOOKUP_KINDS.entries()) {
      await lookups[i]!.call(lookupArgs);
      await invoker.call(lookups[i]!, lookupWireArgs);
      await kind.byHand(lookupArgs);
    }
  }
  for (const [i, kind] of LOOKUP_KINDS.entries()) {
    const Lookup = lookups[i]!;

    // Guard the workload itself: every side must succeed with the same answer, or the timing is moot.
    const called = await Lookup.call(lookupArgs);
    const { ok, ...byHand } = await kind.byHand(lookupArgs);
    const viaInvoker = await invoker.call(Lookup, lookupWireArgs);
    if (
      !called.ok ||
      !ok ||
      !viaInvoker.ok ||
      ![called.exposedValues, byHand, viaInvoker.exposedValues].every((v) => isDeepStrictEqual(v, EXPECTED))
    ) {
      throw new Error(
        `bench workload broken (${kind.kind}): ${called.error ?? ""} ${JSON.stringify(byHand)} ${viaInvoker.error ?? ""}`,
      );
    }

    ctx.log(`1 direct call (${kind.kind})`);
    const one = await measurePair(
      () => kind.byHand(lookupArgs),
      () => Lookup.call(lookupArgs),
      ctx.pair,
    );
    ctx.log(`2 invoker (${kind.kind})`);
    const two = await measurePair(
      () => Lookup.call(lookupArgs),
      () => invoker.call(Lookup, lookupWireArgs),
      ctx.pair,
    );
    direct.push(
      latencyRow(
        {
          id: "1",
          kind: kind.kind,
          title: "Direct call",
          candidate: "A.call(args)",
          baseline: `hand-written async fn: ${kind.parse} in/out + body`,
          target: { kind: "max", value: 1.2 },
        },
        one,
        ctx.pair.rounds,
      ),
    );
    invoked.push(
      latencyRow(
        {
          id: "2",
          kind: kind.kind,
          title: "Invoker",
          candidate: "invoker.call(A, wireArgs)",
          baseline: "A.call(args)",
          target: { kind: "max", value: 1.3 },
        },
        two,
        ctx.pair.rounds,
      ),
    );
  }
  clearCatalog();
  return [...direct, ...invoked];
}
