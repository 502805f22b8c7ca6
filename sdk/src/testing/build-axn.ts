/**
 * `buildAxn`: `defineAxn` for specs. A spec writes only what it is testing; the action gets a
 * process-unique name, so actions that specs define (and the catalog accumulates across files)
 * never collide on a tool name.
 *
 * @example
 * ```ts
 * const Echo = buildAxn({ expects: { text: z.string() }, exposes: { text: z.string() }, call: ({ text }) => ({ text }) });
 * (await Echo.call({ text: "hi" })).text; // "hi"
 * ```
 */
import { defineAxn, type Axn, type AxnDefinition, type Fields } from "@axn/core";

/** A definition whose `name` may be left out. */
export type BuildAxnDefinition<E extends Fields, X extends Fields> = Omit<AxnDefinition<E, X>, "name"> & {
  /** Default: a generated `Spec.BuiltAxn<n>`, unique in the process. */
  readonly name?: string;
};

/** The prefix of generated names (tool name `spec_built_axn<n>`). */
export const BUILT_AXN_PREFIX = "Spec.BuiltAxn";

// A counter, not per-call data: it only has to differ between definitions in one process.
let built = 0;

/** The next generated action name. */
export function uniqueAxnName(base: string = BUILT_AXN_PREFIX): string {
  built += 1;
  return `${base}${built}`;
}

export function buildAxn<E extends Fields = {}, X extends Fields = {}>(
  definition: BuildAxnDefinition<E, X>,
): Axn<E, X> {
  return defineAxn<E, X>({ ...definition, name: definition.name ?? uniqueAxnName() } as AxnDefinition<E, X>);
}
