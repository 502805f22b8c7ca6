/**
 * Compiling a checked declaration into what the runtime runs: the ancestors (`extends`) folded in
 * — messages overridden child-last, hooks parent-first, callbacks child-first — and the name sets
 * a call checks against, computed once per action instead of once per call.
 */
import { internalsOf } from "../action/internals.js";
import type { Fields } from "../action/fields.js";
import type { Callbacks, Hooks } from "../action/types.js";
import type { CompiledAction } from "./compiled.js";
import type { AnyDefinition, Declaration } from "./declaration.js";
import { compose, DEFAULT_SUCCESS, errorMatcher, type CompiledMessages } from "./messages.js";
import { argsCheck, argsReader, completeLiteral, copyOnto, exposedReader, literalBuilder } from "./plan.js";
import { inputPreparer } from "./prepare.js";
import { UNVALIDATED } from "../schema/schema-kind.js";
import { resolutionOrder } from "./normalize.js";
import { ambientSourcedFields, skipsMissing } from "./validate.js";
import { kernel } from "../kernel/state.js";
import { fieldBatch } from "../schema/read-schema.js";
import { accessPolicyProblem, freezeAccessPolicy, type AccessPolicy } from "../action/access.js";

function list<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

/** The definition chain, root ancestor first. */
function lineage(definition: AnyDefinition): AnyDefinition[] {
  const chain: AnyDefinition[] = [];
  let current: AnyDefinition | undefined = definition;
  while (current !== undefined) {
    chain.unshift(current);
    current = current.extends === undefined ? undefined : kernel.catalog.definitions.get(internalsOf(current.extends));
  }
  return chain;
}

function compileMessages(chain: readonly AnyDefinition[]): CompiledMessages {
  let success: CompiledMessages["success"];
  let error: CompiledMessages["error"];
  let join: CompiledMessages["join"] = ": ";
  const errors: CompiledMessages["errors"][number][] = [];
  const successes: CompiledMessages["successes"][number][] = [];
  for (const def of chain) {
    const m = def.messages;
    if (m === undefined) continue;
    if (m.success !== undefined) success = m.success as CompiledMessages["success"];
    if (m.error !== undefined) error = m.error;
    if (m.join !== undefined) join = m.join;
    errors.push(...(m.errors ?? []));
    successes.push(...((m.successes ?? []) as CompiledMessages["successes"]));
  }
  return { success, error, join, errors, successes };
}

function hooksOf(chain: readonly AnyDefinition[], kind: keyof Hooks<never>): never[] {
  return chain.flatMap((def) => list(def.hooks?.[kind] as never)) as never[];
}

/** Callbacks run last-defined first: the child's (reversed) before the parent's. */
function callbacksOf(
  chain: readonly AnyDefinition[],
  kind: "onSuccess" | "onFailure" | "onException" | "onError",
): never[] {
  return [...chain].reverse().flatMap((def) => list(def[kind] as Callbacks<Fields> | undefined).reverse()) as never[];
}

function failsOnOf(name: string, chain: readonly AnyDefinition[]): CompiledAction["failsOn"] {
  return chain
    .flatMap((d) => d.failsOn ?? [])
    .map((when) => {
      if (typeof when !== "function")
        throw new TypeError(`defineAxn(${name}): failsOn entries must be error classes or predicates`);
      return errorMatcher(when);
    });
}

/** The nearest declared `access` in the chain (the action's own, else its closest ancestor's), checked and frozen. */
export function accessOf({ name, def }: Declaration): AccessPolicy | undefined {
  const declared = lineage(def).findLast((d) => d.access !== undefined)?.access;
  if (declared === undefined) return undefined;
  const problem = accessPolicyProblem(declared);
  if (problem !== undefined) throw new TypeError(`defineAxn(${name}): access: ${problem}`);
  return freezeAccessPolicy(declared);
}

/** The success message every call would compose alike, if it cannot vary (see `CompiledAction.staticSuccess`). */
function staticSuccessOf(messages: CompiledMessages): string | undefined {
  if (messages.successes.length > 0 || typeof messages.success === "function") return undefined;
  return compose(messages.success as string | undefined, undefined, messages.join, DEFAULT_SUCCESS);
}

/** Compiles a declaration; `self` is set once the action value exists. */
export function compileAction({ name, def, expects, exposes }: Declaration): CompiledAction {
  const chain = lineage(def);
  const ordered = resolutionOrder(expects);
  const messages = compileMessages(chain);
  const indexOf = new Map(ordered.map((field, i) => [field.name, i]));
  const batched = ordered.length > 0 && !ordered.some((field) => field.kind === "subfield");
  return {
    name,
    expects: ordered,
    parentIndex: ordered.map((field) => (field.kind === "subfield" ? indexOf.get(field.parentPath![0]!) : undefined)),
    inputBatch: batched ? fieldBatch(ordered.map((field) => field.reader)) : undefined,
    checksInput: ordered.some((field) => field.validate !== undefined),
    outputBatch: exposes.length === 0 ? undefined : fieldBatch(exposes.map((field) => field.reader)),
    checksOutput: exposes.some((field) => field.validate !== undefined),
    preparesOutput: exposes.some((field) => field.default !== undefined || skipsMissing(field)),
    prepareInput: batched ? inputPreparer(ordered) : undefined,
    completeInput: completeLiteral(
      ordered.map((field) => field.name),
      UNVALIDATED,
    ),
    completeExposed: completeLiteral(
      exposes.map((field) => field.name),
      UNVALIDATED,
    ),
    checkArgs: argsCheck(
      ordered.flatMap((field, index) => (field.kind === "arg" ? [{ index, path: field.path }] : [])),
      UNVALIDATED,
    ),
    readArgs: argsReader(ordered.map((field) => (field.kind === "arg" ? field.name : undefined))),
    buildInput: literalBuilder(ordered.map((field) => field.name)),
    buildExposed: literalBuilder(exposes.map((field) => field.name)),
    copyExposed: copyOnto(exposes.map((field) => field.name)),
    staticSuccess: staticSuccessOf(messages),
    argNames: new Set(expects.filter((f) => f.kind === "arg").map((f) => f.name)),
    ambientNames: expects.filter((f) => f.kind === "ambient").map((f) => f.name),
    ambientSourced: ambientSourcedFields(expects),
    exposes,
    exposeNames: new Set(exposes.map((f) => f.name)),
    readExposed: exposedReader(exposes.map((f) => f.name)),
    exposeIndex: new Map(exposes.map((f, i) => [f.name, i])),
    sensitiveExposes: new Set(exposes.filter((f) => f.sensitive).map((f) => f.name)),
    coerceInputTypes: def.coerceInputTypes,
    messages,
    failsOn: failsOnOf(name, chain),
    before: hooksOf(chain, "before"),
    after: hooksOf(chain, "after").reverse(),
    around: hooksOf(chain, "around"),
    onSuccess: callbacksOf(chain, "onSuccess"),
    onFailure: callbacksOf(chain, "onFailure"),
    onException: callbacksOf(chain, "onException"),
    onError: callbacksOf(chain, "onError"),
    body: def.call as CompiledAction["body"],
    self: undefined,
  };
}
