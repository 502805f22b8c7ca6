/**
 * The host's hooks: typed `tapable` hooks plugins tap from `apply(host)`. Three load-phase hooks
 * collect registrations (adapters, semantic hints, field-metadata keys); `registerTransport`
 * collects what a server can serve; `onResult` lets observers see every finished call, and
 * `onAccessDenied` every call the access policy refused (an audit trail: a refusal is never
 * silently dropped). One
 * `register` interceptor wraps every tap, so whatever a tap throws arrives as a `HookError` naming
 * the plugin (the tap name) and the hook, and a throwing observer — or an async one whose promise
 * rejects — is reported instead of breaking the call it observes or the process.
 *
 * Ordering is tapable's: taps run in registration order, a lower `stage` runs earlier (see
 * {@link HookStage}), and `before: "other-plugin"` runs ahead of that plugin's tap.
 *
 * @example
 * ```ts
 * apply(host) {
 *   host.hooks.registerAdapter.tap("axn-plugin-mcp", (adapters) => adapters.add("mcp", mcpConfig));
 *   host.hooks.onResult.tap({ name: "axn-plugin-audit", stage: HookStage.Late }, ({ result, action }) => log(action.name, result.ok));
 * }
 * ```
 */
import { SyncHook } from "tapable";
import { AxnError } from "../errors/axn-error.js";
import { ErrorCodes } from "../errors/codes.js";
import { brandErrorClass } from "../errors/brand.js";
import { errorMessage } from "../errors/message.js";
import { reportException } from "../options/global.js";
import type { Result } from "../action/result.js";
import type { AnyAxn } from "../action/types.js";
import type { AccessDenialReason } from "../action/access.js";
import type { AxnPrincipal } from "../action/principal.js";
import type { AccessDeniedError } from "../access/access-denied.js";
import type { TransportRegistrar } from "./transports.js";

/**
 * Where the tool registry reads an adapter's tool roots from (structurally the registry's
 * `ToolRootsSource`, restated so the host does not import the registry).
 */
export interface AdapterConfigSource {
  toolRoots(): readonly string[];
}

/** Handed to `registerAdapter` taps. */
export interface AdapterRegistrar {
  /**
   * Registers adapter `key`; pass the adapter's configurable when it offers directory discovery
   * (`toolRoots`). Registering again without a source keeps the source already given.
   */
  add(key: string, configSource?: AdapterConfigSource): void;
}

/** Handed to `registerSemanticHint` taps. */
export interface HintRegistrar {
  add(...hints: string[]): void;
}

/** Handed to `registerFieldMetadataKey` taps; core-owned field option names are refused. */
export interface MetadataKeyRegistrar {
  add(...keys: string[]): void;
}

/** What `onResult` observers receive after every call. */
export interface ResultInfo {
  readonly result: Result<Record<string, unknown>>;
  readonly action: AnyAxn;
  readonly durationMs: number;
}

interface AccessDeniedCommon {
  /** The name the caller used: the tool name, or the resource's / prompt's name as its refusal says it. */
  readonly tool: string;
  /** `"unauthenticated"`: no principal; `"forbidden"`: a principal the policy does not admit. */
  readonly reason: AccessDenialReason;
  /** The caller, for a forbidden call. */
  readonly principal: AxnPrincipal | undefined;
  /** The refusal's sentence (for a tool call, what the caller was told: `result.error`). */
  readonly message: string;
  readonly error: AccessDeniedError;
}

/** A tool call the Invoker refused before its body ran. */
export interface CallAccessDeniedInfo extends AccessDeniedCommon {
  readonly kind: "tool";
  readonly action: AnyAxn;
  readonly result: Result<Record<string, unknown>>;
}

/**
 * A use of something else a transport serves under an access policy — an MCP resource read or
 * subscription, a prompt, a completion for either — refused by the transport (`reportAccessDenied`).
 * No action ran, so there is no action and no result.
 */
export interface SurfaceAccessDeniedInfo extends AccessDeniedCommon {
  readonly kind: "resource" | "prompt";
  readonly action: undefined;
  readonly result: undefined;
}

/** What `onAccessDenied` observers receive for every refusal: a tool call, or a resource or prompt (`kind` tells). */
export type AccessDeniedInfo = CallAccessDeniedInfo | SurfaceAccessDeniedInfo;

export interface HostHooks {
  readonly registerAdapter: SyncHook<[AdapterRegistrar]>;
  readonly registerSemanticHint: SyncHook<[HintRegistrar]>;
  readonly registerFieldMetadataKey: SyncHook<[MetadataKeyRegistrar]>;
  /**
   * Called by whoever serves the tools (the `axn serve` CLI), not by the host: once the host has
   * finished loading, so a tap may read its plugin's final settings (the HTTP API's `basePath`).
   * It may be called more than once; a tap only describes its transports.
   */
  readonly registerTransport: SyncHook<[TransportRegistrar]>;
  readonly onResult: SyncHook<[ResultInfo]>;
  /** Every refused call (after `onResult` saw its result): for audit logs and alerting. */
  readonly onAccessDenied: SyncHook<[AccessDeniedInfo]>;
}

