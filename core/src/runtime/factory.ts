/**
 * `Factory.build`: an inline action from a body function, for one-off tools an adapter wraps
 * directly. Factory-built actions are never discovered by `Tools.for`: the code that builds one
 * holds the reference and wraps it.
 *
 * @example
 * ```ts
 * const Search = Factory.build(
 *   { name: "search", description: "Search for items", expects: { query: z.string() },
 *     exposes: { results: z.array(z.string()) }, exposeReturnAs: "results" },
 *   ({ query }) => items.filter((i) => i.includes(query)),
 * );
 * ```
 */
import type { BodyInput, ExposeInput, Fields } from "../action/fields.js";
import type { ActionContext, Axn, AxnDefinition } from "../action/types.js";
import { buildFactoryAction } from "./define.js";

export interface FactoryOptions<E extends Fields, X extends Fields, K extends keyof X & string>
  extends Omit<AxnDefinition<E, X>, "call" | "name"> {
  /** Default: `"AnonymousAxn"`. */
  readonly name?: string;
  /** Expose the body's return value under this declared key. */
  readonly exposeReturnAs?: K;
}

export const Factory = {
  build<E extends Fields = {}, X extends Fields = {}, K extends keyof X & string = never>(
    options: FactoryOptions<E, X, K>,
    body: (input: BodyInput<E>, ctx: ActionContext<X>) => unknown,
  ): Axn<E, X> {
    const { exposeReturnAs, name, ...rest } = options;
    if (exposeReturnAs !== undefined && (options.exposes === undefined || !(exposeReturnAs in options.exposes))) {
      throw new TypeError(
        `Factory.build(${name ?? "AnonymousAxn"}): exposeReturnAs "${exposeReturnAs}" is not a declared exposes field`,
      );
    }
    return buildFactoryAction<E, X>({
      ...rest,
      name: name ?? "AnonymousAxn",
      call: async (input, ctx) => {
        const value = await body(input, ctx);
        if (exposeReturnAs !== undefined) return { [exposeReturnAs]: value } as ExposeInput<X>;
        return value as ExposeInput<X> | void;
      },
    });
  },
};
