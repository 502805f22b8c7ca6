/**
 * fast-check arbitraries drawn from a reflected JSON Schema 2020-12 object, so property specs can
 * feed actions valid inputs whatever schema library declared them (zod-fast-check only knows zod 3).
 * Every value it yields is a plain JSON value that validates under ajv 2020 + ajv-formats, the
 * validator the project checks reflected schemas with.
 *
 * Values are built structurally from the keywords; where a node's keywords cannot be met by
 * construction alone (`not`, `oneOf`, patterns beside lengths or formats, `multipleOf` on floats,
 * unknown keywords...) the candidate is filtered with ajv compiled for exactly that node. Every
 * filter is probed once with a fixed seed when the arbitrary is built, so a generator that would
 * almost never pass is dropped (an unsatisfiable branch) instead of stalling a run, and a filter
 * that still cannot find a value throws with the node and ajv's reason instead of looping forever.
 */
import fc from "fast-check";
import type { JsonSchema, JsonValue } from "@axn/core";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS: under NodeNext the default import is `module.exports`.
const addFormats = addFormatsModule.default;

export interface JsonSchemaArbitraryOptions {
  /**
   * How many `$ref`s deep values may nest (default 3). Below that, recursive schemas get only what
   * they require: the `anyOf`/`oneOf` members that end the recursion soonest, no optional or extra
   * properties, arrays of `minItems` items (usually empty).
   */
  readonly maxDepth?: number;
  /** Generators for string formats, tried before the built-in ones (e.g. a library's own formats). */
  readonly formats?: Record<string, fc.Arbitrary<string>>;
}

export function arbitraryFromJsonSchema(
  schema: JsonSchema,
  options: JsonSchemaArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  return new Builder(schema, options).root();
}

type Schema = { readonly [keyword: string]: JsonValue };
type Gen = fc.Arbitrary<unknown> | null; // null: no value can be generated (an unsatisfiable node)

/** One subschema and its absolute ajv reference (`<id>#<URI-encoded JSON pointer>`). */
interface Part {
  readonly schema: JsonValue;
  readonly ref: string;
}

/** A conjunction of parts whose keywords have been gathered: what a value must satisfy at once. */
interface Node {
  readonly parts: readonly ObjectPart[];
  readonly refs: readonly string[];
  readonly depth: number;
  /** False when some keyword is met only by filtering (`not`, unknown keywords). */
  readonly exact: boolean;
}

interface ObjectPart {
  readonly schema: Schema;
  readonly ref: string;
}

const ID_PREFIX = "urn:axn:json-schema-arbitrary";
const STRING_ID = `${ID_PREFIX}:string`;
const STRING_PART: ObjectPart = { schema: { type: "string" }, ref: `${STRING_ID}#` };

/**
 * One ajv for every arbitrary (each schema under its own `$id`): a new instance costs tens of
 * milliseconds of meta-schema compilation, and specs build arbitraries per action.
 */
const ajv = new Ajv2020({ strict: false, logger: false });
addFormats(ajv);
ajv.addSchema({ type: "string", $id: STRING_ID });
let schemas = 0;

/** Beyond maxDepth, values may still follow required `$ref`s this much further before giving up. */
const DEPTH_SLACK = 16;
/** Extra array items / string characters beyond the minimum: property runs want small values. */
const EXTRA_ITEMS = 3;
const EXTRA_CHARS = 16;
const EXTRA_ENTRIES = 3;
/** Construction-time probe of each filtered generator: fixed seed, so building is deterministic. */
const PROBE_RUNS = 40;
const PROBE_SEED = 0x15eed;
const GOOD_ENOUGH = 0.9;
const FILTER_ATTEMPTS = 1000;

const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$comment",
  "$defs",
  "definitions",
  "$vocabulary",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "contentEncoding",
  "contentMediaType",
  "contentSchema",
]);
const STRING_KEYWORDS = [
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "formatMinimum",
  "formatMaximum",
  "formatExclusiveMinimum",
  "formatExclusiveMaximum",
];
const NUMBER_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"];
const ARRAY_KEYWORDS = ["items", "prefixItems", "minItems", "maxItems", "uniqueItems"];
const OBJECT_KEYWORDS = ["properties", "required", "additionalProperties", "patternProperties", "propertyNames"];
/** Keywords generation honours by construction (the rest are left to a filter). */
const HANDLED = new Set([
  "type",
  "enum",
  "const",
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  ...STRING_KEYWORDS,
  ...NUMBER_KEYWORDS,
  ...ARRAY_KEYWORDS,
  ...OBJECT_KEYWORDS,
]);
/** Keywords that imply a type when `type` is absent (extra ones only filtered, but still hint). */
const TYPE_HINTS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ["string", STRING_KEYWORDS],
  ["number", NUMBER_KEYWORDS],
  ["array", [...ARRAY_KEYWORDS, "contains", "minContains", "maxContains", "unevaluatedItems"]],
  [
    "object",
    [
      ...OBJECT_KEYWORDS,
      "minProperties",
      "maxProperties",
      "dependentRequired",
      "dependentSchemas",
      "unevaluatedProperties",
    ],
  ],
];
const ALL_TYPES = ["null", "boolean", "number", "string", "array", "object"];

class Builder {
  private readonly id = `${ID_PREFIX}:${++schemas}`;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly memo = new Map<string, Gen | "building">();
  private readonly diagnostics: string[] = [];
  private readonly refCosts = new Map<string, number>();
  private readonly rootSchema: Schema;
  private readonly maxDepth: number;
  private readonly formats: Record<string, fc.Arbitrary<string>>;

  constructor(schema: JsonSchema, options: JsonSchemaArbitraryOptions) {
    // `$schema` is ignored (always 2020-12); the root gets a known `$id` so every subschema has an
    // absolute reference to compile a validator for.
    const { $schema: _dialect, $id: _id, ...rest } = schema;
    this.rootSchema = rest;
    ajv.addSchema({ ...rest, $id: this.id });
    this.maxDepth = options.maxDepth ?? 3;
    this.formats = options.formats ?? {};
    if (!Number.isInteger(this.maxDepth) || this.maxDepth < 0)
      throw new Error(`maxDepth must be a non-negative integer, got ${this.maxDepth}`);
  }

