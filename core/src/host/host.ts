/**
 * The host kernel: one per process. It owns the hooks, runs the load phase (plugins tap hooks,
 * then the registration hooks run once) and then freezes into the run phase, after which the
 * adapter list, the extension registry and every package's setting list are final.
 *
 * Adapters a plugin registers land in the kernel's one adapter list (the tool registry's
 * `putAdapter`), the same list `Tools.registerAdapter` writes and `Tools.for` reads.
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
import { addFieldMetadataKeys, addSemanticHints, freezeExtensions } from "../extensions/registry.js";
import { sealConfigurables } from "../config/namespaces.js";
import { kernel, resetHostState } from "../kernel/state.js";
import { ADAPTER_KEY, putAdapter, registeredAdapters, type RegisteredAdapter } from "../tools/registry.js";
import { installLoadPhaseSink, installRunPhaseSink } from "./observers.js";
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

export { registeredAdapters, type RegisteredAdapter };

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
    installRunPhaseSink(this.hooks.onResult, this.hooks.onAccessDenied);
  }
}

/**
 * Starts the process's host. Only one may be active: the registries it fills are process-wide,
 * so a second host would see (and fight over) the first one's registrations.
 */
export function createKernelHost(): AxnHost {
  if (kernel.host !== undefined) {
    throw new AxnError(
      ErrorCodes.HostActive,
      "An axn host is already active in this process; an app loads exactly one host (in tests, call resetKernel() from @axn/sdk/testing between hosts)",
    );
  }
  const host = new HostImpl();
  kernel.host = host;
  installLoadPhaseSink(host.hooks.onResult, host.hooks.onAccessDenied);
  return host;
}

/** The active host, if one was started. */
export function activeHost(): AxnHost | undefined {
  // The kernel holds the host as a `KernelHost`; every host in it was made by `createKernelHost`.
  return kernel.host as AxnHost | undefined;
}

/** "Discovery complete": a host finished loading, so every adapter and hint is registered. */
export function hostLoaded(): boolean {
  return kernel.host?.phase === "run";
}

/**
 * Rolls a load back: forgets the host, its adapters, plugin hints and metadata keys and the tool
 * registry's grants, and reopens every package's settings with their defaults — what `createHost`
 * does when a load fails, so the app can fix its config and load again. Defined actions and the
 * global options stay; a spec resets everything with `resetKernel` (`@axn/sdk/testing`).
 */
export function resetHost(): void {
  resetHostState();
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
  putAdapter(key, configSource, plugin);
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
