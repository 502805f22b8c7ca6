/**
 * `defineAxn`: turns a definition into an action value. Checks the declaration (a mistake is a
 * `TypeError` naming the action and field), compiles what the runtime needs once, and adds the
 * action to the catalog the tool registry enumerates.
 *
 * @example
 * ```ts
 * export const ListCompanies = defineAxn({
 *   name: "AgentTools.Users.ListCompanies",
 *   description: "List the companies the current user can see",
 *   expects: {
 *     limit: { schema: z.number().int().min(1).max(100), default: 25 },
 *     userId: { schema: z.string(), on: "ambientContext" },
 *   },
 *   exposes: { companies: z.array(z.object({ id: z.string(), name: z.string() })) },
 *   tool: true,
 *   semanticHints: ["readOnly"],
 *   call: async ({ limit, userId }) => ({ companies: await store.companiesFor(userId, limit) }),
 * });
 * ```
 */
import type { Fields } from "../fields.js";
import { AXN_INTERNALS, handleFor, internalsOf, isAction, type ActionInternals } from "../internals.js";
import type { CallPolicy } from "../call-policy.js";
import type { AnyAxn, Axn, AxnDefinition, CallOptions, Callbacks, Hooks } from "../types.js";
import {
  checkDefinitionKeys,
  checkMessages,
  normalizeFields,
  normalizeTool,
  normalizeToolVersion,
  refuseReservedInputNames,
  resolutionOrder,
} from "./normalize.js";
import type { CompiledAction } from "./compiled.js";
import { execute } from "./execute.js";
import { enqueueCall } from "./enqueue.js";
import type { EnqueueOptions } from "../job.js";
import { ambientSourcedFields } from "./validate.js";
import { throwUnlessOk } from "./settle.js";
import { errorMatcher, type CompiledMessages } from "./messages.js";
import { addToCatalog } from "./catalog.js";
import { buildInputSchema, buildOutputSchema } from "../../schema/json-schema.js";
import type { JsonSchema } from "../../schema/json-schema-types.js";
import { assertKnownHints, extensionsFrozen } from "../../extensions/registry.js";
import { deriveToolName, DEFAULT_TOOL_PREFIXES, splitSegments, versionSegment } from "../../tools/naming.js";
import { moduleOriginOf, outermostSyncFile } from "../../tools/origins.js";
import { kernel } from "../../kernel/state.js";
import { axnConfig } from "../../config/global.js";