  root(): fc.Arbitrary<unknown> {
    const gen = this.build([{ schema: this.rootSchema, ref: `${this.id}#` }], 0, new Set());
    if (gen === null) {
      throw new Error(
        `arbitraryFromJsonSchema: cannot generate any value for the schema:\n  ${[...new Set(this.diagnostics)].join("\n  ")}`,
      );
    }
    return gen;
  }

  // ---------------------------------------------------------------------------------------------
  // Conjunctions: `$ref`, `allOf`, `anyOf`/`oneOf`, `const`/`enum`, then one generator per type.

  /** A generator for values satisfying every part; `done` holds the `anyOf`/`oneOf`s already split. */
  private build(parts: readonly Part[], depth: number, done: ReadonlySet<string>): Gen {
    const key = `${depth}|${parts
      .map((p) => p.ref)
      .sort()
      .join(",")}|${[...done].sort().join(",")}`;
    const cached = this.memo.get(key);
    if (cached === "building")
      return this.none(`${describe(parts.map((p) => p.ref))}: the schema refers to itself without deepening`);
    if (cached !== undefined) return cached;
    this.memo.set(key, "building");
    const gen = this.compute(parts, depth, done);
    this.memo.set(key, gen);
    return gen;
  }

  private compute(input: readonly Part[], depth: number, done: ReadonlySet<string>): Gen {
    const incoming = new Set(input.map((p) => p.ref));
    const parts: ObjectPart[] = [];
    const queue = [...input];
    const seen = new Set<string>();
    let followedRef = false;
    while (queue.length > 0) {
      const part = queue.shift()!;
      if (seen.has(part.ref)) continue;
      seen.add(part.ref);
      if (part.schema === false) return this.none(`${part.ref}: false`);
      if (!isObject(part.schema)) continue; // `true` (or a malformed subschema ajv would have refused)
      const schema = part.schema;
      parts.push({ schema, ref: part.ref });
      if (isObject(schema.not) && isTrivial(schema.not)) return this.none(`${part.ref}: not {}`);
      if (schema.not === true) return this.none(`${part.ref}: not true`);
      if (typeof schema.$ref === "string") {
        const target = this.resolve(schema.$ref);
        // Only a newly followed $ref deepens the value; re-expanding a conjunction does not.
        if (!incoming.has(target.ref)) followedRef = true;
        queue.push(target);
      }
      if (Array.isArray(schema.allOf)) {
        for (const [i, member] of schema.allOf.entries())
          queue.push({ schema: member, ref: child(part.ref, "allOf", i) });
      }
    }
    if (followedRef) depth += 1;
    if (depth > this.maxDepth + DEPTH_SLACK)
      return this.none(
        `${describe(input.map((p) => p.ref))}: no finite value within ${this.maxDepth + DEPTH_SLACK} $refs`,
      );
    const refs = parts.map((p) => p.ref);

    const split = this.splitCombinator(parts, depth, done);
    if (split !== undefined) return split;

    let exact = true;
    for (const { schema } of parts) {
      for (const keyword of Object.keys(schema)) {
        if (keyword === "not" || (!ANNOTATIONS.has(keyword) && !HANDLED.has(keyword))) exact = false;
      }
      if (schema.exclusiveMinimum !== undefined && typeof schema.exclusiveMinimum !== "number") exact = false;
      if (schema.exclusiveMaximum !== undefined && typeof schema.exclusiveMaximum !== "number") exact = false;
    }
    const node: Node = { parts, refs, depth, exact };

    const choices = this.choices(node);
    if (choices !== undefined) return choices;

    const gens: fc.Arbitrary<unknown>[] = [];
    const types = typesOf(parts);
    if (types === undefined) {
      // No `type` and no type-specific keyword: any JSON value.
      const any = anyJson(depth >= this.maxDepth);
      return exact ? any : this.pick([any], node, "value");
    }
    for (const type of types) {
      const gen = this.typed(type, node);
      if (gen !== null) gens.push(gen);
    }
    if (gens.length === 0)
      return this.none(`${describe(refs)}: no value of type ${[...types].join("/") || "(none: the types conflict)"}`);
    return gens.length === 1 ? gens[0]! : fc.oneof(...gens);
  }

  /** Splits the first unsplit `anyOf`/`oneOf` into one conjunction per member. */
  private splitCombinator(parts: readonly ObjectPart[], depth: number, done: ReadonlySet<string>): Gen | undefined {
    for (const part of parts) {
      for (const keyword of ["anyOf", "oneOf"] as const) {
        const members = part.schema[keyword];
        const id = `${part.ref}/${keyword}`;
        if (!Array.isArray(members) || done.has(id)) continue;
        const next = new Set(done).add(id);
        let candidates = members.map((schema, i): Part => ({ schema, ref: child(part.ref, keyword, i) }));
        if (depth >= this.maxDepth) {
          // Past the depth bound, keep the members whose least value follows the fewest $refs: the
          // ones that end the recursion (a leaf rather than a branch of two more trees).
          const costs = candidates.map((member) => this.refCost(member.schema, new Set()));
          const least = Math.min(...costs);
          if (least < Infinity) candidates = candidates.filter((_, i) => costs[i] === least);
        }
        const branches: fc.Arbitrary<unknown>[] = [];
        for (const member of candidates) {
          const conj = [...parts, member];
          let gen = this.build(conj, depth, next);
          // A `oneOf` value must match no other member: filter each branch on the whole `oneOf`.
          if (gen !== null && keyword === "oneOf")
            gen = this.pick([gen], { parts: [], refs: conj.map((p) => p.ref), depth, exact: false }, "oneOf member");
          if (gen !== null) branches.push(gen);
        }
        if (branches.length === 0) return this.none(`${id}: no member can be generated`);
        return branches.length === 1 ? branches[0]! : fc.oneof(...branches);
      }
    }
    return undefined;
  }

