/**
 * The host kernel: one per process. It owns the hooks, runs the load phase (plugins tap hooks,
 * then the registration hooks run once) and then freezes into the run phase, after which the
 * adapter list, the extension registry and every package's setting list are final.
 *
 * Adapters: the host keeps the list of registered adapters itself (`registeredAdapters()`), and
 * also forwards each registration to an injectable sink (`setAdapterSink`) so the tool registry
 * can plug in without core/host importing it. A sink set late is replayed what was registered.
 *
 * @example
 * ```ts
 * const host = createKernelHost();
 * plugin.apply(host, options);       // taps host.hooks.*
 * host.runRegistrations();
 * host.freeze();                     // hostLoaded() === true from here on
 * ```
 */
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { addFieldMetadataKeys, addSemanticHints, freezeExtensions, resetExtensions } from "../extensions/registry.js";
import { resetConfigurables, sealConfigurables } from "../config/configurable.js";
import {
  createHostHooks,
  FOR_PLUGIN,
  type AdapterConfigSource,
  type AdapterRegistrar,
  type HintRegistrar,
  type HostHooks,
  type MetadataKeyRegistrar,
  type PluginScoped,
} from "./hooks.js";

export type HostPhase = "load" | "run";

export interface AxnHost {
  /** Frozen record of typed tapable hooks. */
  readonly hooks: HostHooks;
  /** `"load"` until `freeze()`, then `"run"`. */
  readonly phase: HostPhase;
  /** Calls the registration hooks (once; later calls do nothing). */
  runRegistrations(): void;
  /**
   * Ends the load phase: runs the registrations if not yet run, seals every package's settings
   * (unknown per-action keys become errors), freezes the extension registry and refuses new taps.
   */
  freeze(): void;
}

export interface RegisteredAdapter {
  readonly key: string;
  readonly configSource: AdapterConfigSource | undefined;
  /** The plugin whose tap registered it. */
  readonly plugin: string | undefined;
}

/** Receives every adapter registration (the tool registry's `registerAdapter`). */
export type AdapterSink = (key: string, configSource?: AdapterConfigSource) => void;

/** Adapter keys are identifiers (`mcp`, `langchain`): they key config namespaces and settings bags. */
export const ADAPTER_KEY = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Process-wide state lives on `globalThis` under a `Symbol.for` key, so duplicate copies of
 * @axn/core in one process (a plugin's nested install, a test runner loading both the CJS and ESM
 * builds) share one registry instead of silently splitting it — the same reasoning as the error brand.
 */
interface HostState {
  active: AxnHost | undefined;
  readonly adapters: Map<string, RegisteredAdapter>;
  sink: AdapterSink | undefined;
  readonly resetListeners: Set<() => void>;
}
const STATE_KEY = Symbol.for("axn.v1.host");
const state = ((globalThis as { [STATE_KEY]?: HostState })[STATE_KEY] ??= {
  active: undefined,
  adapters: new Map(),
  sink: undefined,
  resetListeners: new Set(),
});
const { adapters, resetListeners } = state;

class HostImpl implements AxnHost {
  readonly hooks: HostHooks;
  #phase: HostPhase = "load";
  #registered = false;

  constructor() {
    this.hooks = createHostHooks(() => this.#phase === "run");
  }

  get phase(): HostPhase {
    return this.#phase;
  }

  runRegistrations(): void {
    if (this.#registered) return;
    this.#registered = true;
    this.hooks.registerAdapter.call(adapterRegistrar(undefined));
    this.hooks.registerSemanticHint.call(hintRegistrar(undefined));
    this.hooks.registerFieldMetadataKey.call(metadataKeyRegistrar(undefined));
  }

  freeze(): void {
    if (this.#phase === "run") return;
    this.runRegistrations();
    sealConfigurables();
    freezeExtensions();
    this.#phase = "run";
  }
}

/**
 * Starts the process's host. Only one may be active: the registries it fills are process-wide,
 * so a second host would see (and fight over) the first one's registrations.
 */
export function createKernelHost(): AxnHost {
  if (state.active !== undefined) {
    throw new AxnError(
      ErrorCodes.HostActive,
      "An axn host is already active in this process; an app loads exactly one host (in tests, call resetHost() between hosts)",
    );
  }
  const host = new HostImpl();
  state.active = host;
  return host;
}

/** The active host, if one was started. */
export function activeHost(): AxnHost | undefined {
  return state.active;
}

/** "Discovery complete": a host finished loading, so every adapter and hint is registered. */
export function hostLoaded(): boolean {
  return state.active?.phase === "run";
}

/** Every adapter registered so far, in registration order. */
export function registeredAdapters(): readonly RegisteredAdapter[] {
  return [...adapters.values()];
}

/** Plugs the tool registry in; replays adapters already registered. `undefined` unplugs. */
export function setAdapterSink(next: AdapterSink | undefined): void {
  state.sink = next;
  if (next !== undefined) for (const adapter of adapters.values()) forward(next, adapter);
}

/** Called after `resetHost()` (the tool registry forgets its adapters). Returns an unsubscribe. */
export function onHostReset(listener: () => void): () => void {
  resetListeners.add(listener);
  return () => resetListeners.delete(listener);
}

/**
 * Test support: forget the host, its adapters, plugin hints and metadata keys, and reopen every
 * package's settings with their defaults, so the next spec can load a host from scratch.
 */
export function resetHost(): void {
  state.active = undefined;
  adapters.clear();
  resetExtensions();
  resetConfigurables();
  for (const listener of resetListeners) listener();
}

function frozenError(what: string): AxnError {
  return new AxnError(
    ErrorCodes.RegistryFrozen,
    `Cannot register ${what} after the host finished loading; register it from a plugin's apply()`,
  );
}

function registerAdapter(key: string, configSource: AdapterConfigSource | undefined, plugin: string | undefined): void {
  if (typeof key !== "string" || !ADAPTER_KEY.test(key)) {
    throw new AxnError(
      ErrorCodes.InvalidRegistryName,
      `Cannot register adapter ${JSON.stringify(key)}: expected an identifier such as "mcp"`,
    );
  }
  if (hostLoaded()) throw frozenError(`adapter "${key}"`);
  const previous = adapters.get(key);
  // Re-registering without a source must not wipe one already supplied (the seed's rule).
  const entry: RegisteredAdapter = {
    key,
    configSource: configSource ?? previous?.configSource,
    plugin: previous?.plugin ?? plugin,
  };
  adapters.set(key, entry);
  if (state.sink !== undefined) forward(state.sink, { key, configSource, plugin });
}

function forward(target: AdapterSink, adapter: RegisteredAdapter): void {
  if (adapter.configSource === undefined) target(adapter.key);
  else target(adapter.key, adapter.configSource);
}

function adapterRegistrar(plugin: string | undefined): AdapterRegistrar & PluginScoped<AdapterRegistrar> {
  return {
    add: (key, configSource) => registerAdapter(key, configSource, plugin),
    [FOR_PLUGIN]: (name) => adapterRegistrar(name),
  };
}

function hintRegistrar(plugin: string | undefined): HintRegistrar & PluginScoped<HintRegistrar> {
  return {
    add: (...hints) => addSemanticHints(hints, plugin),
    [FOR_PLUGIN]: (name) => hintRegistrar(name),
  };
}

function metadataKeyRegistrar(plugin: string | undefined): MetadataKeyRegistrar & PluginScoped<MetadataKeyRegistrar> {
  return {
    add: (...keys) => addFieldMetadataKeys(keys, plugin),
    [FOR_PLUGIN]: (name) => metadataKeyRegistrar(name),
  };
}
