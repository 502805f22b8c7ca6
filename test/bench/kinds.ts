/**
 * The Lookup workload (fixtures.ts) declared once per schema kind, for scenarios 1 and 2: the same
 * three inputs (with the same bounds and defaults) and three outputs, the same body. Each kind
 * brings its own baseline — that library's validation done by hand, the way a developer using it
 * would write a validated function: one object schema in, one out, the library's own parse call.
 */
import { z as z3 } from "zod3";
import * as v from "valibot";
import { toStandardJsonSchema } from "@valibot/to-json-schema";
import { type } from "arktype";
import { defineAxn, type AnyAxn, type Result } from "@axn/core";
import { defineLookup, lookupBody, lookupByHand, type HandResult, type LookupIn } from "./fixtures.js";

/** A Lookup action, whatever kind declared its fields: what scenarios 1 and 2 call. */
export type LookupAction = AnyAxn & { call(args: LookupIn): Promise<Result<object>> };

export interface LookupKind {
  /** Shown in the table: "zod 4", "zod 3", "valibot", "ArkType". */
  readonly kind: string;
  /** What the baseline calls, for the table's baseline column. */
  readonly parse: string;
  /** The action, its fields declared with this kind (defaults as axn field options, like fixtures.ts). */
  define(name: string): LookupAction;
  /** The hand-written twin: parse in with this library, run the body, parse out, never throw. */
  byHand(args: unknown): Promise<HandResult>;
}

// --- zod 3.25 (the v3 API, through the `zod3` alias) -------------------------------------------

const zod3Input = {
  id: z3.string().min(1).max(64),
  limit: z3.number().int().min(1).max(100),
  verbose: z3.boolean(),
};
const zod3Output = { id: z3.string(), total: z3.number().int(), label: z3.string() };
const zod3InputObject = z3.object({
  id: zod3Input.id,
  limit: zod3Input.limit.default(10),
  verbose: zod3Input.verbose.default(false),
});
const zod3OutputObject = z3.object(zod3Output);

// --- valibot (wrapped for axn with toStandardJsonSchema; used bare by hand) --------------------

const valibotInput = {
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(100)),
  verbose: v.boolean(),
};
const valibotOutput = { id: v.string(), total: v.pipe(v.number(), v.integer()), label: v.string() };
const valibotInputObject = v.object({
  id: valibotInput.id,
  limit: v.optional(valibotInput.limit, 10),
  verbose: v.optional(valibotInput.verbose, false),
});
const valibotOutputObject = v.object(valibotOutput);

// --- ArkType 2 ----------------------------------------------------------------------------------

const arkInput = {
  id: type("1 <= string <= 64"),
  limit: type("1 <= number.integer <= 100"),
  verbose: type("boolean"),
};
const arkOutput = { id: type("string"), total: type("number.integer"), label: type("string") };
const arkInputObject = type({
  id: "1 <= string <= 64",
  limit: ["1 <= number.integer <= 100", "=", 10],
  verbose: "boolean = false",
});
const arkOutputObject = type({ id: "string", total: "number.integer", label: "string" });

const issuesText = (issues: readonly { readonly message: string }[]): string => issues.map((i) => i.message).join("; ");

export const LOOKUP_KINDS: readonly LookupKind[] = [
  {
    kind: "zod 4",
    parse: "safeParse",
    define: (name) => defineLookup(name),
    byHand: lookupByHand,
  },
  {
    kind: "zod 3",
    parse: "safeParse",
    define: (name) =>
      defineAxn({
        name,
        description: "Look a customer up",
        expects: {
          id: { schema: zod3Input.id, description: "Customer id" },
          limit: { schema: zod3Input.limit, default: 10 },
          verbose: { schema: zod3Input.verbose, default: false },
        },
        exposes: zod3Output,
        call: (input) => lookupBody(input),
      }),
    async byHand(args) {
      const input = zod3InputObject.safeParse(args);
      if (!input.success)
        return { ok: false, error: input.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
      const output = zod3OutputObject.safeParse(lookupBody(input.data));
      if (!output.success) return { ok: false, error: "invalid output" };
      return { ok: true, ...output.data };
    },
  },
  {
    kind: "valibot",
    parse: "v.safeParse",
    define: (name) =>
      defineAxn({
        name,
        description: "Look a customer up",
        expects: {
          id: { schema: toStandardJsonSchema(valibotInput.id), description: "Customer id" },
          limit: { schema: toStandardJsonSchema(valibotInput.limit), default: 10 },
          verbose: { schema: toStandardJsonSchema(valibotInput.verbose), default: false },
        },
        exposes: {
          id: toStandardJsonSchema(valibotOutput.id),
          total: toStandardJsonSchema(valibotOutput.total),
          label: toStandardJsonSchema(valibotOutput.label),
        },
        call: (input) => lookupBody(input),
      }),
    async byHand(args) {
      const input = v.safeParse(valibotInputObject, args);
      if (!input.success) return { ok: false, error: issuesText(input.issues) };
      const output = v.safeParse(valibotOutputObject, lookupBody(input.output));
      if (!output.success) return { ok: false, error: "invalid output" };
      return { ok: true, ...output.output };
    },
  },
  {
    kind: "ArkType",
    parse: "type(…)(value)",
    define: (name) =>
      defineAxn({
        name,
        description: "Look a customer up",
        expects: {
          id: { schema: arkInput.id, description: "Customer id" },
          limit: { schema: arkInput.limit, default: 10 },
          verbose: { schema: arkInput.verbose, default: false },
        },
        exposes: arkOutput,
        call: (input) => lookupBody(input),
      }),
    async byHand(args) {
      const input = arkInputObject(args);
      if (input instanceof type.errors) return { ok: false, error: input.summary };
      const output = arkOutputObject(lookupBody(input));
      if (output instanceof type.errors) return { ok: false, error: "invalid output" };
      return { ok: true, ...output };
    },
  },
];
