/**
 * A diagnostic, not a scenario: what each part of axn-plugin-http's tool route costs per request,
 * in one process, on the Lookup workload — the figures row 5's findings quote. Each part runs in a
 * tight loop (sequential awaits), alternating rounds; prints the median CPU µs per call of each
 * (and the least, the figure least disturbed by other work on a shared machine).
 *
 *   node --import tsx test/bench/http-parts.ts
 */
import { Invoker, render, type AnyAxn } from "@axn/core";
import { defineLookup, lookupBody, lookupInputObject, lookupOutputObject } from "./fixtures.js";
import { bootHost, fn, loadPlugin } from "./lib/plugins.js";
import { toolInvoker } from "@axn/sdk/adapter";
import { servingConfig } from "@axn/sdk/serving";

process.env["NODE_ENV"] = "production";
const CALLS = Number(process.env["CALLS"] ?? 200_000);
const loaded = await loadPlugin("axn-plugin-http", ["wrap"]);
if (!loaded.ok) throw new Error(loaded.reason);
const wrap = fn<(action: AnyAxn) => { invoke(args: unknown, options?: object): Promise<unknown> }>(loaded.module, [
  "wrap",
])!;
bootHost([loaded.plugin]);
const Lookup = defineLookup();
const op = wrap(Lookup);
const invoker = new Invoker();
const body = JSON.stringify({ id: "cust-42", limit: 25, verbose: true });
const bytes = Buffer.from(body);
const strict = lookupInputObject.strict();

const result = await toolInvoker.call(Lookup, JSON.parse(body));
const parts: Record<string, () => unknown> = {
  "JSON.parse(body)": () => JSON.parse(body),
  "TextDecoder(fatal).decode + JSON.parse": () => JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)),
  "zod in + out (safeParse, by hand)": () =>
    lookupOutputObject.safeParse(lookupBody(strict.safeParse(JSON.parse(body)).data!)),
  "zod out only (safeParse of the answer)": () =>
    lookupOutputObject.safeParse(lookupBody({ id: "cust-42", limit: 25, verbose: true })),
  "JSON.stringify(answer)": () => JSON.stringify(lookupBody({ id: "cust-42", limit: 25, verbose: true })),
  "Lookup.call(args)": () => Lookup.call({ id: "cust-42", limit: 25, verbose: true }),
  "invoker.call(Lookup, wire)": () => invoker.call(Lookup, JSON.parse(body)),
  "toolInvoker.call(Lookup, wire)": () => toolInvoker.call(Lookup, JSON.parse(body)),
  "setTimeout + clearTimeout": () => clearTimeout(setTimeout(() => undefined, 30_000)),
  "servingConfig.resolveOverrideFor": () => servingConfig.resolveOverrideFor(Lookup, "callTimeoutMs"),
  "render(result) (serializeExposed's walk)": () => render(result, { rejectOpaque: true }),
  "op.invoke(wire) (pipeline + mapping)": () => op.invoke(JSON.parse(body)),
};

/** CPU time per call (µs): waiting for a core on a shared machine does not count. */
async function perCall(run: () => unknown, calls: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < calls; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / calls;
}

for (const run of Object.values(parts)) await perCall(run, Math.min(20_000, CALLS));
const samples = new Map<string, number[]>(Object.keys(parts).map((name) => [name, []]));
for (let round = 0; round < 5; round++) {
  const names = round % 2 === 0 ? Object.keys(parts) : Object.keys(parts).reverse();
  for (const name of names) samples.get(name)!.push(await perCall(parts[name]!, CALLS));
}
for (const [name, values] of samples) {
  const sorted = [...values].sort((a, b) => a - b);
  process.stdout.write(`${name.padEnd(42)} ${sorted[2]!.toFixed(2)} µs (min ${sorted[0]!.toFixed(2)})\n`);
}
