/**
 * Keeps docs/reliability.md true: every case row's count is recomputed here from the constants and
 * case lists the specs run, and every known-defect id the page lists is one a skipped spec pins.
 */
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  FUZZ_HEAP_BOUND_MIB,
  FUZZ_RUNS_PER_TRANSPORT,
  LOAD_CALLS,
  SOAK_CALLS_DEFAULT,
  SOAK_CALLS_FULL,
  SOAK_HEAP_BOUND_MIB,
} from "./support/counts.js";
import { HOSTILE_CASES } from "./support/hostile.js";
import { FUZZED_TOOLS, UNRENDERABLE_KINDS } from "./support/tools.js";
import { TRANSPORTS } from "./support/transports.js";

const DOC = readFileSync(fileURLToPath(new URL("../../docs/reliability.md", import.meta.url)), "utf8");
const n = (value: number): string => value.toLocaleString("en-US");

/** The count cell of a case row: `| <id> | … | <count> |`. */
function countOf(id: string): string | undefined {
  const row = DOC.split("\n").find((line) => line.startsWith(`| ${id} |`));
  return row?.split("|").at(-2)?.trim();
}

describe("reliability: docs/reliability.md matches the suite", () => {
  const perTool = FUZZED_TOOLS.length * TRANSPORTS.length;
  const expected: Record<string, string> = {
    "IN-1": `${n(FUZZ_RUNS_PER_TRANSPORT * TRANSPORTS.length)} calls (${FUZZ_RUNS_PER_TRANSPORT} per transport, ${FUZZED_TOOLS.length} tools)`,
    ...Object.fromEntries(
      HOSTILE_CASES.map((_hostile, index) => [
        `IN-${index + 2}`,
        index === 0
          ? `${perTool} calls (${FUZZED_TOOLS.length} tools × ${TRANSPORTS.length} transports)`
          : `${perTool} calls`,
      ]),
    ),
    "IN-13": `${(FUZZED_TOOLS.length * 2 + 2) * TRANSPORTS.length} calls (${FUZZED_TOOLS.length * 2 + 2} per transport)`,
    "OUT-1": `${UNRENDERABLE_KINDS.length * TRANSPORTS.length} calls (${UNRENDERABLE_KINDS.length} kinds × ${TRANSPORTS.length} transports; HTTP depth was defect D-6)`,
    "LOAD-1": `${n(LOAD_CALLS)} calls`,
    "SOAK-1": `${n(SOAK_CALLS_DEFAULT)} calls (${n(SOAK_CALLS_FULL)} with \`AXN_SOAK=1\`), after 600 warm-up calls`,
  };

  it("quotes the count each case runs", () => {
    const actual = Object.fromEntries(Object.keys(expected).map((id) => [id, countOf(id)]));
    expect(actual).to.deep.equal(expected);
  });

  it("describes the hostile catalogue in the order the suite runs it", () => {
    const ids = [
      "string-1mib",
      "array-100k",
      "nesting-10k",
      "number-1e999",
      "integer-2^53+1",
      "negative-zero",
      "lone-surrogate",
      "key-__proto__",
      "key-constructor",
      "key-prototype",
      "not-an-object",
    ];
    expect(HOSTILE_CASES.map((hostile) => hostile.id)).to.deep.equal(ids);
  });

  it("quotes the heap bounds", () => {
    expect(DOC).to.include(`heap growth under ${FUZZ_HEAP_BOUND_MIB} MiB`);
    expect(DOC).to.include(`heap growth under ${SOAK_HEAP_BOUND_MIB} MiB`);
  });

  it("lists as many known defects as there are BUG comments in the specs' skipped tests", () => {
    const dir = fileURLToPath(new URL(".", import.meta.url));
    const bugs = readdirSync(dir)
      .filter((file) => file.endsWith(".spec.ts"))
      .map((file) => readFileSync(`${dir}/${file}`, "utf8").match(/\/\/ BUG: /g)?.length ?? 0)
      .reduce((sum, count) => sum + count, 0);
    const defects = DOC.split("\n").filter((line) => /^\| D-\d+ \|/.test(line)).length;
    expect(defects).to.equal(bugs);
  });
});
