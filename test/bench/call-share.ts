/**
 * A diagnostic, not a scenario: rows 1 and 2 in one plain loop, after the bench's own warm-up of
 * every kind (the call sites all kinds share see every kind first, as in `npm run bench`) — the
 * hand-written call, `A.call` and `invoker.call` on the Lookup workload, per schema kind, and the
 * Invoker's extra over `A.call` in ns: the figures rows 1 and 2's findings quote. Prints the
 * 20th-percentile µs per call of 30 rounds of each side.
 *
 *   node --import tsx test/bench/call-share.ts [zod4,valibot,zod3,arktype]
 */
import { Invoker } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import { lookupArgs, lookupWireArgs } from "./fixtures.js";
import { LOOKUP_KINDS } from "./kinds.js";

clearCatalog();
const invoker = new Invoker({ userFacingInputErrors: true, rejectUndeclaredInputs: true });
const slug = (kind: string) => kind.replace(/[^A-Za-z0-9]/g, "");
const lookups = LOOKUP_KINDS.map((kind) => kind.define(`Bench.Lookup.${slug(kind.kind)}`));
for (let round = 0; round < 2_000; round++)
  for (const [i, kind] of LOOKUP_KINDS.entries()) {
    await lookups[i]!.call(lookupArgs);
    await invoker.call(lookups[i]!, lookupWireArgs);
    await kind.byHand(lookupArgs);
  }

const CALLS = 50_000;
const low = (perCall: number[]) => perCall.sort((a, b) => a - b)[Math.floor(perCall.length * 0.2)]!;
for (const which of (process.argv[2] ?? "zod4,valibot").split(",")) {
  const at = LOOKUP_KINDS.findIndex((kind) => slug(kind.kind).toLowerCase() === which);
  if (at < 0) throw new Error(`no kind "${which}": zod4, zod3, valibot or arktype`);
  const kind = LOOKUP_KINDS[at]!;
  const Lookup = lookups[at]!;
  const sides: Record<string, () => Promise<unknown>> = {
    hand: () => kind.byHand(lookupArgs),
    call: () => Lookup.call(lookupArgs),
    invoke: () => invoker.call(Lookup, lookupWireArgs),
  };
  const times: Record<string, number[]> = { hand: [], call: [], invoke: [] };
  for (let round = 0; round < 33; round++)
    for (const [side, run] of Object.entries(sides)) {
      const started = performance.now();
      for (let i = 0; i < CALLS; i++) await run();
      if (round >= 3) times[side]!.push(((performance.now() - started) / CALLS) * 1000);
    }
  const hand = low(times["hand"]!);
  const call = low(times["call"]!);
  const invoke = low(times["invoke"]!);
  console.log(
    `${which}: hand ${hand.toFixed(3)} µs, A.call ${call.toFixed(3)} µs, invoker.call ${invoke.toFixed(3)} µs | ` +
      `row 1 ${(call / hand).toFixed(2)}×, row 2 ${(invoke / call).toFixed(2)}× | the Invoker's extra ${((invoke - call) * 1000).toFixed(0)} ns`,
  );
}
