/**
 * Object builders compiled once per action: the body's input, the validated exposes, and the
 * exposes copied onto the `Result`. Filling an object key by key from a field list (`o[name] = v`)
 * is a megamorphic keyed store in V8, a lookup per key; an object literal with the same keys, or a
 * store to a constant key, is one inline-cached store. A call builds three such objects: a cost
 * per field that a hand-written function never pays (bench: row 1, direct call).
 *
 * The builders are generated source (`new Function`, as zod compiles its object parsers), from
 * field names quoted with `JSON.stringify`, and only when every name is safe in a literal
 * (`__proto__` is not: it would set the prototype — `defineAxn` refuses that name, this check only
 * keeps a builder from being the place the rule is lost). Where code generation is refused (a process run
 * with `--disallow-code-generation-from-strings`) or a name is unsafe, the generic key-by-key
 * builders run instead; both give objects with the same own keys in the same order.
 */

/** Builds `{ [names[i]]: values[i] }` for every i, given that no value is `undefined`. */
export type LiteralBuilder = (values: readonly unknown[]) => Record<string, unknown>;
/** Writes `args`' own values of the arg fields into `into`, at each field's index (others left alone). */
export type ArgsReader = (args: object, into: unknown[]) => void;
/** Copies `source`'s own values of the plan's names onto `target` (absent or `undefined` ones skipped). */
export type CopyOnto = (target: object, source: Record<string, unknown>) => void;

function generic(names: readonly string[]): LiteralBuilder {
  return (values) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) out[names[i]!] = values[i];
    return out;
  };
}

function genericCopy(names: readonly string[]): CopyOnto {
  return (target, source) => {
    for (const name of names) {
      const value = source[name];
      if (value !== undefined) (target as Record<string, unknown>)[name] = value;
    }
  };
}

/** Whether every name is safe as a key in generated source (see above). */
export function safeNames(names: readonly string[]): boolean {
  return names.every((name) => name !== "__proto__");
}

/** `new Function(...params, body)`, or `fallback()` where code generation is refused. */
export function generate<T>(params: string[], body: string, fallback: () => T): T {
  try {
    return new Function(...params, body) as T;
  } catch {
    return fallback();
  }
}

/** A literal builder for `names`, in that key order. */
export function literalBuilder(names: readonly string[]): LiteralBuilder {
  if (!safeNames(names)) return generic(names);
  const entries = names.map((name, i) => `${JSON.stringify(name)}: values[${i}]`);
  return generate(["values"], `"use strict"; return { ${entries.join(", ")} };`, () => generic(names));
}

/**
 * Builds `{ [names[i]]: values[i] }` when every value is there — none `undefined` nor `skip` (a
 * field left out) — else answers `undefined` and leaves `values` as they were: one pass for a
 * side's common case, the checks and the literal together.
 */
export type CompleteLiteral = (values: readonly unknown[]) => Record<string, unknown> | undefined;

function genericComplete(names: readonly string[], skip: unknown): CompleteLiteral {
  const build = generic(names);
  return (values) => {
    for (let i = 0; i < names.length; i++) if (values[i] === undefined || values[i] === skip) return undefined;
    return build(values);
  };
}

/** A `CompleteLiteral` for `names`, in that key order; `skip` marks a value left out. */
export function completeLiteral(names: readonly string[], skip: unknown): CompleteLiteral {
  if (!safeNames(names)) return genericComplete(names, skip);
  const reads = names.map(
    (_, i) => `const v${i} = values[${i}]; if (v${i} === undefined || v${i} === skip) return undefined;`,
  );
  const entries = names.map((name, i) => `${JSON.stringify(name)}: v${i}`);
  const make = generate<((skip: unknown) => CompleteLiteral) | undefined>(
    ["skip"],
    `"use strict"; return function completeLiteral(values) { ${reads.join(" ")} return { ${entries.join(", ")} }; };`,
    () => undefined,
  );
  return make === undefined ? genericComplete(names, skip) : make(skip);
}

