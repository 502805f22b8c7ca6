/**
 * Generators of bad tool arguments. `nearValid(action)` draws arguments shaped like the tool's
 * declared inputs (drawn from the action's advertised input schema, normalised through JSON the
 * way a wire client sends them); `brokenArgs(action)` then breaks them with one to three mutations
 * that each must be reported by name — a field given the wrong JSON type (top level or one level
 * down), a required field left out, an undeclared key added — plus noise that must change nothing
 * (ambient context smuggled at the top level or nested, extra keys inside an object, which zod strips).
 */
import * as fc from "fast-check";
import type { AnyAxn, JsonSchema } from "@axn/core";
import { fieldPath } from "@axn/core/internal";
import { arbitraryFromJsonSchema } from "../../support/json-schema-arbitrary.js";

/** Keys the Invoker strips from model arguments. */
export const SMUGGLE_KEYS = ["ambientContext", "ambient_context"] as const;

/** A declared top-level input, as the advertised JSON Schema describes it. */
export interface InputField {
  readonly name: string;
  readonly required: boolean;
  readonly schema: JsonSchema;
  /** The JSON type the field takes (`"string"` for enums and dates). */
  readonly type: string;
  /** Declared properties one level down, for object fields. */
  readonly properties: readonly string[];
}

function typeOf(schema: JsonSchema): string {
  const type = (schema as { type?: unknown }).type;
  return typeof type === "string" ? type : "unknown";
}

export function inputFields(action: AnyAxn): InputField[] {
  const schema = action.inputSchema as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, field]) => ({
    name,
    required: (schema.required ?? []).includes(name),
    schema: field,
    type: typeOf(field),
    properties: Object.keys((field as { properties?: Record<string, unknown> }).properties ?? {}),
  }));
}

/** Values of every JSON type but `type` (and never a string the Invoker would coerce into it). */
function wrongTypeValues(type: string): unknown[] {
  const all: [string, unknown][] = [
    ["object", { unexpected: true }],
    ["array", ["unexpected"]],
    ["boolean", true],
    ["number", 12.5],
    ["string", "zz-not-a-valid-value"],
  ];
  const same = type === "integer" ? "number" : type;
  return all.filter(([json]) => json !== same).map(([, value]) => value);
}

/** Arguments shaped like the tool's inputs, drawn from its advertised input schema and sent through JSON. */
function nearValid(action: AnyAxn): fc.Arbitrary<Record<string, unknown>> {
  return arbitraryFromJsonSchema(action.inputSchema).map(
    (value) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>,
  );
}

export type Mutation =
  | {
      readonly kind: "wrongType";
      readonly path: readonly [string] | readonly [string, string];
      readonly value: unknown;
    }
  | { readonly kind: "missing"; readonly field: string }
  | { readonly kind: "extraKey"; readonly key: string; readonly value: unknown };

type Noise =
  | { readonly kind: "smuggleTop"; readonly key: string }
  | { readonly kind: "smuggleNested"; readonly field: string; readonly key: string }
  | { readonly kind: "nestedExtra"; readonly field: string; readonly key: string };

export interface BrokenCase {
  readonly args: Record<string, unknown>;
  readonly mutations: readonly Mutation[];
  readonly noise: readonly Noise[];
}

/** The text each mutation must be reported with: the field path, or the undeclared key. */
export function expectedMention(mutation: Mutation): { readonly field: string; readonly text: string } {
  if (mutation.kind === "wrongType") return { field: mutation.path.join("."), text: `${mutation.path.join(".")}: ` };
  // Each schema library words a missing value its own way (zod 3 "Required", zod 4 "Invalid input:
  // expected …, received undefined"); the field path is what every kind must name.
  if (mutation.kind === "missing") return { field: mutation.field, text: `${mutation.field}: ` };
  // A key is named as a field path names it: bare when an identifier, else quoted (`[" "]`).
  const path = fieldPath(mutation.key);
  return { field: path, text: `unknown input: ${path}` };
}

/**
 * Undeclared keys: ordinary names and arbitrary strings. `__proto__` and `constructor` are left to
 * the explicit prototype-key cases (two transports mishandle them; see docs/reliability.md).
 */
function extraKeyArbitrary(declared: ReadonlySet<string>): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom("prototype", "toString", "hasOwnProperty", "valueOf", "currentAgentId", "userId", "then"),
      fc.string({ maxLength: 12 }),
    )
    .filter(
      (key) =>
        !declared.has(key) &&
        key !== "__proto__" &&
        key !== "constructor" &&
        !(SMUGGLE_KEYS as readonly string[]).includes(key),
    );
}

