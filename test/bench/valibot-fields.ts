/**
 * A diagnostic, not a scenario: what valibot's field validation costs alone, the figures row 1's
 * valibot finding quotes — the bench's three input fields through `~standard.validate` as axn
 * calls them (each wrapped by `toStandardJsonSchema`), through valibot's `~run` with one shared
 * config (what the wrapper leaves out of reach), and `v.safeParse` of their `v.object` (what the
 * hand-written baseline calls). Prints the 20th-percentile ns per call of 15 rounds of each.
 *
 *   node --import tsx test/bench/valibot-fields.ts
 */
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";

const fields = {
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  verbose: v.boolean(),
};
const object = v.object(fields);
const wrapped = Object.values(fields).map((schema) => toStandardJsonSchema(schema)["~standard"]);
const raw = Object.values(fields);
const config = v.getGlobalConfig();
const input = { id: "abc", limit: 10, verbose: false };
const values = [input.id, input.limit, input.verbose];
const CALLS = 200_000;

let sink: unknown;
function measure(name: string, run: () => unknown): void {
  const perCall: number[] = [];
  for (let round = 0; round < 15; round++) {
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) sink = run();
    perCall.push(((performance.now() - started) / CALLS) * 1e6);
  }
  perCall.sort((a, b) => a - b);
  console.log(`${name}: ${perCall[3]!.toFixed(1)} ns`);
}

measure("v.safeParse of the v.object of three", () => v.safeParse(object, input));
measure("three ~standard.validate (toStandardJsonSchema)", () => {
  for (let i = 0; i < 3; i++) sink = wrapped[i]!.validate(values[i]);
});
measure("three ~run, one shared config", () => {
  for (let i = 0; i < 3; i++) sink = raw[i]!["~run"]({ value: values[i] }, config);
});
measure("getGlobalConfig()", () => v.getGlobalConfig());
if (sink === Symbol.for("never")) console.log(sink);