export type HookName = keyof HostHooks;

/** Named stages for `tap({ name, stage })`: lower runs first; taps without a stage run at `Default`. */
export const HookStage = {
  Early: -100,
  Default: 0,
  Late: 100,
} as const;

/** A tap threw. `plugin` is the tap's name, `hook` the hook's; `cause` is what it threw. */
export class HookError extends AxnError {
  declare readonly code: typeof ErrorCodes.HookFailed;
  readonly plugin: string;
  readonly hook: HookName;

  constructor(plugin: string, hook: HookName, cause: unknown) {
    super(ErrorCodes.HookFailed, `Plugin "${plugin}" failed in hook ${hook}: ${errorMessage(cause)}`, { cause });
    this.plugin = plugin;
    this.hook = hook;
  }
}
brandErrorClass(HookError, "HookError");

/**
 * Registrars implement this so each tap receives a registrar bound to its own plugin name; the
 * registries then record which plugin owns what (for messages and the CLI).
 */
export const FOR_PLUGIN: unique symbol = Symbol.for("axn.host.registrarForPlugin") as never;
export interface PluginScoped<T> {
  [FOR_PLUGIN](plugin: string): T;
}

/**
 * Builds the frozen hooks record. `isFrozen` is asked on every tap: once the host finished loading
 * a new tap is refused, because tapable recompiles a hook's dispatcher on each tap and the
 * registries the load hooks fill are already frozen.
 */
export function createHostHooks(isFrozen: () => boolean): HostHooks {
  const hooks: HostHooks = {
    registerAdapter: new SyncHook<[AdapterRegistrar]>(["registrar"], "registerAdapter"),
    registerSemanticHint: new SyncHook<[HintRegistrar]>(["registrar"], "registerSemanticHint"),
    registerFieldMetadataKey: new SyncHook<[MetadataKeyRegistrar]>(["registrar"], "registerFieldMetadataKey"),
    registerTransport: new SyncHook<[TransportRegistrar]>(["registrar"], "registerTransport"),
    onResult: new SyncHook<[ResultInfo]>(["info"], "onResult"),
    onAccessDenied: new SyncHook<[AccessDeniedInfo]>(["info"], "onAccessDenied"),
  };
  for (const name of Object.keys(hooks) as HookName[]) {
    hooks[name].intercept({
      name: "axn-attribution",
      register: (tap) => {
        if (isFrozen()) {
          throw new AxnError(
            ErrorCodes.RegistryFrozen,
            `Cannot tap hook ${name} as "${tap.name}" after the host finished loading; tap it from a plugin's apply()`,
          );
        }
        const fn = tap.fn as (arg: unknown) => unknown;
        const wrapped =
          name === "onResult" || name === "onAccessDenied"
            ? observerTap(name, tap.name, fn)
            : loadTap(name, tap.name, fn);
        return { ...tap, fn: wrapped };
      },
    });
  }
  return Object.freeze(hooks);
}

function loadTap(hook: HookName, plugin: string, fn: (arg: unknown) => unknown): (arg: unknown) => void {
  return (arg) => {
    try {
      fn(scoped(arg, plugin));
    } catch (error) {
      throw new HookError(plugin, hook, error);
    }
  };
}

/**
 * An observer must never change the result or stop the observers after it: report and go on. An
 * async observer's rejection is reported the same way — left alone it would be an unhandled
 * rejection, which ends a Node process after the call it observed has already settled.
 */
function observerTap(
  hook: "onResult" | "onAccessDenied",
  plugin: string,
  fn: (arg: unknown) => unknown,
): (arg: unknown) => void {
  return (arg) => {
    const report = (error: unknown): void => {
      const action = (arg as Partial<ResultInfo>).action?.name ?? "unknown action";
      reportException(new HookError(plugin, hook, error), { action, phase: hook });
    };
    try {
      const returned = fn(arg);
      // A tap typed `=> void` may still be an async function; only its rejection matters here.
      if (
        typeof returned === "object" &&
        returned !== null &&
        typeof (returned as PromiseLike<unknown>).then === "function"
      ) {
        (returned as PromiseLike<unknown>).then(undefined, report);
      }
    } catch (error) {
      report(error);
    }
  };
}

function scoped(arg: unknown, plugin: string): unknown {
  if (typeof arg === "object" && arg !== null && FOR_PLUGIN in arg) {
    return (arg as PluginScoped<unknown>)[FOR_PLUGIN](plugin);
  }
  return arg;
}
