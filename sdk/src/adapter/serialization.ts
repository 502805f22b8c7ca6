/**
 * Adapter serialization helpers (the `Axn::Tools::AdapterSerialization` port): declare the
 * per-tool `rejectOpaqueExposedValues` setting, and render a result's exposes with that setting
 * resolved against the result's own action — never against the package-wide value alone.
 *
 * @example
 * ```ts
 * export const mcpConfig = declareRejectOpaqueExposedValues(
 *   createConfigurable("axn-plugin-mcp").configNamespace("mcp"),
 *   { default: false },
 * );
 * const body = serializeExposed(mcpConfig, result); // JSON-safe, exactly the declared exposes
 * ```
 */
import { render, type Configurable, type ConfigurableView, type JsonValue, type Result } from "@axn/core";
import { configurableInternals, sourceActionOf } from "@axn/core/internal";

export const REJECT_OPAQUE_SETTING = "rejectOpaqueExposedValues";

type WithRejectOpaque<S extends object> = S & { rejectOpaqueExposedValues: boolean };

/**
 * Declares the overridable `rejectOpaqueExposedValues` setting. `default` is required: the right
 * value is a transport question (an HTTP contract: `true`; an LLM tool: usually `false`).
 */
export function declareRejectOpaqueExposedValues<S extends object, N extends string, O extends string>(
  config: Configurable<S, N, O>,
  options: { readonly default: boolean },
): Configurable<WithRejectOpaque<S>, N, O | typeof REJECT_OPAQUE_SETTING> {
  if (typeof options?.default !== "boolean") {
    throw new TypeError(
      `declareRejectOpaqueExposedValues(${config.owner}): \`default\` is required and must be a boolean`,
    );
  }
  return config.setting(REJECT_OPAQUE_SETTING, {
    default: options.default,
    oneOf: [true, false],
    overridable: true,
    description: "Refuse exposed values that have no rendering their author declared",
  }) as unknown as Configurable<WithRejectOpaque<S>, N, O | typeof REJECT_OPAQUE_SETTING>;
}

/**
 * Renders `result`'s exposes to JSON-safe data, resolving `rejectOpaqueExposedValues` for the
 * action that produced the result. Throws `UnserializableValue` naming the path of a bad value.
 */
export function serializeExposed(config: ConfigurableView, result: Result<object>): { [key: string]: JsonValue } {
  const action = sourceActionOf(result);
  if (action === undefined) throw new TypeError("serializeExposed: the result does not come from an action");
  const rejectOpaque = configurableInternals(config).resolveOverride(action, REJECT_OPAQUE_SETTING) === true;
  return render(result, rejectOpaque ? REJECT_OPAQUE : ACCEPT_OPAQUE) as { [key: string]: JsonValue };
}

// The two ways to render, shared: a tool's every call renders, and needs no options object of its own.
const REJECT_OPAQUE = Object.freeze({ rejectOpaque: true });
const ACCEPT_OPAQUE = Object.freeze({ rejectOpaque: false });
