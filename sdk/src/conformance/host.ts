/**
 * Loading the plugin the way an app does: `createHost` with the plugin (after the plugins it
 * requires) in an empty folder, so the host's load checks run — shape, host range, dependencies,
 * `apply`, registrations, settings, freeze, discovery. The package values the checks rely on are set
 * through the same config (`<key>: { rejectOpaqueExposedValues: false, presentAs: "structured" }`,
 * each only when the adapter declares it).
 *
 * Once loaded, every tap on the host's hooks is recorded, so a plugin that taps after load is seen
 * even if it swallows the host's refusal.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCodes, type AxnHost, type HookName } from "@axn/core";
import { activeHost, configurableFor, registeredAdapters, resetHost } from "@axn/core/internal";
import { createHost } from "../host/create-host.js";
import type { PluginEntry } from "../config/define-config.js";
import type { AdapterConformanceDriver } from "./driver.js";
import { broken, show } from "./conventions.js";

/** A tap made after the host finished loading. */
interface LateTap {
  readonly hook: HookName;
  readonly name: string;
  /** What the suite was doing: `"tools()"`, `"wrap(<action>)"`, `"a call to <tool>"`. */
  readonly during: string;
}

export interface LoadedPlugin {
  readonly host: AxnHost;
  /** The adapter declares an overridable `presentAs` / `rejectOpaqueExposedValues`. */
  readonly presentAs: boolean;
  readonly rejectOpaque: boolean;
  readonly lateTaps: LateTap[];
}

/** What the suite is doing in the current async context (for {@link LateTap.during}). */
export const activity = new AsyncLocalStorage<string>();

let folder: string | undefined;
/** An empty project folder: the plugin's default tool roots (if any) find nothing in it. */
function emptyProject(): string {
  if (folder === undefined) {
    folder = mkdtempSync(join(tmpdir(), "axn-conformance-"));
    const created = folder;
    process.once("exit", () => rmSync(created, { recursive: true, force: true }));
  }
  return folder;
}

/** What loading reads of a driver: the plugin, its options, the ones it requires, its adapter key. */
export type LoadableDriver = Pick<AdapterConformanceDriver<unknown>, "plugin" | "options" | "requires" | "key">;

/**
 * `config`: more of the app's config (the served suite's `serve` settings). `ownKey: false` (the
 * served suite): the key may be registered by a plugin the driver requires — a transport plugin may
 * serve another adapter's tools.
 */
export async function loadPlugin(
  driver: LoadableDriver,
  label: string,
  config: Readonly<Record<string, unknown>> = {},
  { ownKey = true }: { readonly ownKey?: boolean } = {},
): Promise<LoadedPlugin> {
  const { key, plugin } = driver;
  const before = configurableFor(key);
  const declared = (name: string): boolean => before?.overridableKeys().includes(name) === true;
  const settings: Record<string, unknown> = {};
  if (declared("rejectOpaqueExposedValues")) settings["rejectOpaqueExposedValues"] = false;
  if (declared("presentAs")) settings["presentAs"] = "structured";
  const entry: PluginEntry = driver.options === undefined ? plugin : [plugin, driver.options];

  // The suite owns the process's host while it runs.
  resetHost();
  let host: AxnHost;
  try {
    ({ host } = await createHost({
      config: {
        ...config,
        plugins: [...(driver.requires ?? []), entry],
        ...(Object.keys(settings).length === 0 ? {} : { [key]: settings }),
      },
      cwd: emptyProject(),
    }));
  } catch (error) {
    throw loadFailure(label, error);
  }

  const registered = registeredAdapters().find((adapter) => adapter.key === key);
  if (registered === undefined || (ownKey && registered.plugin !== plugin.name)) {
    const keys = registeredAdapters().map(
      (adapter) => `"${adapter.key}"${adapter.plugin === undefined ? "" : ` (by ${adapter.plugin})`}`,
    );
    throw broken(
      label,
      "registerAdapter",
      registered === undefined
        ? `after createHost loaded the plugin, no adapter "${key}" is registered (registered: ${keys.join(", ") || "none"})`
        : `adapter "${key}" is registered by ${registered.plugin ?? "no plugin (Tools.registerAdapter)"}, not by "${plugin.name}"`,
    );
  }

  const after = configurableFor(key);
  const loaded: LoadedPlugin = {
    host,
    presentAs: after?.overridableKeys().includes("presentAs") === true,
    rejectOpaque: after?.overridableKeys().includes("rejectOpaqueExposedValues") === true,
    lateTaps: [],
  };
  recordLateTaps(loaded);
  return loaded;
}

/** Whether the host this suite loaded is still the process's host. */
export function stillActive(loaded: LoadedPlugin | undefined): boolean {
  return loaded !== undefined && activeHost() === loaded.host;
}

function loadFailure(label: string, error: unknown): Error {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : show(error);
  if (code === ErrorCodes.PluginHostVersion)
    return broken(label, "hostRange", `the host refused to load the plugin: ${message}`);
  if (code === ErrorCodes.PluginMissingDependency)
    return broken(label, "dependencies", `the host refused to load the plugin: ${message}`);
  return broken(label, "load", `the plugin did not load through createHost: ${message}`);
}

function recordLateTaps(loaded: LoadedPlugin): void {
  for (const [hook, instance] of Object.entries(loaded.host.hooks) as [HookName, object][]) {
    const target = instance as Record<string, unknown>;
    for (const method of ["tap", "tapAsync", "tapPromise"]) {
      const original = target[method];
      if (typeof original !== "function") continue;
      target[method] = function recordedTap(this: unknown, options: unknown, fn: unknown): unknown {
        const name = typeof options === "string" ? options : String((options as { name?: unknown } | null)?.name);
        loaded.lateTaps.push({
          hook,
          name,
          during: activity.getStore() ?? "the plugin, outside any call the suite made,",
        });
        return (original as (options: unknown, fn: unknown) => unknown).call(instance, options, fn);
      };
    }
  }
}