/** Reflected schemas are shared by every adapter wrapping the action, so none may mutate them. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function list<T>(value: T | readonly T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? [...(value as readonly T[])] : [value as T];
}

type AnyDefinition = AxnDefinition<Fields, Fields>;

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
function callbacksOf(chain: readonly AnyDefinition[], kind: "onSuccess" | "onFailure" | "onException" | "onError"): never[] {
  return [...chain].reverse().flatMap((def) => list(def[kind] as Callbacks<Fields> | undefined).reverse()) as never[];
}

function build<E extends Fields, X extends Fields>(definition: AxnDefinition<E, X>, factory: boolean): Axn<E, X> {
  if (typeof definition !== "object" || definition === null) throw new TypeError("defineAxn: expected a definition object");
  const name = definition.name;
  if (typeof name !== "string" || name.trim() === "") throw new TypeError("defineAxn: `name` must be a non-empty string");
  const def = definition as unknown as AnyDefinition;
  checkDefinitionKeys(name, def);
  if (typeof def.call !== "function") throw new TypeError(`defineAxn(${name}): \`call\` must be a function`);
  if (def.extends !== undefined && !isAction(def.extends)) {
    throw new TypeError(`defineAxn(${name}): \`extends\` must be an action`);
  }
  if (def.description !== undefined && typeof def.description !== "string") {
    throw new TypeError(`defineAxn(${name}): \`description\` must be a string`);
  }
  checkMessages(name, def.messages);
  refuseReservedInputNames(name, def.expects);
  const expects = normalizeFields(name, def.expects, "expects");
  const exposes = normalizeFields(name, def.exposes, "exposes");
  const { tool, overrides } = normalizeTool(name, def);
  const toolVersion = normalizeToolVersion(name, def.toolVersion);
  const suffix = splitSegments(name).length >= 2 ? versionSegment(name) : undefined;
  // The name is visible now, so the version guardrails fail here as well as at enumeration: a
  // declared version that disagrees with a V<n> suffix, and a declared tool member with a V<n>
  // suffix but no toolVersion of its own (a member only through a directory grant, or only by its
  // v<n>.ts module path, is still caught at enumeration).
  if (suffix !== undefined && def.toolVersion !== undefined && suffix !== toolVersion) {
    throw new TypeError(`defineAxn(${name}): the name ends in a V${suffix} segment but toolVersion is ${toolVersion}; make them agree`);
  }
  if (suffix !== undefined && def.toolVersion === undefined && !factory && !tool.optOut && (tool.all || tool.keys.size > 0)) {
    const inherited = def.extends === undefined ? "" : " (toolVersion is never inherited through extends)";
    throw new TypeError(`defineAxn(${name}): the name ends in a V${suffix} segment but does not declare toolVersion; add toolVersion: ${suffix}${inherited}`);
  }
  const hints = [...(def.semanticHints ?? [])] as string[];
  if (hints.some((h) => typeof h !== "string")) throw new TypeError(`defineAxn(${name}): semanticHints must be strings`);
  if (extensionsFrozen()) assertKnownHints(name, hints);
  const prefixes = def.toolPrefixes ?? DEFAULT_TOOL_PREFIXES;

  const chain = lineage(def);
  const compiled: CompiledAction = {
    name,
    expects: resolutionOrder(expects),
    argNames: new Set(expects.filter((f) => f.kind === "arg").map((f) => f.name)),
    ambientNames: expects.filter((f) => f.kind === "ambient").map((f) => f.name),
    ambientSourced: ambientSourcedFields(expects),
    exposes,
    exposeNames: new Set(exposes.map((f) => f.name)),
    sensitiveExposes: new Set(exposes.filter((f) => f.sensitive).map((f) => f.name)),
    coerceInputTypes: def.coerceInputTypes,
    messages: compileMessages(chain),
    failsOn: chain.flatMap((d) => d.failsOn ?? []).map((when) => {
      if (typeof when !== "function") throw new TypeError(`defineAxn(${name}): failsOn entries must be error classes or predicates`);
      return errorMatcher(when);
    }),
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

  const internals: ActionInternals = Object.freeze({
    id: kernel.catalog.nextId++,
    name,
    expects,
    exposes,
    tool,
    overrides,
    toolVersion,
    toolVersionDeclared: def.toolVersion !== undefined,
    toolPrefixes: prefixes,
    semanticHints: Object.freeze(hints),
    parent: def.extends,
    factory,
    coerceInputTypes: def.coerceInputTypes,
    definingFile: factory ? undefined : outermostSyncFile(),
    execute: (args: unknown, options: CallOptions | undefined, policy: CallPolicy | undefined) =>
      execute(compiled, args, options, policy),
  });
  kernel.catalog.definitions.set(internals, def);

  let inputSchema: JsonSchema | undefined;
  let outputSchema: JsonSchema | undefined | null = null;
  const action = {
    name,
    description: def.description,
    call: (args: unknown, options?: Parameters<AnyAxn["call"]>[1]) => execute(compiled, args, options, undefined),
    callOrThrow: async (args: unknown, options?: Parameters<AnyAxn["call"]>[1]) =>
      throwUnlessOk(await execute(compiled, args, options, undefined)),
    enqueue: (args: unknown, options?: EnqueueOptions) => enqueueCall(frozen as unknown as AnyAxn, args, options),
    toolName(key?: string): string {
      if (key !== undefined && tool.adapterNames[key] !== undefined) return deriveToolName(tool.adapterNames[key], { prefixes: [], version: undefined });
      if (tool.name !== undefined) return deriveToolName(tool.name, { prefixes: [], version: undefined });
      const origin = moduleOriginOf(internals)?.qualifiedName;
      return deriveToolName(origin ?? name, { prefixes, version: def.toolVersion });
    },
    toolVersion,
    get inputSchema(): JsonSchema {
      return (inputSchema ??= deepFreeze(buildInputSchema(expects, (message) => axnConfig().logger.warn(`axn: ${name}: ${message}`))));
    },
    get outputSchema(): JsonSchema | undefined {
      if (outputSchema === null) {
        const built = buildOutputSchema(exposes);
        outputSchema = built === undefined ? undefined : deepFreeze(built);
      }
      return outputSchema ?? undefined;
    },
    semanticHints: internals.semanticHints,
    [AXN_INTERNALS]: handleFor(internals),
  };
  Object.defineProperty(action, Symbol.toStringTag, { value: `Axn ${name}` });
  const frozen = Object.freeze(action) as unknown as Axn<E, X>;
  compiled.self = frozen as unknown as AnyAxn;
  if (!factory) addToCatalog(frozen as unknown as AnyAxn);
  return frozen;
}

/** Defines an action. See the module header for an example. */
export function defineAxn<E extends Fields = {}, X extends Fields = {}>(definition: AxnDefinition<E, X>): Axn<E, X> {
  return build(definition, false);
}

/** Internal: `Factory.build` shares the builder but keeps its actions out of the catalog. */
export function buildFactoryAction<E extends Fields, X extends Fields>(definition: AxnDefinition<E, X>): Axn<E, X> {
  return build(definition, true);
}
