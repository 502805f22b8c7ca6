/**
 * Loads a transport plugin for a scenario without a compile-time dependency on its API: the
 * plugins are built alongside this suite, so a plugin that is missing or does not (yet) export what
 * a scenario needs makes that scenario report "skipped: plugin not built" instead of failing the run.
 */
import type { AxnHost } from "@axn/core";
import { createKernelHost, resetHost } from "@axn/core/internal";

export interface PluginLike {
  readonly name?: string;
  apply(host: AxnHost, options: Record<string, unknown>): void;
}

export type Loaded =
  | { readonly ok: true; readonly module: Record<string, unknown>; readonly plugin: PluginLike }
  | { readonly ok: false; readonly reason: string };

const NOT_BUILT = "skipped: plugin not built";

function isPlugin(value: unknown): value is PluginLike {
  return typeof value === "object" && value !== null && typeof (value as { apply?: unknown }).apply === "function";
}

/** Imports `specifier` and checks that it exports a plugin and every named export in `needs`. */
export async function loadPlugin(specifier: string, needs: readonly string[]): Promise<Loaded> {
  let module: Record<string, unknown>;
  try {
    // A variable specifier keeps tsc from type-checking against an API still being written.
    const name: string = specifier;
    module = (await import(name)) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, reason: `${NOT_BUILT} (${specifier}: ${(error as Error).message.split("\n")[0]})` };
  }
  if (!isPlugin(module["default"]))
    return { ok: false, reason: `${NOT_BUILT} (${specifier} has no default plugin export)` };
  const missing = needs.filter((name) => module[name] === undefined);
  if (missing.length > 0)
    return { ok: false, reason: `${NOT_BUILT} (${specifier} does not export ${missing.join(", ")})` };
  return { ok: true, module, plugin: module["default"] };
}

/** A fresh host with `plugins` applied and frozen — the app's load phase, minus config-file reading. */
export function bootHost(plugins: readonly PluginLike[]): AxnHost {
  resetHost();
  const host = createKernelHost();
  for (const plugin of plugins) plugin.apply(host, {});
  host.freeze();
  return host;
}

/** Reads a nested export (`McpAdapter.wrap`) as a function, or undefined. */
export function fn<T extends (...args: never[]) => unknown>(value: unknown, path: readonly string[]): T | undefined {
  let current: unknown = value;
  for (const key of path) {
    if (typeof current !== "object" && typeof current !== "function") return undefined;
    if (current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return typeof current === "function" ? (current as T) : undefined;
}
