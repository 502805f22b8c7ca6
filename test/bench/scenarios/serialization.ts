/**
 * Scenario 3: rendering a 1,000-record result for the wire.
 * 3a. `JSON.stringify(render(result))` vs `JSON.stringify(payload)` alone — render's walk is the overhead.
 * 3b. the same vs `safe-stable-stringify(payload)`, the usual "safe" alternative — axn should be faster.
 */
import { render } from "@axn/core";
import { clearCatalog } from "@axn/core/internal";
import { stringify as safeStableStringify } from "safe-stable-stringify";
import { defineReport, makeRecords } from "../fixtures.js";
import { measurePair } from "../lib/measure.js";
import { latencyRow } from "../lib/rows.js";
import type { Row, ScenarioContext } from "../lib/types.js";

const RECORDS = 1000;

export async function serializationScenarios(ctx: ScenarioContext): Promise<readonly Row[]> {
  clearCatalog();
  const Report = defineReport(makeRecords(RECORDS));
  const result = await Report.call({});
  if (!result.ok) throw new Error(`bench workload broken: ${result.error}`);
  const payload = result.exposedValues;

  const rendered = JSON.stringify(render(result));
  const plain = JSON.stringify(payload);
  if (rendered !== plain) throw new Error("bench workload broken: render + JSON.stringify differs from JSON.stringify");

  ctx.log("3a render vs JSON.stringify");
  const a = await measurePair(
    () => JSON.stringify(payload),
    () => JSON.stringify(render(result)),
    ctx.pair,
  );
  ctx.log("3b render vs safe-stable-stringify");
  const b = await measurePair(
    () => safeStableStringify(payload),
    () => JSON.stringify(render(result)),
    ctx.pair,
  );
  clearCatalog();
  return [
    latencyRow(
      {
        id: "3a",
        title: "Serialization (1,000 records)",
        candidate: "JSON.stringify(render(result))",
        baseline: "JSON.stringify(payload)",
        target: { kind: "max", value: 1.5 },
      },
      a,
      ctx.pair.rounds,
    ),
    latencyRow(
      {
        id: "3b",
        title: "Serialization vs safe-stable-stringify",
        candidate: "JSON.stringify(render(result))",
        baseline: "safe-stable-stringify(payload)",
        target: { kind: "below", value: 1 },
      },
      b,
      ctx.pair.rounds,
    ),
  ];
}
