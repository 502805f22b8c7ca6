/**
 * `defineAdapterPlugin`: the common adapter plugin in one declaration. From the adapter key, its
 * configurable and its `wrap`, it builds the host plugin — registering the key (with the
 * configurable's `toolRoots` as the registry's roots source when it declares that setting), the
 * semantic hints and field-metadata keys the adapter interprets — and the zero-argument `tools()`
 * (`Tools.for(key).map((action) => wrap(action))`). The result is the plugin the package exports
 * by default, carrying `key`, `wrap` and `tools`. `tools({ principal })` wraps only what that
 * caller may call (the actions' access policies), and hands `principal` to `wrap` as well, so an
 * adapter whose tools run for one caller (LangChain's) can bind it.
 *
 * @example
 * ```ts
 * const fncall = defineAdapterPlugin({
 *   name: "axn-plugin-fncall", version: "1.0.0", host: "^0.1.0",
 *   key: "fncall", settings: fncallConfig, wrap: wrapAction,
 * });
 * export default fncall;
 * export const { wrap, tools } = fncall;
 * ```
 */
import {
  Tools,
  type AdapterConfigSource,
  type AnyAxn,
  type AxnHost,
  type AxnPrincipal,
  type ConfigurableView,
} from "@axn/core";
import { configurableInternals } from "@axn/core/internal";
import { definePlugin, type AxnPlugin, type PluginWithoutOptions } from "../plugin.js";

/**
 * What `tools(options?)` applies to every tool: `wrap`'s options, less the per-tool ones, and
 * `principal`: only the tools that caller may call (`null`: an anonymous caller; omit it for every tool).
 */
export type ToolsOptions<O> = Omit<O, "name" | "description" | "principal"> & {
  readonly principal?: AxnPrincipal | null;
};

export interface AdapterPluginDefinition<W, O extends object> {
  /** The npm package name; hooks are tapped under it. */
  readonly name: string;
  readonly version: string;
  /** The semver range of `@axn/core` the plugin supports. */
  readonly host: string;
  readonly dependencies?: readonly string[];
  /** The adapter key (`Tools.for(key)`, `action.toolName(key)`); also the settings' config namespace. */
  readonly key: string;
  /** The adapter's configurable, in config namespace `key`. */
  readonly settings: ConfigurableView;
  /** One action → the transport's native object. Every option must default, so `tools()` needs none. */
  readonly wrap: (action: AnyAxn, options?: O) => W;
  /** `tools()` serves every version of each tool (`Tools.for(key, { allVersions: true })`), not the latest. */
  readonly allVersions?: boolean;
  /** Semantic hints the adapter interprets (`registerSemanticHint`). */
  readonly semanticHints?: readonly string[];
  /** Field-metadata keys the adapter reads (`registerFieldMetadataKey`). */
  readonly fieldMetadataKeys?: readonly string[];
  /** Anything else to register at load, after the registrations above. */
  readonly apply?: (host: AxnHost) => void | Promise<void>;
}

/** An adapter plugin: the host plugin (it takes no options), plus the pair every adapter exposes. */
export interface AdapterPlugin<W, O extends object = {}> extends AxnPlugin {
  readonly key: string;
  /** One action → the transport's native object. The action is not changed. */
  readonly wrap: (action: AnyAxn, options?: O) => W;
  /** Every tool registered for `key`, wrapped; callable with no arguments. */
  readonly tools: (options?: ToolsOptions<O>) => W[];
}

const ALL_VERSIONS = Object.freeze({ allVersions: true });

export function defineAdapterPlugin<W, O extends object = {}>(
  definition: AdapterPluginDefinition<W, O>,
): AdapterPlugin<W, O> {
  const { name, key, settings, wrap } = definition;
  const where = `defineAdapterPlugin(${String(name)})`;
  if (typeof key !== "string" || key === "") throw new TypeError(`${where}: \`key\` must be a non-empty string`);
  if (typeof wrap !== "function")
    throw new TypeError(`${where}: \`wrap\` must be a function (action, options?) => tool`);
  if (settings?.namespace !== key) {
    // Per-action bags are keyed by namespace: a different name would leave them unread.
    throw new TypeError(
      `${where}: the settings' config namespace is ${JSON.stringify(settings?.namespace)}, not the adapter key ${JSON.stringify(key)}; ` +
        `call configNamespace(${JSON.stringify(key)}) on them`,
    );
  }
  const roots: AdapterConfigSource | undefined = settings.settingKeys().includes("toolRoots")
    ? { toolRoots: () => configurableInternals(settings).read("toolRoots") as readonly string[] }
    : undefined;
  const hints = [...(definition.semanticHints ?? [])];
  const metadataKeys = [...(definition.fieldMetadataKeys ?? [])];
  const projection = definition.allVersions === true ? ALL_VERSIONS : undefined;
  const extra = definition.apply;

  // A rest parameter, so `tools.length` is 0: nothing about it suggests an argument is needed.
  const tools = (...[options]: [options?: ToolsOptions<O>]): W[] => {
    const members =
      options !== undefined && "principal" in options
        ? Tools.for(key, { ...projection, principal: options.principal ?? null })
        : Tools.for(key, projection);
    return members.map((action) => wrap(action, options as O | undefined));
  };
  const plugin: PluginWithoutOptions & Pick<AdapterPlugin<W, O>, "key" | "wrap" | "tools"> = {
    name,
    version: definition.version,
    host: definition.host,
    ...(definition.dependencies === undefined ? {} : { dependencies: definition.dependencies }),
    key,
    wrap,
    tools,
    apply(host) {
      host.hooks.registerAdapter.tap(name, (adapters) =>
        roots === undefined ? adapters.add(key) : adapters.add(key, roots),
      );
      if (hints.length > 0) host.hooks.registerSemanticHint.tap(name, (registrar) => registrar.add(...hints));
      if (metadataKeys.length > 0)
        host.hooks.registerFieldMetadataKey.tap(name, (registrar) => registrar.add(...metadataKeys));
      return extra?.(host);
    },
  };
  return definePlugin(plugin) as AdapterPlugin<W, O>;
}
