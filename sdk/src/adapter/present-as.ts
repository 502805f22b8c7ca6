/**
 * The `presentAs` setting, for adapters whose transport can answer a success either way: the
 * rendered exposes (`"structured"`) or the action's human `message` (`"message"`). Declared
 * overridable, so an action's `configure: { <key>: { presentAs: "message" } }` wins over the
 * package value; resolve it with `config.resolveOverrideFor(action, "presentAs")`, never `get`.
 *
 * @example
 * ```ts
 * export const fncallConfig = declarePresentAs(createConfigurable("axn-plugin-fncall").configNamespace("fncall"));
 * const presentAs = options.presentAs ?? fncallConfig.resolveOverrideFor(action, "presentAs");
 * ```
 */
import type { Configurable } from "@axn/core";

export const PRESENT_AS_SETTING = "presentAs";

/** How a successful result is presented. */
export type PresentAs = "structured" | "message";

export const PRESENT_AS_VALUES: readonly PresentAs[] = Object.freeze(["structured", "message"]);

type WithPresentAs<S extends object> = S & { presentAs: PresentAs };

/** Declares the overridable `presentAs` setting (default `"structured"`). */
export function declarePresentAs<S extends object, N extends string, O extends string>(
  config: Configurable<S, N, O>,
  options: { readonly default?: PresentAs } = {},
): Configurable<WithPresentAs<S>, N, O | typeof PRESENT_AS_SETTING> {
  const fallback = options.default ?? "structured";
  if (!PRESENT_AS_VALUES.includes(fallback)) {
    throw new TypeError(
      `declarePresentAs(${config.owner}): \`default\` must be "structured" or "message", got ${JSON.stringify(fallback)}`,
    );
  }
  return config.setting(PRESENT_AS_SETTING, {
    default: fallback,
    oneOf: PRESENT_AS_VALUES,
    overridable: true,
    description: 'What a success answers: the rendered exposes ("structured") or the action\'s message ("message")',
  }) as unknown as Configurable<WithPresentAs<S>, N, O | typeof PRESENT_AS_SETTING>;
}

/** Refuses a `presentAs` value (a `wrap` option, say) that is neither `"structured"` nor `"message"`. */
export function assertPresentAs(
  value: unknown,
  action: { readonly name: string },
  caller: string,
): asserts value is PresentAs {
  if (!PRESENT_AS_VALUES.includes(value as PresentAs)) {
    throw new TypeError(
      `${caller}(${action.name}): presentAs must be "structured" or "message", got ${JSON.stringify(value)}`,
    );
  }
}
