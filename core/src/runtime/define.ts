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
import type { Fields } from "../action/fields.js";
import { AXN_INTERNALS, handleFor, type ActionInternals } from "../action/internals.js";
import type { CallPolicy } from "../action/call-policy.js";
import type { AnyAxn, Axn, AxnDefinition, CallOptions } from "../action/types.js";
import { checkDeclaration } from "./declaration.js";
import { accessOf, compileAction } from "./compile.js";
import { execute, inputRefusal, precheck, settle } from "./execute.js";
import { enqueueCall } from "./enqueue.js";
import type { EnqueueOptions } from "../action/job.js";
import { throwUnlessOk } from "./settle.js";
import { addToCatalog } from "./catalog.js";
import { buildInputSchema, buildOutputSchema } from "../reflection/json-schema.js";
import type { JsonSchema } from "../schema/json-schema-types.js";
import { deriveToolName } from "../action/tool-name.js";
import { definitionFilesBelow, moduleOriginOf } from "../kernel/origins.js";
import { kernel } from "../kernel/state.js";
import { axnConfig } from "../options/global.js";

/** Reflected schemas are shared by every adapter wrapping the action, so none may mutate them. */
function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Check the declaration, compile it, then build the action value (and catalogue it). */
function build<E extends Fields, X extends Fields>(definition: AxnDefinition<E, X>, factory: boolean): Axn<E, X> {
  const declaration = checkDeclaration(definition, factory);
  const { name, def, expects, exposes, tool, overrides, toolVersion, hints, prefixes } = declaration;
  const compiled = compileAction(declaration);

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
    access: accessOf(declaration),
    definitionFiles: factory ? undefined : definitionFilesBelow(defineAxn),
    execute: (args: unknown, options: CallOptions | undefined, policy: CallPolicy | undefined) =>
      execute(compiled, args, options, policy),
    settle: (args: unknown, options: CallOptions | undefined, policy: CallPolicy | undefined) =>
      settle(compiled, args, options, policy),
    precheck: (args: unknown, options: CallOptions | undefined, policy: CallPolicy | undefined) =>
      precheck(compiled, args, options, policy),
    inputRefusal: (args: unknown, options: CallOptions | undefined) =>
      Promise.resolve(inputRefusal(compiled, args, options, undefined)),
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
      if (key !== undefined && tool.adapterNames[key] !== undefined)
        return deriveToolName(tool.adapterNames[key], { prefixes: [], version: undefined });
      if (tool.name !== undefined) return deriveToolName(tool.name, { prefixes: [], version: undefined });
      const origin = moduleOriginOf(internals)?.qualifiedName;
      return deriveToolName(origin ?? name, { prefixes, version: def.toolVersion });
    },
    toolVersion,
    get inputSchema(): JsonSchema {
      return (inputSchema ??= deepFreeze(
        buildInputSchema(expects, (message) => axnConfig().logger.warn(`axn: ${name}: ${message}`)),
      ));
    },
    get outputSchema(): JsonSchema | undefined {
      if (outputSchema === null) {
        const built = buildOutputSchema(exposes);
        outputSchema = built === undefined ? undefined : deepFreeze(built);
      }
      return outputSchema ?? undefined;
    },
    semanticHints: internals.semanticHints,
    longRunning: def.longRunning ?? def.extends?.longRunning ?? false,
    requires: Object.freeze([...(def.requires ?? def.extends?.requires ?? [])]),
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
