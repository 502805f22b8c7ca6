/**
 * The per-action object builders (core/src/runtime/plan.ts) and the input side's reader and
 * preparer (core/src/runtime/prepare.ts) are generated source where the
 * process allows code generation, and the key-by-key builders where it does not
 * (`--disallow-code-generation-from-strings`): both must give the body and the `Result` the same
 * objects — the same own keys in the same order, absent optional fields absent — and the same
 * refusals. The same script runs in a child process each way.
 */
import { expect } from "chai";
import { execFile } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { z } from "zod";
import { configureAxn, defineAxn } from "@axn/core";
import { resetAxnConfig } from "@axn/core/internal";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

const SCRIPT = `
import { z } from "zod";
import { defineAxn } from "@axn/core";
const seen = [];
const Lookup = defineAxn({
  name: "Plan.Lookup",
  expects: { id: z.string(), limit: { schema: z.number().int(), default: 10 }, note: { schema: z.string(), optional: true } },
  exposes: { id: z.string(), total: z.number(), label: z.string().optional() },
  call: (input, { expose }) => {
    seen.push(Object.keys(input));
    if (input.id === "undeclared") return { id: input.id, total: 1, extra: true };
    if (input.id === "exposed") { expose({ total: 2 }); return { id: input.id }; }
    return { total: input.limit * 2, id: input.id, ...(input.note === undefined ? {} : { label: input.note }) };
  },
});
const summary = (result) => ({ ok: result.ok, error: result.error, exception: result.exception?.message, exposed: result.ok ? Object.entries(result.exposedValues) : undefined, direct: result.ok ? [result.id, result.total, result.label] : undefined });
const out = [];
out.push(summary(await Lookup.call({ id: "a", limit: 3, note: "n" })));
out.push(summary(await Lookup.call({ id: "b" })));
out.push(summary(await Lookup.call({ id: "exposed" })));
out.push(summary(await Lookup.call({ id: "undeclared" })));
out.push(summary(await Lookup.call({ id: 5, limit: "x" })));
// Every option the input side folds into its generated preparer (prepare.ts), against the loop.
let stamps = 0;
const Prepare = defineAxn({
  name: "Plan.Prepare",
  expects: {
    n: { schema: z.number(), coerce: true },
    stamp: { schema: z.number(), default: () => ++stamps },
    maybe: { schema: z.string().nullable(), optional: true },
    lib: { schema: z.string().default("lib"), optional: true },
    gone: { schema: z.string(), optional: true },
    tenant: { schema: z.string(), on: "ambientContext", optional: true },
  },
  exposes: { summary: z.string() },
  call: (input) => ({ summary: JSON.stringify(Object.entries(input)) }),
});
out.push(summary(await Prepare.call({ n: "4", maybe: null, gone: null }, { ambientContext: { tenant: "t1" } })));
out.push(summary(await Prepare.call({ n: 2, stamp: null, maybe: "m", lib: "own" })));
console.log(JSON.stringify({ seen, out }));
`;

async function run(flags: readonly string[]): Promise<unknown> {
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, "--input-type=module", "-e", SCRIPT], {
    cwd: repo,
  });
  return JSON.parse(stdout);
}