  /** `const`/`enum`: the listed values that satisfy the whole node, checked now rather than filtered. */
  private choices(node: Node): Gen | undefined {
    let values: JsonValue[] | undefined;
    for (const { schema } of node.parts) {
      if ("const" in schema) values = intersect(values, [schema.const!]);
      if (Array.isArray(schema.enum)) values = intersect(values, schema.enum);
    }
    if (values === undefined) return undefined;
    const validate = this.validator(node.refs);
    const valid = values.filter((value) => validate(value));
    if (valid.length === 0)
      return this.none(`${describe(node.refs)}: no const/enum value satisfies the other keywords`);
    return fc.constantFrom(...valid).map((value) => structuredClone(value));
  }

  private typed(type: string, node: Node): Gen {
    switch (type) {
      case "null":
        return node.exact ? fc.constant(null) : this.pick([fc.constant(null)], node, "null");
      case "boolean":
        return node.exact ? fc.boolean() : this.pick([fc.boolean()], node, "boolean");
      case "integer":
        return this.number(node, true);
      case "number":
        return this.number(node, false);
      case "string":
        return this.string(node);
      case "array":
        return this.array(node);
      case "object":
        return this.object(node);
      default:
        return this.none(`${describe(node.refs)}: unknown type "${type}"`);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Numbers

  private number(node: Node, integer: boolean): Gen {
    let lo = -Infinity;
    let loExcluded = false;
    let hi = Infinity;
    let hiExcluded = false;
    const multiples: number[] = [];
    let exact = node.exact;
    let int32 = false;
    const lower = (value: number, excluded: boolean) => {
      if (value > lo || (value === lo && excluded)) [lo, loExcluded] = [value, excluded];
    };
    const upper = (value: number, excluded: boolean) => {
      if (value < hi || (value === hi && excluded)) [hi, hiExcluded] = [value, excluded];
    };
    for (const { schema } of node.parts) {
      if (typeof schema.minimum === "number") lower(schema.minimum, false);
      if (typeof schema.exclusiveMinimum === "number") lower(schema.exclusiveMinimum, true);
      if (typeof schema.maximum === "number") upper(schema.maximum, false);
      if (typeof schema.exclusiveMaximum === "number") upper(schema.exclusiveMaximum, true);
      if (typeof schema.multipleOf === "number" && schema.multipleOf > 0) multiples.push(schema.multipleOf);
      if (schema.format !== undefined) exact = false; // ajv-formats' int32/int64/float/double
      if (schema.format === "int32") int32 = true;
    }
    if (int32) {
      lower(-(2 ** 31), false);
      upper(2 ** 31 - 1, false);
    }
    // Integers in range (safe integers only: JSON numbers beyond them do not round-trip).
    let first = lo === -Infinity ? Number.MIN_SAFE_INTEGER : loExcluded ? Math.floor(lo) + 1 : Math.ceil(lo);
    let last = hi === Infinity ? Number.MAX_SAFE_INTEGER : hiExcluded ? Math.ceil(hi) - 1 : Math.floor(hi);
    first = Math.max(first, Number.MIN_SAFE_INTEGER);
    last = Math.min(last, Number.MAX_SAFE_INTEGER);

    let gen: fc.Arbitrary<number> | null;
    if (multiples.length > 0) {
      // ajv checks `x / m` is an integer in floating point; anything but one integer step filters.
      const step = multiples[0]!;
      gen = integer
        ? multiplesOf(integerStep(step), first, false, last, false, true)
        : multiplesOf(step, lo, loExcluded, hi, hiExcluded, false);
      exact = exact && integer && Number.isInteger(step) && multiples.every((m) => m === step);
    } else {
      const ints = first <= last ? fc.integer({ min: first, max: last }) : null;
      if (integer) gen = ints;
      else {
        let doubles: fc.Arbitrary<number> | null = null;
        try {
          doubles = fc
            .double({
              min: Number.isFinite(lo) ? lo : -Number.MAX_VALUE,
              max: Number.isFinite(hi) ? hi : Number.MAX_VALUE,
              minExcluded: loExcluded,
              maxExcluded: hiExcluded,
              noNaN: true,
              noDefaultInfinity: true,
            })
            .map(noNegativeZero);
        } catch {
          doubles = null; // an empty range
        }
        gen =
          doubles && ints
            ? fc.oneof({ arbitrary: doubles, weight: 2 }, { arbitrary: ints, weight: 1 })
            : (doubles ?? ints);
      }
    }
    if (gen === null) return this.none(`${describe(node.refs)}: no ${integer ? "integer" : "number"} in range`);
    return exact ? gen : this.pick([gen], node, integer ? "integer" : "number");
  }

  // ---------------------------------------------------------------------------------------------
  // Strings

  private string(node: Node): Gen {
    let min = 0;
    let max = Infinity;
    const patterns: string[] = [];
    const formats: string[] = [];
    const bounds: DateBounds = {};
    for (const { schema } of node.parts) {
      if (typeof schema.minLength === "number") min = Math.max(min, schema.minLength);
      if (typeof schema.maxLength === "number") max = Math.min(max, schema.maxLength);
      if (typeof schema.pattern === "string") patterns.push(schema.pattern);
      if (typeof schema.format === "string") formats.push(schema.format);
      for (const keyword of [
        "formatMinimum",
        "formatExclusiveMinimum",
        "formatMaximum",
        "formatExclusiveMaximum",
      ] as const) {
        const value = schema[keyword];
        if (typeof value === "string") bounds[keyword] = value;
      }
    }
    if (min > max) return this.none(`${describe(node.refs)}: minLength ${min} > maxLength ${max}`);
    const plain = plainString(min, max);
    if (patterns.length === 0 && formats.length === 0 && Object.keys(bounds).length === 0 && node.exact) return plain;
    // Candidates in order of preference (see `pick`). Patterns come first: usually the library's
    // exact check, where the format is ajv's looser one. Smaller sizes keep more of a pattern's
    // values within length bounds, and within formats (zod's email domain labels may end in "-").
    const candidates: fc.Arbitrary<string>[] = [];
    let uninvertible = false;
    for (const pattern of patterns) {
      const repeated = repeatedAtom(pattern, min, max);
      if (repeated !== undefined) candidates.push(repeated);
      try {
        const regex = new RegExp(pattern, "u");
        candidates.push(fc.stringMatching(regex), fc.stringMatching(regex, { size: "xsmall" }));
      } catch {
        uninvertible = true; // fast-check cannot invert lookarounds, \p{...}, backreferences
      }
    }
    for (const format of formats) {
      const gen = this.formats[format] ?? builtinFormat(format, bounds);
      if (gen !== undefined) candidates.push(gen);
      if (format === "email" && this.formats[format] === undefined) candidates.push(plainEmail);
      // Generated emails, URLs and hostnames run long: smaller ones for a maxLength.
      const small =
        max < Infinity && this.formats[format] === undefined ? builtinFormat(format, bounds, "xsmall") : undefined;
      if (small !== undefined) candidates.push(small);
    }
    if (uninvertible) {
      // Such patterns are mostly a library's spelling of a well-known format (arktype's ISO dates
      // carry no `format`): one of the format generators may well match it.
      for (const format of FALLBACK_FORMATS) {
        const gen = builtinFormat(format, bounds);
        if (gen !== undefined) candidates.push(gen);
      }
      candidates.push(plainEmail);
    }
    candidates.push(plain);
    return this.pick(candidates, node, "string");
  }

  // ---------------------------------------------------------------------------------------------
  // Arrays

  private array(node: Node): Gen {
    const minimal = node.depth >= this.maxDepth;
    let minLength = 0;
    let maxLength = Infinity;
    let prefix = 0;
    let unique = false;
    for (const { schema } of node.parts) {
      if (typeof schema.minItems === "number") minLength = Math.max(minLength, schema.minItems);
      if (typeof schema.maxItems === "number") maxLength = Math.min(maxLength, schema.maxItems);
      if (Array.isArray(schema.prefixItems)) prefix = Math.max(prefix, schema.prefixItems.length);
      if (schema.uniqueItems === true) unique = true;
    }
    const slotParts = (index: number): Part[] => {
      const out: Part[] = [];
      for (const { schema, ref } of node.parts) {
        if (Array.isArray(schema.prefixItems) && index < schema.prefixItems.length)
          out.push({ schema: schema.prefixItems[index]!, ref: child(ref, "prefixItems", index) });
        else if ("items" in schema) out.push({ schema: schema.items!, ref: child(ref, "items") });
      }
      return out;
    };
    // The first position with no valid value (e.g. past `items: false`) ends the array.
    const slots: fc.Arbitrary<unknown>[] = [];
    let limit = maxLength;
    for (let i = 0; i < prefix && i < limit; i++) {
      const gen = this.build(slotParts(i), node.depth, new Set());
      if (gen === null) limit = i;
      else slots.push(gen);
    }
    const rest = limit > prefix ? this.build(slotParts(prefix), node.depth, new Set()) : null;
    if (rest === null) limit = Math.min(limit, prefix);
    if (minLength > limit) return this.none(`${describe(node.refs)}: no array of ${minLength}+ valid items`);
    const cap = minimal ? minLength : Math.min(limit, Math.max(minLength, prefix) + EXTRA_ITEMS);

    let gen: fc.Arbitrary<unknown[]>;
    if (cap === 0) gen = fc.constant([]).map(() => []);
    else if (prefix === 0) gen = fc.array(rest!, { minLength, maxLength: cap });
    else {
      gen = fc
        .integer({ min: minLength, max: cap })
        .chain((length) => fc.tuple(...Array.from({ length }, (_, i) => (i < prefix ? slots[i]! : rest!))));
    }
    // `contains`: one item drawn from the `contains` schemas (and the items schema), put anywhere
    // past the tuple part; `minContains`/`maxContains` are left to the filter.
    const containsParts = node.parts.flatMap(({ schema, ref }): Part[] =>
      schema.contains === undefined ? [] : [{ schema: schema.contains, ref: child(ref, "contains") }],
    );
    let exact = node.exact;
    if (containsParts.length > 0 && cap > prefix && !minimal) {
      const item = this.build([...slotParts(prefix), ...containsParts], node.depth, new Set());
      if (item !== null) {
        gen = fc.tuple(gen, item, fc.nat()).map(([items, extra, at]) => {
          const copy = items.length >= cap ? items.slice(0, -1) : [...items];
          const index = prefix + (at % (Math.max(0, copy.length - prefix) + 1));
          copy.splice(Math.min(index, copy.length), 0, extra);
          return copy;
        });
      }
    }
    if (unique) {
      // De-duplicated rather than fc.uniqueArray, which never returns when the items' domain is
      // smaller than minItems (booleans, short enums); too-short results are left to the filter.
      gen = gen.map((items) =>
        items.filter((item, i) => items.findIndex((other) => canonical(other) === canonical(item)) === i),
      );
      if (minLength > 1 || prefix > 0) exact = false;
    }
    return exact ? gen : this.pick([gen], node, "array");
  }

  // ---------------------------------------------------------------------------------------------
  // Objects

  private object(node: Node): Gen {
    const minimal = node.depth >= this.maxDepth;
    const names: string[] = [];
    const required = new Set<string>();
    for (const { schema } of node.parts) {
      if (isObject(schema.properties))
        for (const name of Object.keys(schema.properties)) if (!names.includes(name)) names.push(name);
      if (Array.isArray(schema.required)) {
        for (const name of schema.required) {
          if (typeof name !== "string") continue;
          required.add(name);
          if (!names.includes(name)) names.push(name);
        }
      }
    }
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const requiredKeys: string[] = [];
    for (const name of names) {
      const isRequired = required.has(name);
      if (minimal && !isRequired) continue;
      const parts = this.partsForKey(node.parts, name);
      const gen = parts === null ? null : this.build(parts, node.depth, new Set());
      if (gen === null) {
        if (isRequired) return this.none(`${describe(node.refs)}: required property "${name}" has no valid value`);
        continue; // e.g. an optional `{ not: {} }`: always absent
      }
      model[name] = gen;
      if (isRequired) requiredKeys.push(name);
    }
    let gen: fc.Arbitrary<unknown> = fc.record(model, { requiredKeys });
    const extra = minimal ? null : this.extraEntries(node, new Set(names), requiredKeys.length);
    if (extra !== null) {
      // fromEntries defines own properties, so a generated "__proto__" key stays a plain key.
      gen = fc
        .tuple(gen, extra)
        .map(([declared, entries]) => Object.fromEntries([...Object.entries(declared as object), ...entries]));
    }
    return node.exact ? gen : this.pick([gen], node, "object");
  }

  /**
   * Entries beyond the declared properties, only where the schema invites them (an explicit
   * `additionalProperties`, `patternProperties` or `propertyNames`: records, catch-alls). Objects
   * silent about extra keys get none: every library reflects its stripping objects that way.
   */
  private extraEntries(
    node: Node,
    declared: ReadonlySet<string>,
    required: number,
  ): fc.Arbitrary<Array<[string, unknown]>> | null {
    const invited = node.parts.some(
      ({ schema }) =>
        (schema.additionalProperties !== undefined && schema.additionalProperties !== false) ||
        isObject(schema.patternProperties) ||
        schema.propertyNames !== undefined,
    );
    if (!invited) return null;
    const keys: fc.Arbitrary<string>[] = [];
    if (node.parts.every(({ schema }) => schema.additionalProperties !== false)) {
      const nameParts: Part[] = node.parts
        .filter(({ schema }) => schema.propertyNames !== undefined)
        .map(({ schema, ref }) => ({ schema: schema.propertyNames!, ref: child(ref, "propertyNames") }));
      if (nameParts.length === 0) keys.push(fc.string({ maxLength: 8 }));
      else {
        const names = this.build([...nameParts, STRING_PART], node.depth, new Set());
        if (names !== null) keys.push(names as fc.Arbitrary<string>);
      }
    }
    for (const { schema } of node.parts) {
      if (!isObject(schema.patternProperties)) continue;
      for (const pattern of Object.keys(schema.patternProperties)) {
        try {
          keys.push(fc.stringMatching(new RegExp(pattern, "u")));
        } catch {
          // not invertible by fast-check: such keys come only from the other sources
        }
      }
    }
    if (keys.length === 0) return null;
    // Enough entries for `minProperties` (some may still be dropped: the filter has the last word).
    const minProperties = Math.max(
      0,
      ...node.parts.map(({ schema }) => (typeof schema.minProperties === "number" ? schema.minProperties : 0)),
    );
    const minEntries = Math.max(0, minProperties - required);
    const entry = fc.oneof(...keys).chain((key): fc.Arbitrary<[string, unknown] | null> => {
      // Declared keys come from the record; a key some part forbids is dropped, never filtered.
      if (declared.has(key)) return fc.constant(null);
      const parts = this.partsForKey(node.parts, key);
      const value = parts === null ? null : this.build(parts, node.depth, new Set());
      return value === null ? fc.constant(null) : value.map((v): [string, unknown] => [key, v]);
    });
    return fc.array(entry, { minLength: minEntries, maxLength: Math.max(EXTRA_ENTRIES, minEntries) }).map((list) => {
      const seen = new Set<string>();
      const out: Array<[string, unknown]> = [];
      for (const item of list) {
        if (item === null || seen.has(item[0])) continue;
        seen.add(item[0]);
        out.push(item);
      }
      return out;
    });
  }

  /** The subschemas a property named `key` must satisfy, or null when some part forbids the key. */
  private partsForKey(parts: readonly ObjectPart[], key: string): Part[] | null {
    const out: Part[] = [];
    for (const { schema, ref } of parts) {
      if (schema.propertyNames !== undefined && !this.validator([child(ref, "propertyNames")])(key)) return null;
      const declared = isObject(schema.properties) && Object.hasOwn(schema.properties, key);
      if (declared) out.push({ schema: (schema.properties as Schema)[key]!, ref: child(ref, "properties", key) });
      let matched = false;
      if (isObject(schema.patternProperties)) {
        for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
          if (!new RegExp(pattern, "u").test(key)) continue;
          out.push({ schema: sub, ref: child(ref, "patternProperties", pattern) });
          matched = true;
        }
      }
      if (!declared && !matched && schema.additionalProperties !== undefined) {
        if (schema.additionalProperties === false) return null;
        out.push({ schema: schema.additionalProperties, ref: child(ref, "additionalProperties") });
      }
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Filtering, references, diagnostics

  /**
   * The candidate most of whose values satisfy the node, filtered on the node's validator: the first
   * nearly always valid one, else the best; null when none yields a single valid value in the probe.
   */
  private pick(candidates: readonly fc.Arbitrary<unknown>[], node: Node, what: string): Gen {
    const validate = this.validator(node.refs);
    const where = describe(node.refs);
    let best: fc.Arbitrary<unknown> | undefined;
    let bestRate = 0;
    let reason = "";
    for (const candidate of candidates) {
      let rate = 0;
      try {
        const values = fc.sample(candidate, { numRuns: PROBE_RUNS, seed: PROBE_SEED });
        const failing = values.find((value) => !validate(value));
        if (failing !== undefined && reason === "")
          reason = `e.g. ${JSON.stringify(failing)?.slice(0, 80)}: ${ajv.errorsText(validate(failing) ? null : validate.errors)}`;
        rate = values.filter((value) => validate(value)).length / values.length;
      } catch (error) {
        reason ||= (error as Error).message;
      }
      if (rate >= GOOD_ENOUGH) return new BoundedFilter(candidate, validate, where);
      if (rate > bestRate) [best, bestRate] = [candidate, rate];
    }
    if (best !== undefined) return new BoundedFilter(best, validate, where);
    return this.none(`${where}: no generated ${what} is valid (${reason})`);
  }

  private validator(refs: readonly string[]): ValidateFunction {
    const unique = [...new Set(refs)].sort();
    const key = unique.join(" ");
    let validate = this.validators.get(key);
    if (validate === undefined) {
      validate = ajv.compile(unique.length === 1 ? { $ref: unique[0] } : { allOf: unique.map(($ref) => ({ $ref })) });
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** A local `$ref`: `#`, a JSON pointer `#/...`, or a plain-name `$anchor` `#name`. */
  private resolve(ref: string): Part {
    if (ref === "#" || ref === "") return { schema: this.rootSchema, ref: `${this.id}#` };
    if (ref.startsWith("#/")) {
      const segments = ref
        .slice(2)
        .split("/")
        .map((segment) => decodeURIComponent(segment).replace(/~1/g, "/").replace(/~0/g, "~"));
      let node: JsonValue | undefined = this.rootSchema;
      for (const segment of segments) {
        node = Array.isArray(node) ? node[Number(segment)] : isObject(node) ? node[segment] : undefined;
        if (node === undefined) throw new Error(`arbitraryFromJsonSchema: $ref ${ref} points nowhere`);
      }
      return { schema: node, ref: child(`${this.id}#`, ...segments) };
    }
    if (ref.startsWith("#")) {
      const found = findAnchor(this.rootSchema, ref.slice(1), `${this.id}#`);
      if (found !== undefined) return found;
    }
    throw new Error(`arbitraryFromJsonSchema: only local $refs are supported, got ${ref}`);
  }

  /**
   * How many `$ref`s the least value of `schema` must follow (Infinity: only by recursing): over
   * required properties, `minItems` items and `allOf` the most, over `anyOf`/`oneOf` the fewest.
   * Only a heuristic for choosing members, so a cost computed inside a cycle is cached as it stands.
   */
  private refCost(schema: JsonValue, visiting: Set<string>): number {
    if (!isObject(schema)) return 0;
    let cost = 0;
    if (typeof schema.$ref === "string") {
      const target = this.resolve(schema.$ref);
      let inner = this.refCosts.get(target.ref);
      if (inner === undefined) {
        if (visiting.has(target.ref)) return Infinity;
        visiting.add(target.ref);
        inner = this.refCost(target.schema, visiting);
        visiting.delete(target.ref);
        this.refCosts.set(target.ref, inner);
      }
      cost = 1 + inner;
    }
    const all = (members: readonly JsonValue[]) =>
      Math.max(0, ...members.map((member) => this.refCost(member, visiting)));
    if (Array.isArray(schema.allOf)) cost = Math.max(cost, all(schema.allOf));
    for (const keyword of ["anyOf", "oneOf"]) {
      const members = schema[keyword];
      if (Array.isArray(members) && members.length > 0)
        cost = Math.max(cost, Math.min(...members.map((member) => this.refCost(member, visiting))));
    }
    if (Array.isArray(schema.required) && isObject(schema.properties)) {
      const properties = schema.properties;
      cost = Math.max(
        cost,
        all(
          schema.required.flatMap((name) =>
            typeof name === "string" && properties[name] !== undefined ? [properties[name]!] : [],
          ),
        ),
      );
    }
    const minItems = typeof schema.minItems === "number" ? schema.minItems : 0;
    if (minItems > 0) {
      const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems.slice(0, minItems) : [];
      const rest = minItems > prefix.length && schema.items !== undefined ? [schema.items] : [];
      cost = Math.max(cost, all([...prefix, ...rest]));
    }
    return cost;
  }

  private none(reason: string): null {
    this.diagnostics.push(reason);
    return null;
  }
}

/**
 * `arb.filter(...)` that gives up: fast-check's own filter retries forever, which would hang a spec
 * on a schema whose generator rarely satisfies it. This throws with the node and ajv's reason.
 */
class BoundedFilter<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly arb: fc.Arbitrary<T>,
    private readonly validate: ValidateFunction,
    private readonly where: string,
  ) {
    super();
  }

  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    let last: unknown;
    for (let attempt = 0; attempt < FILTER_ATTEMPTS; attempt++) {
      const value = this.arb.generate(mrng, biasFactor);
      if (this.validate(value.value)) return value;
      last = value.value;
    }
    this.validate(last);
    throw new Error(
      `arbitraryFromJsonSchema: gave up after ${FILTER_ATTEMPTS} invalid values at ${this.where}; last ${JSON.stringify(last)?.slice(0, 120)}: ${ajv.errorsText(this.validate.errors)}`,
    );
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.arb.canShrinkWithoutContext(value) && this.validate(value);
  }

  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.arb.shrink(value, context).filter((candidate) => this.validate(candidate.value));
  }
}

// -----------------------------------------------------------------------------------------------
// Helpers

function isObject(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A schema with no assertion keyword: it accepts everything. */
function isTrivial(schema: Schema): boolean {
  return Object.keys(schema).every((keyword) => ANNOTATIONS.has(keyword));
}

/** `base` (an absolute ref ending in a fragment) extended by JSON-pointer segments, URI-encoded. */
function child(base: string, ...segments: Array<string | number>): string {
  return (
    base +
    segments
      .map((segment) => `/${encodeURIComponent(String(segment).replace(/~/g, "~0").replace(/\//g, "~1"))}`)
      .join("")
  );
}

function describe(refs: readonly string[]): string {
  return refs
    .map((ref) => (ref === STRING_PART.ref ? "{type:string}" : decodeURIComponent(ref.slice(ref.indexOf("#")))))
    .join(" & ");
}

function findAnchor(node: JsonValue, anchor: string, ref: string): Part | undefined {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) {
      const found = findAnchor(item, anchor, child(ref, i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(node)) return undefined;
  if (node.$anchor === anchor) return { schema: node, ref };
  for (const [key, value] of Object.entries(node)) {
    if (key === "const" || key === "enum" || key === "default" || key === "examples") continue;
    const found = findAnchor(value, anchor, child(ref, key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The types to generate: the intersection of every `type`, else those the keywords imply. */
function typesOf(parts: readonly ObjectPart[]): Set<string> | undefined {
  let allowed: Set<string> | undefined;
  for (const { schema } of parts) {
    if (schema.type === undefined) continue;
    const listed = new Set(
      (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t): t is string => typeof t === "string"),
    );
    if (listed.has("number")) listed.add("integer");
    allowed = allowed === undefined ? listed : new Set([...allowed].filter((t) => listed.has(t)));
  }
  if (allowed === undefined) {
    const hinted = new Set<string>();
    for (const { schema } of parts)
      for (const [type, keywords] of TYPE_HINTS) if (keywords.some((k) => k in schema)) hinted.add(type);
    if (hinted.size === 0) return undefined;
    allowed = hinted;
  }
  // "number" already yields integers; keep "integer" only on its own.
  if (allowed.has("number")) allowed.delete("integer");
  return new Set(ALL_TYPES.concat("integer").filter((t) => allowed.has(t)));
}

function intersect(values: JsonValue[] | undefined, next: readonly JsonValue[]): JsonValue[] {
  if (values === undefined) return [...next];
  const keys = new Set(next.map(canonical));
  return values.filter((value) => keys.has(canonical(value)));
}

/** JSON with sorted keys: equal for values ajv's deep equality (enum, const, uniqueItems) equates. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

function noNegativeZero(value: number): number {
  return Object.is(value, -0) ? 0 : value;
}

/** Any JSON value, small; through JSON so there is no -0 and every object is plain. */
function anyJson(minimal: boolean): fc.Arbitrary<unknown> {
  return fc
    .jsonValue({ maxDepth: minimal ? 0 : 2, depthSize: "small" })
    .map((value) => JSON.parse(JSON.stringify(value)) as unknown);
}

/** Strings of `min..max` code points (ajv's length unit), mostly printable ASCII, some full Unicode. */
function plainString(min: number, max: number): fc.Arbitrary<string> {
  const constraints = { minLength: min, maxLength: Math.min(max, min + EXTRA_CHARS) };
  return fc.oneof(
    { arbitrary: fc.string(constraints), weight: 3 },
    { arbitrary: fc.string({ ...constraints, unit: "binary" }), weight: 1 },
  );
}

/**
 * A pattern that is one repeated atom, `^[a-z]+$`, `^\\d{3,}$`, as a string of that atom whose length
 * honours both the quantifier and min/maxLength: inverting the regex alone mostly misses the bounds.
 */
function repeatedAtom(pattern: string, min: number, max: number): fc.Arbitrary<string> | undefined {
  const match = /^\^(\[(?:\\.|[^\]\\])*\]|\\[dwsDWS]|\.|[^\\[\](){}*+?|^$.])(\*|\+|\?|\{(\d+)(?:(,)(\d*))?\})\$$/.exec(
    pattern,
  );
  if (match === null) return undefined;
  const [, atom, quantifier, from, comma, to] = match;
  let low = quantifier === "+" ? 1 : 0;
  let high = quantifier === "?" ? 1 : Infinity;
  if (from !== undefined) {
    low = Number(from);
    high = comma === undefined ? low : to === "" || to === undefined ? Infinity : Number(to);
  }
  low = Math.max(low, min);
  high = Math.min(high, max, low + EXTRA_CHARS);
  if (low > high) return undefined;
  try {
    return fc.string({ unit: fc.stringMatching(new RegExp(`^${atom}$`, "u")), minLength: low, maxLength: high });
  } catch {
    return undefined;
  }
}

/**
 * For an integer `multipleOf` a fraction: the least integer multiple of `step` ajv accepts (0.5 → 1),
 * so integer steps need no filtering; `step` itself when there is none nearby (left to the filter).
 */
function integerStep(step: number): number {
  if (Number.isInteger(step)) return step;
  for (let n = 1; n <= 1000; n++) {
    const candidate = Math.round(n * step);
    if (candidate === 0 || Math.abs(candidate - n * step) > 1e-9 * Math.max(1, candidate)) continue;
    const q = candidate / step;
    if (q === parseInt(String(q), 10)) return candidate;
  }
  return step;
}

/** `k * step` for integers k in range, written so that ajv's `x / step` is an integer when possible. */
function multiplesOf(
  step: number,
  lo: number,
  loExcluded: boolean,
  hi: number,
  hiExcluded: boolean,
  integer: boolean,
): fc.Arbitrary<number> | null {
  const reach = Math.floor(Math.min(Number.MAX_SAFE_INTEGER, (integer ? Number.MAX_SAFE_INTEGER : 1e15) / step));
  let first = Number.isFinite(lo) ? Math.ceil(lo / step) : -reach;
  let last = Number.isFinite(hi) ? Math.floor(hi / step) : reach;
  first = Math.max(first, -reach);
  last = Math.min(last, reach);
  while (first <= last && (first * step < lo || (loExcluded && first * step <= lo))) first++;
  while (first <= last && (last * step > hi || (hiExcluded && last * step >= hi))) last--;
  if (first > last) return null;
  return fc.integer({ min: first, max: last }).map((k) => {
    for (const x of [
      k * step,
      k / (1 / step),
      Number((k * step).toPrecision(15)),
      Number((k * step).toPrecision(12)),
    ]) {
      const q = x / step;
      if (q === parseInt(String(q), 10)) return noNegativeZero(x);
    }
    return noNegativeZero(k * step);
  });
}

// -----------------------------------------------------------------------------------------------
// Formats: generators for what ajv-formats validates, and for the formats zod names whose pattern
// fast-check cannot invert. Each is still filtered on the node, so a loose guess costs nothing.

interface DateBounds {
  formatMinimum?: string;
  formatExclusiveMinimum?: string;
  formatMaximum?: string;
  formatExclusiveMaximum?: string;
}

const FIRST_INSTANT = Date.parse("0001-01-02T00:00:00.000Z"); // a day inside 4-digit years, for offsets
const LAST_INSTANT = Date.parse("9999-12-30T23:59:59.999Z");
/** Most dates are recent-ish, as an action would see them (and as patterns like "^20" expect). */
const FIRST_USUAL = Date.parse("1970-01-01T00:00:00.000Z");
const LAST_USUAL = Date.parse("2100-01-01T00:00:00.000Z");

function instants(bounds: DateBounds, unit: number): fc.Arbitrary<Date> | null {
  let min = FIRST_INSTANT;
  let max = LAST_INSTANT;
  // An unparsable bound is left to the node's filter.
  const at = (text: string | undefined, shift: number) => {
    const time = text === undefined ? NaN : Date.parse(text);
    return Number.isNaN(time) ? undefined : time + shift;
  };
  for (const lo of [at(bounds.formatMinimum, 0), at(bounds.formatExclusiveMinimum, unit)])
    if (lo !== undefined) min = Math.max(min, lo);
  for (const hi of [at(bounds.formatMaximum, 0), at(bounds.formatExclusiveMaximum, -unit)])
    if (hi !== undefined) max = Math.min(max, hi);
  if (min > max) return null;
  const any = fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true });
  const usualMin = Math.max(min, FIRST_USUAL);
  const usualMax = Math.min(max, LAST_USUAL);
  if (usualMin > usualMax) return any;
  return fc.oneof(
    { arbitrary: fc.date({ min: new Date(usualMin), max: new Date(usualMax), noInvalidDate: true }), weight: 3 },
    { arbitrary: any, weight: 1 },
  );
}

const offsets = fc.constantFrom(0, 0, 60, -300, 330, 840, -720);

/** The instant `date` written in local time at `offset` minutes from UTC (the same instant). */
function dateTimeAt(date: Date, offset: number, millis: boolean): string {
  const local = new Date(date.getTime() + offset * 60_000).toISOString();
  const base = millis ? local.slice(0, 23) : local.slice(0, 19);
  if (offset === 0) return `${base}Z`;
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${base}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

const base64url = (text: string) => Buffer.from(text).toString("base64url");

/** Emails as most libraries' patterns accept them (RFC 5322's `!#$%` local parts fail many). */
const plainEmail = fc.stringMatching(
  /^[a-z][a-z0-9]{0,7}(\.[a-z0-9]{1,5})?@[a-z][a-z0-9]{0,7}(-[a-z0-9]{1,4})?\.[a-z]{2,4}$/,
);

const FALLBACK_FORMATS = [
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "uuid",
  "uri",
  "hostname",
  "ipv4",
  "ipv6",
  "base64",
  "emoji",
];

function builtinFormat(format: string, bounds: DateBounds, size?: "xsmall"): fc.Arbitrary<string> | undefined {
  if (size !== undefined) {
    // Only the generators whose size is adjustable.
    if (format === "email" || format === "idn-email") return fc.emailAddress({ size });
    if (format === "uri" || format === "iri" || format === "url" || format === "uri-reference")
      return fc.webUrl({ size });
    if (format === "hostname" || format === "idn-hostname") return fc.domain({ size });
    return undefined;
  }
  switch (format) {
    case "date-time":
    case "iso-date-time": {
      const dates = instants(bounds, 1);
      if (dates === null) return undefined;
      // Bounded instants stay exact to the millisecond; unbounded ones also vary offset/precision.
      const bounded = Object.keys(bounds).length > 0;
      return bounded
        ? dates.map((d) => d.toISOString())
        : fc.tuple(dates, offsets, fc.boolean()).map(([d, offset, millis]) => dateTimeAt(d, offset, millis));
    }
    case "date": {
      const days = instants(
        Object.fromEntries(Object.entries(bounds).map(([k, v]) => [k, `${v}T00:00:00.000Z`])) as DateBounds,
        86_400_000,
      );
      return days?.map((d) => d.toISOString().slice(0, 10));
    }
    case "time":
    case "iso-time":
      return fc
        .tuple(
          fc.integer({ min: 0, max: 23 }),
          fc.integer({ min: 0, max: 59 }),
          fc.integer({ min: 0, max: 59 }),
          fc.option(fc.integer({ min: 0, max: 999 })),
          offsets,
        )
        .map(([h, m, s, ms, offset]) => {
          const zone =
            offset === 0
              ? "Z"
              : `${offset < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
          return `${pad(h)}:${pad(m)}:${pad(s)}${ms === null ? "" : `.${pad(ms, 3)}`}${zone}`;
        });
    case "duration": {
      const part = (unit: string) =>
        fc.option(
          fc.nat(99).map((n) => `${n}${unit}`),
          { nil: "" },
        );
      const time = fc.tuple(part("H"), part("M"), part("S")).map((t) => (t.join("") === "" ? "" : `T${t.join("")}`));
      const dated = fc
        .tuple(part("Y"), part("M"), part("D"), time)
        .map((t) => t.join(""))
        .filter((body) => body !== "");
      return fc.oneof(
        dated.map((body) => `P${body}`),
        fc.nat(52).map((n) => `P${n}W`),
      );
    }
    case "email":
    case "idn-email":
      return fc.emailAddress();
    case "uuid":
      return fc.uuid();
    case "uri":
    case "iri":
      return fc.webUrl({ withQueryParameters: true, withFragments: true });
    case "url":
      return fc.webUrl();
    case "uri-reference":
    case "iri-reference":
      return fc.oneof(
        fc.webUrl({ withFragments: true }),
        fc.array(fc.stringMatching(/^[a-z0-9_.-]+$/), { minLength: 1, maxLength: 3 }).map((s) => `/${s.join("/")}`),
      );
    case "uri-template":
      return fc.webUrl();
    case "hostname":
    case "idn-hostname":
      return fc.domain();
    case "ipv4":
      return fc.ipV4();
    case "ipv6":
      return fc.ipV6();
    case "byte":
    case "base64":
      return fc.base64String();
    case "base64url":
      return fc.base64String().map((s) => s.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
    case "json-pointer":
      return fc
        .array(fc.string({ maxLength: 5 }), { maxLength: 3 })
        .map((segments) => segments.map((s) => `/${s.replace(/~/g, "~0").replace(/\//g, "~1")}`).join(""));
    case "relative-json-pointer":
      return fc
        .tuple(fc.nat(9), fc.array(fc.stringMatching(/^[a-z]+$/), { maxLength: 2 }))
        .map(([up, segments]) => `${up}${segments.map((s) => `/${s}`).join("")}`);
    case "regex":
      return fc.constantFrom("^[a-z]+$", "\\d{2,4}", "a|b", ".*");
    case "emoji":
      return fc
        .array(fc.constantFrom("😀", "🎉", "👍", "🚀", "🔥", "✨", "🦄"), { minLength: 1, maxLength: 3 })
        .map((list) => list.join(""));
    case "jwt":
      return fc
        .tuple(
          fc.constantFrom("HS256", "RS256"),
          fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.oneof(fc.string({ maxLength: 8 }), fc.nat()), {
            maxKeys: 3,
          }),
          fc.base64String({ minLength: 4, maxLength: 40 }),
        )
        .map(
          ([alg, payload, signature]) =>
            `${base64url(JSON.stringify({ alg, typ: "JWT" }))}.${base64url(JSON.stringify(payload))}.${signature.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`,
        );
    default:
      return undefined;
  }
}