const SMUGGLED_VALUE = { userId: "attacker", currentAgentId: "ag_ada" };

/** One to three reportable mutations of near-valid arguments, plus harmless noise. */
export function brokenArgs(action: AnyAxn): fc.Arbitrary<BrokenCase> {
  const fields = inputFields(action);
  const declared = new Set(fields.map((field) => field.name));
  const objectFields = fields.filter((field) => field.type === "object" && field.properties.length > 0);

  const mutationFor = (field: InputField): fc.Arbitrary<Mutation> => {
    const options: fc.Arbitrary<Mutation>[] = [
      fc
        .constantFrom(...wrongTypeValues(field.type))
        .map((value) => ({ kind: "wrongType", path: [field.name] as const, value })),
    ];
    // null is "missing" for a field with a default or an optional one, so it is wrong only when required.
    if (field.required) {
      options.push(fc.constant<Mutation>({ kind: "missing", field: field.name }));
      options.push(fc.constant<Mutation>({ kind: "wrongType", path: [field.name] as const, value: null }));
    }
    if (field.type === "object" && field.properties.length > 0) {
      options.push(
        fc.constantFrom(...field.properties).chain((sub) => {
          const subType = typeOf((field.schema as { properties?: Record<string, JsonSchema> }).properties?.[sub] ?? {});
          return fc
            .constantFrom(...wrongTypeValues(subType))
            .map((value): Mutation => ({ kind: "wrongType", path: [field.name, sub] as const, value }));
        }),
      );
    }
    return fc.oneof(...options);
  };

  const fieldMutations =
    fields.length === 0
      ? fc.constant<Mutation[]>([])
      : fc
          .shuffledSubarray(fields, { minLength: 0, maxLength: Math.min(2, fields.length) })
          .chain((chosen) =>
            chosen.length === 0 ? fc.constant<Mutation[]>([]) : fc.tuple(...chosen.map(mutationFor)),
          );
  const extraKeys = fc
    .uniqueArray(extraKeyArbitrary(declared), { maxLength: 2 })
    .map((keys) => keys.map((key): Mutation => ({ kind: "extraKey", key, value: "surprise" })));
  const mutations = fc
    .tuple(fieldMutations, extraKeys)
    .map(([a, b]) => [...a, ...b])
    // Never a valid call: the fuzzed helpdesk tools write to the example store when one succeeds.
    .chain((list) =>
      list.length > 0
        ? fc.constant(list)
        : extraKeyArbitrary(declared).map((key): Mutation[] => [{ kind: "extraKey", key, value: 1 }]),
    );

  const noiseArb: fc.Arbitrary<Noise[]> = fc.array(
    fc.oneof(
      fc.constantFrom(...SMUGGLE_KEYS).map((key): Noise => ({ kind: "smuggleTop", key })),
      ...(objectFields.length === 0
        ? []
        : [
            fc
              .record({
                field: fc.constantFrom(...objectFields.map((f) => f.name)),
                key: fc.constantFrom(...SMUGGLE_KEYS),
              })
              .map(({ field, key }): Noise => ({ kind: "smuggleNested", field, key })),
            fc
              .record({
                field: fc.constantFrom(...objectFields.map((f) => f.name)),
                key: fc.constantFrom("extra", "prototype", "zz"),
              })
              .map(({ field, key }): Noise => ({ kind: "nestedExtra", field, key })),
          ]),
    ),
    { maxLength: 2 },
  );

  return fc.tuple(nearValid(action), mutations, noiseArb).map(([base, mutationList, noise]) => {
    const args: Record<string, unknown> = { ...base };
    for (const item of noise) {
      if (item.kind === "smuggleTop") args[item.key] = SMUGGLED_VALUE;
      else {
        const inner = args[item.field];
        if (typeof inner === "object" && inner !== null && !Array.isArray(inner)) {
          args[item.field] = { ...inner, [item.key]: item.kind === "smuggleNested" ? SMUGGLED_VALUE : "noise" };
        }
      }
    }
    for (const mutation of mutationList) {
      if (mutation.kind === "missing") delete args[mutation.field];
      else if (mutation.kind === "extraKey") args[mutation.key] = mutation.value;
      else if (mutation.path.length === 1) args[mutation.path[0]] = mutation.value;
      else {
        const [parent, sub] = mutation.path;
        const inner = args[parent];
        args[parent] = {
          ...(typeof inner === "object" && inner !== null && !Array.isArray(inner) ? inner : {}),
          [sub]: mutation.value,
        };
      }
    }
    return { args, mutations: mutationList, noise };
  });
}