/** Constant-key stores of `names` from `source` onto `target`, in that order. */
export function copyOnto(names: readonly string[]): CopyOnto {
  if (!safeNames(names)) return genericCopy(names);
  const lines = names.map((name) => {
    const key = JSON.stringify(name);
    return `v = source[${key}]; if (v !== undefined) target[${key}] = v;`;
  });
  return generate(["target", "source"], `"use strict"; let v; ${lines.join(" ")}`, () => genericCopy(names));
}

function genericArgs(names: readonly (string | undefined)[]): ArgsReader {
  return (args, into) => {
    for (let i = 0; i < names.length; i++) {
      const name = names[i];
      if (name !== undefined && Object.hasOwn(args, name)) into[i] = (args as Record<string, unknown>)[name];
    }
  };
}

/**
 * An arguments reader: `names[i]` is the argument read into `into[i]` (`undefined` for a field that
 * is not an argument). Only own properties count, as `Object.hasOwn` decides.
 */
export function argsReader(names: readonly (string | undefined)[]): ArgsReader {
  const given = names.filter((name): name is string => name !== undefined);
  if (!safeNames(given)) return genericArgs(names);
  const lines = names.flatMap((name, i) => {
    if (name === undefined) return [];
    const key = JSON.stringify(name);
    return [`if (hasOwn(args, ${key})) into[${i}] = args[${key}];`];
  });
  return generate(["args", "into"], `"use strict"; const hasOwn = Object.hasOwn; ${lines.join(" ")}`, () =>
    genericArgs(names),
  );
}

/**
 * Reads a returned object's exposes into a bag by index, walking its own enumerable keys as the
 * generic merge does (`Object.keys`' keys, in its order), but with one `for…in` whose own-property
 * check V8 answers from its enumeration cache (no keys array), each key matched against the
 * declared names as constants and read with a constant key. Returns false at the first undeclared
 * key: the generic merge then runs and names it. Only for actions with few exposes (the match is
 * linear in them).
 */
export type ExposedReader = (source: object, bag: unknown[]) => boolean;

const MAX_CHAIN = 16;

export function exposedReader(names: readonly string[]): ExposedReader | undefined {
  if (names.length === 0 || names.length > MAX_CHAIN || !safeNames(names)) return undefined;
  const cases = names
    .map((name, i) => `case ${JSON.stringify(name)}: bag[${i}] = source[${JSON.stringify(name)}]; break;`)
    .join(" ");
  const make = generate<((ownKey: unknown) => ExposedReader) | undefined>(
    ["ownKey"],
    `"use strict"; return function exposedReader(source, bag) { for (const key in source) { if (!ownKey.call(source, key)) continue; switch (key) { ${cases} default: return false; } } return true; };`,
    () => undefined,
  );
  return make?.(Object.prototype.hasOwnProperty);
}

/**
 * Asks `check` about each argument's validated value in `values` (the ones at `args`' indexes, not
 * `skip`): true when it finds nothing. The Invoker's wire check on a call's common case — every
 * index and path a constant, where a loop over the fields loads both from each field's record.
 */
export type ArgsCheck = (values: readonly unknown[], check: (value: unknown, path: string) => unknown) => boolean;

function genericArgsCheck(
  args: readonly { readonly index: number; readonly path: string }[],
  skip: unknown,
): ArgsCheck {
  return (values, check) => {
    for (const { index, path } of args) {
      const value = values[index];
      if (value !== skip && check(value, path) !== undefined) return false;
    }
    return true;
  };
}

/** An `ArgsCheck` over the arguments at `args`' indexes, `skip` marking a value left out. */
export function argsCheck(
  args: readonly { readonly index: number; readonly path: string }[],
  skip: unknown,
): ArgsCheck {
  const lines = args.map(
    ({ index, path }) =>
      `v = values[${index}]; if (v !== skip && check(v, ${JSON.stringify(path)}) !== undefined) return false;`,
  );
  const make = generate<((skip: unknown) => ArgsCheck) | undefined>(
    ["skip"],
    `"use strict"; return function argsCheck(values, check) { let v; ${lines.join(" ")} return true; };`,
    () => undefined,
  );
  return make === undefined ? genericArgsCheck(args, skip) : make(skip);
}