describe("action runtime: the per-action object builders", () => {
  it("give the same input, exposes, Result members and refusals with and without code generation", async () => {
    const generated = await run([]);
    const fallback = await run(["--disallow-code-generation-from-strings"]);
    expect(fallback).to.deep.equal(generated);
    expect(generated).to.deep.equal({
      seen: [
        ["id", "limit", "note"],
        ["id", "limit"],
        ["id", "limit"],
        ["id", "limit"],
      ],
      out: [
        {
          ok: true,
          exposed: [
            ["id", "a"],
            ["total", 6],
            ["label", "n"],
          ],
          direct: ["a", 6, "n"],
        },
        {
          ok: true,
          exposed: [
            ["id", "b"],
            ["total", 20],
          ],
          direct: ["b", 20, null],
        },
        {
          ok: true,
          exposed: [
            ["id", "exposed"],
            ["total", 2],
          ],
          direct: ["exposed", 2, null],
        },
        { ok: false, error: "Something went wrong", exception: 'Plan.Lookup does not declare exposed field "extra"' },
        {
          ok: false,
          error: "Something went wrong",
          exception:
            "id: Invalid input: expected string, received number; limit: Invalid input: expected number, received string",
        },
        // Coerced, defaulted by a function, null kept where the schema takes it, the schema's own
        // default run, a null that the schema does not take left out, the ambient value read.
        {
          ok: true,
          exposed: [["summary", '[["n",4],["stamp",1],["maybe",null],["lib","lib"],["tenant","t1"]]']],
          direct: [null, null, null],
        },
        {
          ok: true,
          exposed: [["summary", '[["n",2],["stamp",2],["maybe","m"],["lib","own"]]']],
          direct: [null, null, null],
        },
      ],
    });
  });

  it("read only own arguments: an inherited one is missing, a non-enumerable own one counts", async () => {
    const reported: string[] = [];
    configureAxn({ onException: (error) => reported.push((error as Error).message) });
    after(() => resetAxnConfig());
    const Echo = defineAxn({
      name: "Plan.OwnArgs",
      expects: { id: z.string(), limit: { schema: z.number().int(), default: 10 } },
      exposes: { id: z.string(), total: z.number() },
      call: ({ id, limit }) => ({ id, total: limit }),
    });
    const inherited = await Echo.call(Object.create({ id: "inherited" }) as never);
    expect(inherited.exception?.message).to.equal("id: Invalid input: expected string, received undefined");
    expect(reported).to.deep.equal([inherited.exception?.message]);
    const hidden = await Echo.call(Object.defineProperty({ limit: 4 }, "id", { value: "hidden" }) as never);
    expect(hidden.exposedValues).to.deep.equal({ id: "hidden", total: 4 });
    // A polluted Object.prototype: a plain object's inherited `id` is still not an argument.
    Object.defineProperty(Object.prototype, "id", { value: "polluted", writable: true, configurable: true });
    try {
      const polluted = await Echo.call({ limit: 4 } as never);
      expect(polluted.exception?.message).to.equal("id: Invalid input: expected string, received undefined");
    } finally {
      delete (Object.prototype as { id?: unknown }).id;
    }
    // Enumerable this time: the arguments' key walk meets it, and still does not take it.
    (Object.prototype as { id?: unknown }).id = "polluted";
    try {
      const polluted = await Echo.call({ limit: 4 } as never);
      expect(polluted.exception?.message).to.equal("id: Invalid input: expected string, received undefined");
    } finally {
      delete (Object.prototype as { id?: unknown }).id;
    }
    expect(reported).to.have.length(3);
    const undeclared = await Echo.call({ extra: 1, id: "x" } as never);
    expect(undeclared.exposedValues).to.deep.equal({ id: "x", total: 10 });
  });

  it("read a non-enumerable own argument among more names than the key walk tracks", async () => {
    // 32 arguments: the generated reader tracks the first 30 names it meets, and checks the rest again.
    const names = Array.from({ length: 32 }, (_, i) => `f${i}`);
    const Wide = defineAxn({
      name: "Plan.Wide",
      expects: Object.fromEntries(names.map((name) => [name, { schema: z.number(), optional: true }])),
      exposes: { sum: z.number() },
      call: (input) => ({ sum: Object.values(input as Record<string, number>).reduce((a, b) => a + b, 0) }),
    });
    const args: Record<string, number> = Object.fromEntries(names.map((name, i) => [name, i]));
    for (const hidden of ["f2", "f31"]) Object.defineProperty(args, hidden, { value: 1000, enumerable: false });
    const result = await Wide.call(args as never);
    expect(result.exposedValues).to.deep.equal({ sum: 496 - 2 - 31 + 2000 });
  });
});
